// A learner's one attempt at a plan's exam (spec sections 4 and 9), its clock kept here. The attempt
// begins when its first question is revealed: 40 questions are drawn from the bank then (options
// shuffled, the correct one kept here), but each is revealed only when the learner reaches it, and the
// moment is recorded. An answer that comes later than the question's 9 seconds plus the network's
// allowance is recorded as 999, whatever the browser says; revealing the next question leaves the open
// one at 999 (the spec's resume rule), so reopening the exam anywhere goes on at the next question.
// Submitting ends the attempt: each question is graded as recorded here, and a question never reached
// counts 999. Every call about one attempt waits for the one before it (a row lock of the attempt), so
// two tabs answering the same question record one answer, and two submissions one result.
import { randomInt } from 'node:crypto';
import { exam } from '@learning/contracts';
import { transaction } from '@learning/kit/data';
import { recordEvent } from '@learning/kit/events';
import { badRequest, conflict, forbidden } from '@learning/kit/http';
import { sql, type Selectable } from 'kysely';
import { checkAnswers, gradeExam } from './grading.js';
import { isApprovedFor } from './learners.js';
import { requireMonsterplan, type KnownMonsterplan } from './monsterplans.js';
import type { ExamDb, ExamTables, IssuedQuestion } from './tables.js';

export interface ExamSettings {
  /** Questions in one exam (40). */
  questionCount: number;
  /** How much later than a question's 9 seconds its answer may arrive: the network's part. */
  allowanceMs: number;
}

export interface Attempt {
  userId: string;
  monsterplanId: string;
}

type Sitting = Selectable<ExamTables['sitting']>;
type RevealedRow = Selectable<ExamTables['revealed_question']>;

const notApproved = () => forbidden('Энэ хөтөлбөрт хамрагдсан сурагч л шалгалт өгнө.', 'exam_not_approved');
const noExam = () => conflict('Энэ хөтөлбөрт шалгалт байхгүй.', 'exam_not_enabled');
const alreadyTaken = () => conflict('Та энэ шалгалтыг өгсөн байна. Шалгалтыг нэг л удаа өгнө.', 'exam_taken');
const notReady = () => conflict('Шалгалтын асуултууд хараахан бэлэн болоогүй байна.', 'exam_not_ready');
const notStarted = () => conflict('Шалгалт эхлээгүй байна. Эхний асуултаа нээнэ үү.', 'exam_not_started');
const outOfTurn = (next: number) => conflict(`Одоо ${next}-р асуулт ээлжтэй байна.`, 'exam_question_out_of_turn');
const questionsOver = () => conflict('Бүх асуулт нээгдсэн. Шалгалтаа дуусгана уу.', 'exam_questions_over');
const notRevealed = () => conflict('Энэ асуулт хараахан нээгдээгүй байна.', 'exam_question_not_revealed');
const answeredAlready = () => conflict('Энэ асуултад хариулт аль хэдийн бүртгэгдсэн.', 'exam_question_answered');
const unknownOption = () => badRequest('Асуултад байхгүй хариулт ирлээ.', 'exam_answer_unknown_option');

/** The attempt as it stands; reveals nothing. */
export async function attemptOf(db: ExamDb, attempt: Attempt, settings: ExamSettings, now = new Date()): Promise<exam.ExamAttempt> {
  await requireExamFor(db, attempt);
  const result = await findResult(db, attempt);
  const sitting = result ? undefined : await findSitting(db, attempt);
  const revealed = sitting ? await revealedOf(db, attempt) : [];
  const totalQuestions = result?.total_questions ?? sitting?.questions.length ?? settings.questionCount;
  const open = openOf(revealed);
  return {
    status: result ? 'finished' : sitting ? 'in-progress' : 'not-started',
    totalQuestions,
    revealedQuestions: result ? totalQuestions : revealed.length,
    answeredQuestions: result ? totalQuestions : revealed.filter((row) => row.answer !== null).length,
    current: sitting && open ? asRevealed(sitting, open, revealed.length, now) : null,
    nextQuestion: result || revealed.length >= totalQuestions ? null : revealed.length + 1,
    result: result ? resultOf(result) : null,
  };
}

/** The spec's GET: the questions revealed so far, in order, the open one last. */
export async function revealedQuestions(db: ExamDb, attempt: Attempt, settings: ExamSettings): Promise<{ questions: exam.ExamQuestion[]; remaining: number }> {
  await requireExamFor(db, attempt);
  if (await findResult(db, attempt)) throw alreadyTaken();
  const sitting = await findSitting(db, attempt);
  if (!sitting) return { questions: [], remaining: settings.questionCount };
  const revealed = await revealedOf(db, attempt);
  return { questions: revealed.map((row) => asAsked(sitting.questions[row.number - 1]!)), remaining: sitting.questions.length - revealed.length };
}

