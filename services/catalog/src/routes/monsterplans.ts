// /v1/monsterplans: Monster plans and playing their videos. The exam and read-aloud paths under
// /v1/monsterplans belong to other services; the gateway routes them there.
import { catalog } from '@learning/contracts';
import { requireAdmin, requireUser } from '@learning/kit/auth';
import { parseInput } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router } from 'express';
import type { KeptLists } from '../list-cache.js';
import type { MediaSigner } from '../media-urls.js';
import { createMonsterplan, deleteMonsterplan, findMonsterplan, listMonsterplans, playMonsterplanVideo, updateMonsterplan } from '../monsterplans.js';
import { revokeAccess } from '../requests.js';
import { catalogRevision } from '../revisions.js';
import type { CatalogTables } from '../tables.js';

export function monsterplanRoutes(context: ServiceContext<CatalogTables>, signer: MediaSigner, lists: KeptLists): Router {
  const { db } = context;
  const router = Router();

  // Anyone: every visitor loads it, so it is kept while the catalog's revision holds.
  router.get('/v1/monsterplans', async (req, res) => {
    await lists.send(req, res, 'monsterplans', catalogRevision, () => listMonsterplans(db));
  });

  // Administrator.
  router.post('/v1/monsterplans', requireAdmin, async (req, res) => {
    const plan = await createMonsterplan(db, parseInput(catalog.monsterplanBody, req.body));
    res.status(201).json(plan);
  });

  // Anyone.
  router.get('/v1/monsterplans/:id', async (req, res) => {
    res.json(await findMonsterplan(db, req.params.id as string));
  });

  // Administrator. The body's `id`, if any, is ignored: the path names the plan.
  router.put('/v1/monsterplans/:id', requireAdmin, async (req, res) => {
    const plan = await updateMonsterplan(db, req.params.id as string, parseInput(catalog.monsterplanBody, req.body));
    res.json(plan);
  });

  // Administrator. The spec's client sends {id, videos}; the path says which plan, the rest is ignored.
  router.delete('/v1/monsterplans/:id', requireAdmin, async (req, res) => {
    await deleteMonsterplan(db, req.params.id as string);
    res.status(204).end();
  });

  // Administrator: takes the learner's access to the plan away (approved or pending).
  router.delete('/v1/monsterplans/:id/learners/:userId', requireAdmin, async (req, res) => {
    const { id, userId } = req.params as { id: string; userId: string };
    await revokeAccess(db, 'monsterplan', id, userId);
    res.status(204).end();
  });

  // A signed-in learner approved for the plan (or an administrator): signed URLs of the video and its
  // subtitles. A learner's first play assigns the day; a releaseDaily plan's unreleased day is 403.
  router.get('/v1/monsterplans/:monsterplanId/play/:videoId', requireUser, async (req, res) => {
    const { monsterplanId, videoId } = req.params as { monsterplanId: string; videoId: string };
    res.set('cache-control', 'private, no-store').json(await playMonsterplanVideo(db, signer, monsterplanId, videoId, req.principal!));
  });

  return router;
}
