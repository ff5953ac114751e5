// /v1/monsterplans/{id}/exam and /v1/monsterplans/exam-results: taking the exam one question at a
// time on the server's clock, and the results. Every exam route is the signed-in learner's own attempt
// (the token names the learner, the path the plan); the results list is the administrator's.
import { exam, pageQuery } from '@learning/contracts';
import { requireAdmin, requireUser } from '@learning/kit/auth';
import { parseInput } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router, type Request } from 'express';
import { answerQuestion, attemptOf, revealedQuestions, revealQuestion, submitExam, type Attempt, type ExamSettings } from '../attempts.js';
import { listResults } from '../results.js';
import type { OpenAnswers } from '../sealed-answers.js';
import type { ExamTables } from '../tables.js';

export function examRoutes(context: ServiceContext<ExamTables>, settings: ExamSettings, openAnswers: OpenAnswers): Router {
  const { db } = context;
  const router = Router();
  const attemptOfCaller = (req: Request): Attempt => ({ userId: req.principal!.id, monsterplanId: req.params.id as string });
  const numberOf = (req: Request) => parseInput(exam.questionNumber, req.params.number);

  // Administrator: every learner's result, newest first, with their email and the plan's name.
  router.get('/v1/monsterplans/exam-results', requireAdmin, async (req, res) => {
    res.json(await listResults(db, parseInput(pageQuery, req.query)));
  });

  // The spec's call, for a learner approved for the plan with no result yet: the questions revealed so
  // far, in order, the open one last; none before the attempt begins. Reveals nothing.
  router.get('/v1/monsterplans/:id/exam', requireUser, async (req, res) => {
    const { questions, remaining } = await revealedQuestions(db, attemptOfCaller(req), settings);
    res.set({ 'cache-control': 'private, no-store', 'exam-remaining-questions': String(remaining) }).json(questions);
  });

  // The same learner, any time (a result included): where the attempt stands. Reveals nothing.
  router.get('/v1/monsterplans/:id/exam/attempt', requireUser, async (req, res) => {
    res.set('cache-control', 'private, no-store').json(await attemptOf(db, attemptOfCaller(req), settings));
  });

  // The same learner: reveals question {number} (1 begins the attempt) and starts its clock.
  router.post('/v1/monsterplans/:id/exam/questions/:number', requireUser, async (req, res) => {
    res.set('cache-control', 'private, no-store').json(await revealQuestion(db, attemptOfCaller(req), numberOf(req), settings));
  });

  // The same learner: the answer to the open question {number}, an option's identifier or 999.
  router.post('/v1/monsterplans/:id/exam/questions/:number/answer', requireUser, async (req, res) => {
    const { answer } = parseInput(exam.questionAnswer, req.body);
    res.json(await answerQuestion(db, attemptOfCaller(req), numberOf(req), answer, settings));
  });

  // The same learner: ends the attempt and grades it. `data` holds the answers sealed; the body's `id`
  // and `user` are not trusted: the path names the plan, the token the learner.
  router.post('/v1/monsterplans/:id/exam', requireUser, async (req, res) => {
    const { data } = parseInput(exam.examSubmission, req.body);
    res.json(await submitExam(db, attemptOfCaller(req), await openAnswers(data), settings));
  });

  return router;
}
