// A learner's one attempt at a plan's exam (spec sections 4 and 9). Asking for the exam issues its
// questions (picked at random from the bank, options shuffled, the correct one kept here) and
// remembers when; asking again before it is over gives the same questions, so a reload neither
// restarts the clock nor draws new ones. Submitting grades the answers once: the attempt's row lock
// makes two simultaneous submissions one result. An attempt whose time (the exam's longest possible
// duration plus a grace period) has passed is closed with what was submitted in time, which is nothing.
import { randomInt } from 'node:crypto';
import { exam } from '@learning/contracts';
import { commitAndRefuse, conflict, forbidden, recordEvent, transaction } from '@learning/kit';
import { sql, type Selectable } from 'kysely';
import { gradeExam } from './grading.js';
import { isApprovedFor } from './learners.js';
import { requireMonsterplan } from './monsterplans.js';
import type { ExamDb, ExamTables, IssuedQuestion } from './tables.js';

export interface ExamSettings {
  /** Questions in one exam (40). */
  questionCount: number;
  /** How long after the longest possible duration a submission is still taken. */
  graceMs: number;
}

export interface Attempt {
  userId: string;
  monsterplanId: string;
}

const notApproved = () => forbidden('Энэ хөтөлбөрт хамрагдсан сурагч л шалгалт өгнө.', 'exam_not_approved');
const noExam = () => conflict('Энэ хөтөлбөрт шалгалт байхгүй.', 'exam_not_enabled');
const alreadyTaken = () => conflict('Та энэ шалгалтыг өгсөн байна. Шалгалтыг нэг л удаа өгнө.', 'exam_taken');
const timeOver = () => conflict('Шалгалтын хугацаа дууссан тул хариултыг хүлээн авах боломжгүй.', 'exam_time_over');
const notReady = () => conflict('Шалгалтын асуултууд хараахан бэлэн болоогүй байна.', 'exam_not_ready');
const notStarted = () => conflict('Шалгалт эхлээгүй байна. Эхлээд асуултуудаа авна уу.', 'exam_not_started');

/** The questions of the learner's attempt: issued now, or the same ones again while it lasts. */
export async function takeExam(db: ExamDb, attempt: Attempt, settings: ExamSettings, now = new Date()): Promise<exam.ExamQuestion[]> {
  const plan = await requireMonsterplan(db, attempt.monsterplanId);
  if (!(await isApprovedFor(db, attempt.userId, plan.id))) throw notApproved();
  if (!plan.hasExam) throw noExam();
  const issued = await transaction(db, async (trx) => {
    await lockAttempt(trx, attempt);
    if (await hasResult(trx, attempt)) throw alreadyTaken();
    const sitting = await findSitting(trx, attempt);
    if (sitting) {
      if (isOver(sitting, settings, now)) await closeOverAttempt(trx, attempt, sitting, now);
      return sitting.questions;
    }
    const questions = await drawQuestions(trx, attempt.monsterplanId, settings.questionCount);
    await trx
      .insertInto('sitting')
      .values({ user_id: attempt.userId, monsterplan_id: attempt.monsterplanId, issued_at: now, questions: JSON.stringify(questions) })
      .execute();
    return questions;
  });
  return questionsAsAsked(issued);
}

/** Grades the learner's answers and records the result with `exam.completed`, in one transaction. */
export async function submitExam(
  db: ExamDb,
  attempt: Attempt,
  answers: readonly exam.ExamAnswer[],
  settings: ExamSettings,
  now = new Date(),
): Promise<exam.ExamResult> {
  await requireMonsterplan(db, attempt.monsterplanId);
  if (!(await isApprovedFor(db, attempt.userId, attempt.monsterplanId))) throw notApproved();
  return transaction(db, async (trx) => {
    await lockAttempt(trx, attempt);
    if (await hasResult(trx, attempt)) throw alreadyTaken();
    const sitting = await findSitting(trx, attempt);
    if (!sitting) throw notStarted();
    if (isOver(sitting, settings, now)) await closeOverAttempt(trx, attempt, sitting, now);
    const result = gradeExam(sitting.questions, answers);
    await recordResult(trx, attempt, result, answers, now);
    return result;
  });
}