/**
 * Reveals question `number`: the first begins the attempt; the next one leaves the open one at 999;
 * the open one again is the same question, its clock not restarted (a retried call costs nothing).
 */
export async function revealQuestion(db: ExamDb, attempt: Attempt, number: number, settings: ExamSettings, now = new Date()): Promise<exam.RevealedQuestion> {
  await requireExamFor(db, attempt);
  return transaction(db, async (trx) => {
    const sitting = (await lockOpenAttempt(trx, attempt)) ?? (number === 1 ? await beginSitting(trx, attempt, settings, now) : undefined);
    if (!sitting) throw notStarted();
    const revealed = await revealedOf(trx, attempt);
    const open = openOf(revealed);
    if (open?.number === number) return asRevealed(sitting, open, revealed.length, now);
    const next = revealed.length + 1;
    if (next > sitting.questions.length) throw questionsOver();
    if (number !== next) throw outOfTurn(next);
    if (open) await recordAnswer(trx, open, exam.examRules.timeoutAnswer, now);
    const row: RevealedRow = { user_id: attempt.userId, monsterplan_id: attempt.monsterplanId, number, revealed_at: now, answer: null, answered_at: null };
    await trx.insertInto('revealed_question').values(row).execute();
    return asRevealed(sitting, row, next, now);
  });
}

/** Records the answer to the open question `number`: as given when it came in time, else 999. */
export async function answerQuestion(
  db: ExamDb,
  attempt: Attempt,
  number: number,
  answer: exam.ExamAnswerCode,
  settings: ExamSettings,
  now = new Date(),
): Promise<exam.RecordedAnswer> {
  await requireExamFor(db, attempt);
  return transaction(db, async (trx) => {
    const sitting = await lockOpenAttempt(trx, attempt);
    if (!sitting) throw notStarted();
    const revealed = await revealedOf(trx, attempt);
    const row = revealed.find((candidate) => candidate.number === number);
    if (!row) throw notRevealed();
    if (row.answer !== null) throw answeredAlready();
    if (answer !== exam.examRules.timeoutAnswer && !sitting.questions[number - 1]!.answers.some((option) => option._id === answer)) throw unknownOption();
    const isOnTime = isInTime(row, settings, now);
    const recorded = isOnTime ? answer : exam.examRules.timeoutAnswer;
    await recordAnswer(trx, row, recorded, now);
    return { number, answer: recorded, isOnTime, remaining: sitting.questions.length - revealed.length };
  });
}

/**
 * Ends the attempt (the spec's POST) and records its result with `exam.completed`. The server's record
 * of each question wins over `answers`; of the open question, an answer in `answers` counts if it comes
 * in time; a question never revealed counts 999.
 */
export async function submitExam(
  db: ExamDb,
  attempt: Attempt,
  answers: readonly exam.ExamAnswer[],
  settings: ExamSettings,
  now = new Date(),
): Promise<exam.ExamResult> {
  const plan = await requireExamFor(db, attempt);
  return transaction(db, async (trx) => {
    const sitting = await lockOpenAttempt(trx, attempt);
    if (!sitting) throw notStarted();
    checkAnswers(sitting.questions, answers);
    const given = new Map(answers.map(({ question, answer }) => [question, answer]));
    const revealed = new Map((await revealedOf(trx, attempt)).map((row) => [row.number, row]));
    const final = sitting.questions.map((question, index): exam.ExamAnswer => {
      const row = revealed.get(index + 1);
      const answer =
        row?.answer != null ? codeOf(row.answer)
        : row && isInTime(row, settings, now) ? (given.get(question.questionId) ?? exam.examRules.timeoutAnswer)
        : exam.examRules.timeoutAnswer;
      return { question: question.questionId, answer };
    });
    const result = gradeExam(sitting.questions, final);
    await trx
      .insertInto('result')
      .values({
        user_id: attempt.userId,
        monsterplan_id: attempt.monsterplanId,
        percent: result.percent,
        correct_questions: result.correctQuestions,
        total_questions: result.totalQuestions,
        passed: result.passed,
        answers: JSON.stringify(final),
        created_at: now,
      })
      .execute();
    await recordEvent(trx, 'exam.completed', { userId: attempt.userId, monsterplanId: attempt.monsterplanId, monsterplanName: plan.name, ...result });
    return result;
  });
}

