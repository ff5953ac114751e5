// /internal: what the platform's other services ask auth for on its own port; the gateway routes
// only /v1, so no learner's browser reaches these.
import { revocationsPath, revocationsSince } from '@learning/kit/auth';
import { badRequest, requireInternalCaller } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router } from 'express';
import { z } from 'zod';
import type { AuthTables } from '../tables.js';

const revocationsQuery = z.object({ after: z.iso.datetime().optional() });

export function internalRoutes(context: ServiceContext<AuthTables>, internalToken: string | undefined): Router {
  const router = Router();

  // The other services' kit, every few seconds: the revocations recorded since its last answer.
  router.get(revocationsPath, requireInternalCaller(internalToken), async (req, res) => {
    const query = revocationsQuery.safeParse(req.query);
    if (!query.success) throw badRequest('`after` нь өмнөх хариултын cursor байх ёстой.', 'cursor_invalid');
    const after = query.data.after === undefined ? undefined : new Date(query.data.after);
    res.set('cache-control', 'no-store').json(await revocationsSince(context.db, after));
  });

  return router;
}
