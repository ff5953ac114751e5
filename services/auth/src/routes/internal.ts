// /internal: what the platform's other services ask auth for on its own port; the gateway routes
// only /v1, so no learner's browser reaches these.
import { revocationsPath, revocationsSince } from '@learning/kit/auth';
import { readCursor, requireInternalCaller } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router } from 'express';
import type { AuthTables } from '../tables.js';

export function internalRoutes(context: ServiceContext<AuthTables>, internalToken: string | undefined): Router {
  const router = Router();

  // The other services' kit, every few seconds: the revocations recorded since its last answer.
  router.get(revocationsPath, requireInternalCaller(internalToken), async (req, res) => {
    res.set('cache-control', 'no-store').json(await revocationsSince(context.db, readCursor(req.query)));
  });

  return router;
}
