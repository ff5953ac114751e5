// /v1/monsterplans/{id}/exam and /v1/monsterplans/exam-results: taking the exam, and its results.
import { exam, pageQuery } from '@learning/contracts';
import { parseInput, requireAdmin, requireUser, type ServiceContext } from '@learning/kit';
import { Router } from 'express';
import { submitExam, takeExam, type ExamSettings } from '../attempts.js';
import { listResults } from '../results.js';
import type { OpenAnswers } from '../sealed-answers.js';
import type { ExamTables } from '../tables.js';

export function examRoutes(context: ServiceContext<ExamTables>, settings: ExamSettings, openAnswers: OpenAnswers): Router {
  const { db } = context;
  const router = Router();

  // Administrator: every learner's result, newest first, with their email and the plan's name.
  router.get('/v1/monsterplans/exam-results', requireAdmin, async (req, res) => {
    res.json(await listResults(db, parseInput(pageQuery, req.query)));
  });

  // A learner approved for the plan, when it has its exam and they have no result yet: the questions,
  // options shuffled, the correct one never said. The attempt is the signed-in user's.
  router.get('/v1/monsterplans/:id/exam', requireUser, async (req, res) => {
    const attempt = { userId: req.principal!.id, monsterplanId: req.params.id as string };
    res.set('cache-control', 'private, no-store').json(await takeExam(db, attempt, settings));
  });

  // The same learner: grades `data` (the sealed answers). The body's `id` and `user` are not trusted:
  // the path names the plan, the token the learner.
  router.post('/v1/monsterplans/:id/exam', requireUser, async (req, res) => {
    const { data } = parseInput(exam.examSubmission, req.body);
    const answers = await openAnswers(data);
    const attempt = { userId: req.principal!.id, monsterplanId: req.params.id as string };
    res.json(await submitExam(db, attempt, answers, settings));
  });

  return router;
}