/** A learner approved for a plan that has its exam (answers the plan); else 404, 403 or 409. */
async function requireExamFor(db: ExamDb, attempt: Attempt): Promise<KnownMonsterplan> {
  const plan = await requireMonsterplan(db, attempt.monsterplanId);
  if (!(await isApprovedFor(db, attempt.userId, plan.id))) throw notApproved();
  if (!plan.hasExam) throw noExam();
  return plan;
}

/**
 * Waits for the calls about this attempt before this one (the attempt's lock, held until the
 * transaction ends); refuses an attempt that has its result; answers its sitting once it has begun.
 */
async function lockOpenAttempt(trx: ExamDb, attempt: Attempt): Promise<Sitting | undefined> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`exam-attempt:${attempt.userId}:${attempt.monsterplanId}`}))`.execute(trx);
  if (await findResult(trx, attempt)) throw alreadyTaken();
  return findSitting(trx, attempt);
}

function findResult(db: ExamDb, { userId, monsterplanId }: Attempt) {
  return db.selectFrom('result').selectAll().where('user_id', '=', userId).where('monsterplan_id', '=', monsterplanId).executeTakeFirst();
}

function findSitting(db: ExamDb, { userId, monsterplanId }: Attempt): Promise<Sitting | undefined> {
  return db.selectFrom('sitting').selectAll().where('user_id', '=', userId).where('monsterplan_id', '=', monsterplanId).executeTakeFirst();
}

function revealedOf(db: ExamDb, { userId, monsterplanId }: Attempt): Promise<RevealedRow[]> {
  return db.selectFrom('revealed_question').selectAll().where('user_id', '=', userId).where('monsterplan_id', '=', monsterplanId).orderBy('number').execute();
}

/** Only the last question revealed can be open: revealing the next one closes it. */
function openOf(revealed: readonly RevealedRow[]): RevealedRow | undefined {
  const last = revealed.at(-1);
  return last?.answer === null ? last : undefined;
}

async function beginSitting(trx: ExamDb, attempt: Attempt, settings: ExamSettings, now: Date): Promise<Sitting> {
  const sitting: Sitting = {
    user_id: attempt.userId,
    monsterplan_id: attempt.monsterplanId,
    issued_at: now,
    questions: await drawQuestions(trx, attempt.monsterplanId, settings.questionCount),
  };
  await trx.insertInto('sitting').values({ ...sitting, questions: JSON.stringify(sitting.questions) }).execute();
  return sitting;
}

async function recordAnswer(trx: ExamDb, row: RevealedRow, answer: exam.ExamAnswerCode, now: Date): Promise<void> {
  await trx
    .updateTable('revealed_question')
    .set({ answer: String(answer), answered_at: now })
    .where('user_id', '=', row.user_id)
    .where('monsterplan_id', '=', row.monsterplan_id)
    .where('number', '=', row.number)
    .execute();
}

/** Whether an answer arriving `now` is in the question's time: its 9 seconds and the network's allowance. */
function isInTime(row: RevealedRow, settings: ExamSettings, now: Date): boolean {
  return now.getTime() - new Date(row.revealed_at).getTime() <= exam.examRules.secondsPerQuestion * 1000 + settings.allowanceMs;
}

function asRevealed(sitting: Sitting, row: RevealedRow, revealedCount: number, now: Date): exam.RevealedQuestion {
  const elapsedMs = now.getTime() - new Date(row.revealed_at).getTime();
  return {
    number: row.number,
    totalQuestions: sitting.questions.length,
    remaining: sitting.questions.length - revealedCount,
    secondsLeft: Math.max(0, Math.ceil(exam.examRules.secondsPerQuestion - elapsedMs / 1000)),
    question: asAsked(sitting.questions[row.number - 1]!),
  };
}

/** '999' is kept as text beside the options' ids. */
function codeOf(answer: string): exam.ExamAnswerCode {
  return answer === String(exam.examRules.timeoutAnswer) ? exam.examRules.timeoutAnswer : answer;
}

function resultOf(row: Selectable<ExamTables['result']>): exam.ExamResult {
  return { percent: row.percent, totalQuestions: row.total_questions, correctQuestions: row.correct_questions, passed: row.passed };
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

/** A question as the learner sees it, named as spec section 3 names it (the bank's `_id`s become `identifier`s). */
function asAsked({ questionId, question, niceWord, answers }: IssuedQuestion): exam.ExamQuestion {
  return { identifier: questionId, question, niceWord, answers: answers.map(({ _id, name }) => ({ identifier: _id, name })) };
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
