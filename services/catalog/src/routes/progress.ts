// /v1/progress: what a learner heard of their plans' and bundles' videos. Every route is
// the signed-in learner's own progress (the token names the learner); an administrator is a learner
// here, with progress only where approved, and may read any learner's /mine.
import { progress } from '@learning/contracts';
import { requireAdmin, requireUser } from '@learning/kit/auth';
import { isUuid, parseInput } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router } from 'express';
import { saveDictation } from '../dictation.js';
import { reportListening } from '../listening.js';
import { lessonProgress, myLearning, planProgress } from '../progress.js';
import type { CatalogTables } from '../tables.js';

/** `streakMinutes`: STREAK_MINUTES, the listening a day of the streak needs. */
export function progressRoutes(context: ServiceContext<CatalogTables>, streakMinutes: number): Router {
  const { db } = context;
  const router = Router();
  const noStore = { 'cache-control': 'private, no-store' };

  // A learner approved for the report's plan or bundle: the ranges played since the page opened the video.
  router.post('/v1/progress/videos/:videoId', requireUser, async (req, res) => {
    const report = parseInput(progress.listeningReport, req.body);
    res.set(noStore).json(await reportListening(db, req.principal!.id, req.params.videoId as string, report));
  });

  // A learner approved for the report's plan or bundle: their dictation of the video so far.
  router.put('/v1/progress/videos/:videoId/dictation', requireUser, async (req, res) => {
    const report = parseInput(progress.dictationReport, req.body);
    res.set(noStore).json(await saveDictation(db, req.principal!.id, req.params.videoId as string, report));
  });

  // A learner approved for the plan.
  router.get('/v1/progress/monsterplans/:id', requireUser, async (req, res) => {
    res.set(noStore).json(await planProgress(db, req.principal!.id, req.params.id as string));
  });

  // A learner approved for the bundle.
  router.get('/v1/progress/lessons/:id', requireUser, async (req, res) => {
    res.set(noStore).json(await lessonProgress(db, req.principal!.id, req.params.id as string));
  });

  // Any signed-in user: their plans and bundles, approved or pending.
  router.get('/v1/progress/mine', requireUser, async (req, res) => {
    res.set(noStore).json(await myLearning(db, req.principal!.id, streakMinutes));
  });

  // Administrator: a learner's /mine (an unknown id holds nothing: empty lists).
  router.get('/v1/progress/users/:userId', requireAdmin, async (req, res) => {
    const userId = req.params.userId as string;
    res.set(noStore).json(isUuid(userId) ? await myLearning(db, userId, streakMinutes) : { monsterplans: [], lessons: [], streak: { days: 0, todayMinutes: 0, goalMinutes: streakMinutes } });
  });

  return router;
}
