// /internal: what the platform's other services ask the catalog for on its own port; the gateway
// routes only /v1, so no learner's browser reaches these.
import { catalog } from '@learning/contracts';
import { readCursor, requireInternalCaller } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router } from 'express';
import { accessesChangedSince } from '../access.js';
import type { CatalogTables } from '../tables.js';

export function internalRoutes(context: ServiceContext<CatalogTables>, internalToken: string | undefined): Router {
  const router = Router();

  // The exam, every few seconds: the learners' accesses changed since its last answer.
  router.get(catalog.accessesPath, requireInternalCaller(internalToken), async (req, res) => {
    res.set('cache-control', 'no-store').json(await accessesChangedSince(context.db, readCursor(req.query)));
  });

  return router;
}
