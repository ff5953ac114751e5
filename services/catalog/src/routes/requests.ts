// /v1/lesson-requests and /v1/monsterplan-requests: one family of calls for each kind of request.
import { catalog, pageQuery } from '@learning/contracts';
import { requireAdmin, requireUser } from '@learning/kit/auth';
import { parseInput } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router } from 'express';
import type { KeptLists } from '../list-cache.js';
import { findRequest, listRequests } from '../request-views.js';
import { approveRequest, cancelRequest, createRequest, type RequestKind } from '../requests.js';
import { requestRevision } from '../revisions.js';
import type { CatalogTables } from '../tables.js';

export const lessonRequestRoutes = (context: ServiceContext<CatalogTables>, lists: KeptLists) =>
  requestRoutes(context, lists, 'lesson', '/v1/lesson-requests', (body) => parseInput(catalog.lessonRequestBody, body).lesson);

export const monsterplanRequestRoutes = (context: ServiceContext<CatalogTables>, lists: KeptLists) =>
  requestRoutes(context, lists, 'monsterplan', '/v1/monsterplan-requests', (body) => parseInput(catalog.monsterplanRequestBody, body).monsterplan);

function requestRoutes(
  context: ServiceContext<CatalogTables>,
  lists: KeptLists,
  kind: RequestKind,
  path: string,
  bundleIdOf: (body: unknown) => string,
): Router {
  const { db } = context;
  const router = Router();

  // Administrator: newest first, `perPage` and `currentPage`. A page shows the requests, the
  // learners' emails and the bundles' names: kept while the kind's and the catalog's revisions hold.
  router.get(path, requireAdmin, async (req, res) => {
    const page = parseInput(pageQuery, req.query);
    const list = `${kind}-requests:${page.perPage}:${page.currentPage}`;
    await lists.send(req, res, list, requestRevision(kind), () => listRequests(db, kind, page));
  });

  // Administrator: the count of pending requests (the badge's "N new request"). Before `/:id`.
  router.get(`${path}/total-new-requests`, requireAdmin, async (_req, res) => {
    res.json({ count: (await lists.revisions()).requests[kind].pending });
  });

  // A signed-in learner asks for a bundle or plan ({lesson} or {monsterplan}).
  router.post(path, requireUser, async (req, res) => {
    const request = await createRequest(db, kind, req.principal!.id, bundleIdOf(req.body));
    res.status(201).json(request);
  });

  // Administrator.
  router.get(`${path}/:id`, requireAdmin, async (req, res) => {
    res.json(await findRequest(db, kind, req.params.id as string));
  });

  // Administrator: approve. The spec's client sends {id, user, lesson, videos, isApproved: true}; none
  // of it is trusted: the request is the path's, and the grant is the bundle's current videos.
  router.put(`${path}/:id`, requireAdmin, async (req, res) => {
    const request = await approveRequest(db, kind, req.params.id as string);
    res.json(request);
  });

  // Administrator: cancel a pending request, which removes it.
  router.delete(`${path}/:id`, requireAdmin, async (req, res) => {
    await cancelRequest(db, kind, req.params.id as string);
    res.status(204).end();
  });

  return router;
}