/**
 * An attempt whose time is over is closed with what was submitted in time, nothing: its zero result
 * is kept (and published) and the learner is told the time is over.
 */
async function closeOverAttempt(trx: ExamDb, attempt: Attempt, sitting: Selectable<ExamTables['sitting']>, now: Date): Promise<never> {
  await recordResult(trx, attempt, gradeExam(sitting.questions, []), [], now);
  throw commitAndRefuse(timeOver());
}

/** Every call about one learner's attempt at one plan waits for the one before it. */
async function lockAttempt(trx: ExamDb, { userId, monsterplanId }: Attempt): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`exam-attempt:${userId}:${monsterplanId}`}))`.execute(trx);
}

async function hasResult(trx: ExamDb, { userId, monsterplanId }: Attempt): Promise<boolean> {
  const row = await trx.selectFrom('result').select('id').where('user_id', '=', userId).where('monsterplan_id', '=', monsterplanId).executeTakeFirst();
  return row !== undefined;
}

function findSitting(trx: ExamDb, { userId, monsterplanId }: Attempt): Promise<Selectable<ExamTables['sitting']> | undefined> {
  return trx.selectFrom('sitting').selectAll().where('user_id', '=', userId).where('monsterplan_id', '=', monsterplanId).executeTakeFirst();
}

/** When the attempt's time is over: the exam's longest possible duration after it was issued, plus the grace. */
export function deadlineOf(issuedAt: Date, questionCount: number, settings: ExamSettings): Date {
  return new Date(issuedAt.getTime() + exam.longestExamMs(questionCount) + settings.graceMs);
}

function isOver(sitting: Selectable<ExamTables['sitting']>, settings: ExamSettings, now: Date): boolean {
  return now > deadlineOf(new Date(sitting.issued_at), sitting.questions.length, settings);
}

async function recordResult(trx: ExamDb, attempt: Attempt, result: exam.ExamResult, answers: readonly exam.ExamAnswer[], now: Date): Promise<void> {
  await trx
    .insertInto('result')
    .values({
      user_id: attempt.userId,
      monsterplan_id: attempt.monsterplanId,
      percent: result.percent,
      correct_questions: result.correctQuestions,
      total_questions: result.totalQuestions,
      passed: result.passed,
      answers: JSON.stringify(answers),
      created_at: now,
    })
    .execute();
  await recordEvent(trx, 'exam.completed', { userId: attempt.userId, monsterplanId: attempt.monsterplanId, ...result });
}

/** `count` questions of the plan's bank in random order, each with its options shuffled. */
async function drawQuestions(trx: ExamDb, monsterplanId: string, count: number): Promise<IssuedQuestion[]> {
  const rows = await trx
    .selectFrom('question')
    .select(['id', 'question', 'nice_word', 'answers', 'correct_answer_id'])
    .where('monsterplan_id', '=', monsterplanId)
    .orderBy(sql`random()`)
    .limit(count)
    .execute();
  if (rows.length < count) throw notReady();
  return rows.map((row) => ({
    questionId: row.id,
    question: row.question,
    niceWord: row.nice_word,
    answers: shuffled(row.answers),
    correctAnswerId: row.correct_answer_id,
  }));
}

/**
 * The issued questions as the learner sees them: text, word and options in the issued order, nothing
 * else, named as spec section 3 names them (the bank's `_id`s become `identifier`s).
 */
function questionsAsAsked(issued: readonly IssuedQuestion[]): exam.ExamQuestion[] {
  return issued.map(({ questionId, question, niceWord, answers }) => ({
    identifier: questionId,
    question,
    niceWord,
    answers: answers.map(({ _id, name }) => ({ identifier: _id, name })),
  }));
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

