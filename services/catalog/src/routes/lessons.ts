// /v1/lessons: lesson bundles.
import { catalog } from '@learning/contracts';
import { requireAdmin } from '@learning/kit/auth';
import { parseInput } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router } from 'express';
import { createLesson, deleteLesson, findLesson, listLessons, updateLesson } from '../lessons.js';
import type { KeptLists } from '../list-cache.js';
import type { MediaSigner } from '../media-urls.js';
import { revokeAccess } from '../requests.js';
import { catalogRevision } from '../revisions.js';
import type { CatalogTables } from '../tables.js';

export function lessonRoutes(context: ServiceContext<CatalogTables>, signer: MediaSigner, lists: KeptLists): Router {
  const { db } = context;
  const router = Router();

  // Anyone: every visitor loads it, so it is kept while the catalog's revision holds.
  router.get('/v1/lessons', async (req, res) => {
    await lists.send(req, res, 'lessons', catalogRevision, () => listLessons(db));
  });

  // Administrator.
  router.post('/v1/lessons', requireAdmin, async (req, res) => {
    res.status(201).json(await createLesson(db, parseInput(catalog.lessonBody, req.body)));
  });

  // Anyone; play URLs only for a viewer approved for the whole bundle.
  router.get('/v1/lessons/:id', async (req, res) => {
    res.json(await findLesson(db, signer, req.params.id as string, req.principal));
  });

  // Administrator. The body's `id`, if any, is ignored: the path names the bundle.
  router.put('/v1/lessons/:id', requireAdmin, async (req, res) => {
    const lesson = await updateLesson(db, req.params.id as string, parseInput(catalog.lessonBody, req.body));
    res.json(lesson);
  });

  // Administrator. The spec's client sends {id, videos}; the path says which bundle, the rest is ignored.
  router.delete('/v1/lessons/:id', requireAdmin, async (req, res) => {
    await deleteLesson(db, req.params.id as string);
    res.status(204).end();
  });

  // Administrator: takes the learner's access to the bundle away (approved or pending).
  router.delete('/v1/lessons/:id/learners/:userId', requireAdmin, async (req, res) => {
    const { id, userId } = req.params as { id: string; userId: string };
    await revokeAccess(db, 'lesson', id, userId);
    res.status(204).end();
  });

  return router;
}
