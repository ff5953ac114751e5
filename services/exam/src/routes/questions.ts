// /v1/monsterplans/{id}/questions: a plan's question bank, for the administrator only. A file is
// sent as multipart (field `file`, CSV or JSON), or as the body itself (text/csv or JSON).
import { exam, pageQuery } from '@learning/contracts';
import { requireAdmin } from '@learning/kit/auth';
import { badRequest, HttpError, parseInput, refuseBodyOver } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import express, { Router, type Request, type RequestHandler } from 'express';
import multer from 'multer';
import { requireMonsterplan } from '../monsterplans.js';
import { fileKindOf, readQuestionFile } from '../question-file.js';
import { deleteBank, deleteQuestion, importQuestions, listQuestions, replaceQuestion } from '../questions.js';
import type { ExamTables } from '../tables.js';

const maxFileBytes = 2 * 1024 * 1024;
/** What a multipart form adds around the file: its boundaries and part headers. */
const formBytes = 64 * 1024;
const fileTooLarge = () => new HttpError(413, 'question_file_too_large', 'Асуултын файл 2 MB-аас их байна.');

/** `questionsPerExam`: EXAM_QUESTION_COUNT, which each change of a bank's size is told with. */
export function questionRoutes(context: ServiceContext<ExamTables>, questionsPerExam: number): Router {
  const { db } = context;
  const router = Router();
  const path = '/v1/monsterplans/:id/questions';
  const receiveFile = [
    refuseBodyOver(maxFileBytes + formBytes, fileTooLarge),
    receiveMultipart(),
    express.text({ type: ['text/csv', 'text/plain'], limit: maxFileBytes, inflate: false }),
  ];

  router.get(path, requireAdmin, async (req, res) => {
    const plan = await requireMonsterplan(db, req.params.id as string);
    res.json(await listQuestions(db, plan.id, parseInput(pageQuery, req.query)));
  });

  // Adds the file's questions to the bank; answers how many it holds now.
  router.post(path, requireAdmin, ...receiveFile, async (req, res) => {
    const plan = await requireMonsterplan(db, req.params.id as string);
    res.status(201).json(await importQuestions(db, plan.id, questionsSent(req), { replace: false, questionsPerExam }));
  });

  // Replaces the whole bank with the file's questions.
  router.put(path, requireAdmin, ...receiveFile, async (req, res) => {
    const plan = await requireMonsterplan(db, req.params.id as string);
    res.json(await importQuestions(db, plan.id, questionsSent(req), { replace: true, questionsPerExam }));
  });

  router.delete(path, requireAdmin, async (req, res) => {
    const plan = await requireMonsterplan(db, req.params.id as string);
    await deleteBank(db, plan.id, questionsPerExam);
    res.status(204).end();
  });

  // One question, as {question, niceWord, answers, correct}.
  router.put(`${path}/:questionId`, requireAdmin, async (req, res) => {
    const plan = await requireMonsterplan(db, req.params.id as string);
    res.json(await replaceQuestion(db, plan.id, req.params.questionId as string, parseInput(exam.questionInput, req.body)));
  });

  router.delete(`${path}/:questionId`, requireAdmin, async (req, res) => {
    const plan = await requireMonsterplan(db, req.params.id as string);
    await deleteQuestion(db, plan.id, req.params.questionId as string, questionsPerExam);
    res.status(204).end();
  });

  return router;
}

/** The questions of the uploaded file, the text/csv body, or the JSON body. */
function questionsSent(req: Request): exam.BankQuestionInput[] {
  if (req.file) {
    const text = req.file.buffer.toString('utf8');
    return readQuestionFile(text, fileKindOf(req.file.originalname, req.file.mimetype, text));
  }
  if (typeof req.body === 'string') return readQuestionFile(req.body, fileKindOf(undefined, req.headers['content-type'], req.body));
  if (req.is('application/json')) return readQuestionFile(JSON.stringify(req.body), 'json');
  throw badRequest('Асуултын файлаа (CSV эсвэл JSON) «file» талбараар илгээнэ үү.', 'question_file_missing');
}

/** One file in memory, at most 2 MB; multer's errors become Mongolian ones. */
function receiveMultipart(): RequestHandler {
  const single = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxFileBytes, files: 1, fields: 10 } }).single('file');
  return (req, res, next) => {
    single(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
        return next(fileTooLarge());
      }
      next(badRequest('Файлыг хүлээн авч чадсангүй: «file» талбарт нэг CSV эсвэл JSON файл илгээнэ үү.', 'question_file_unreadable'));
    });
  };
}
