// The attempt's clock, without HTTP: the domain called with a clock the test moves. A question is
// revealed at `start`; an answer counts up to 9 s plus the allowance (2 s) later, and is 999 after;
// a question never revealed is 999 whatever `data` says; one answer per question, even from two tabs.
import { exam } from '@learning/contracts';
import { HttpError } from '@learning/kit/http';
import { answerQuestion, attemptOf, revealQuestion, submitExam, type Attempt } from '../src/attempts.js';
import type { ExamDb } from '../src/tables.js';
import { startExamFixture, type ExamFixture } from './fixture.js';

let fixture: ExamFixture;
let db: ExamDb;
let planId: string;
let correctOf: Map<string, string>;

const settings = { questionCount: 40, allowanceMs: 2000 };
const start = new Date('2026-11-25T09:00:00.000Z');
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
const timeout = exam.examRules.timeoutAnswer;

beforeAll(async () => {
  fixture = await startExamFixture();
  db = fixture.platform.services.exam.context.db;
  planId = await fixture.examPlan({ bank: 45 });
  correctOf = new Map((await fixture.bank(planId)).map((question) => [question._id, question.correctAnswer]));
});
afterAll(() => fixture?.close());

async function anAttempt(): Promise<Attempt> {
  const learner = await fixture.approvedLearner(planId);
  return { userId: learner.id, monsterplanId: planId };
}

const rightOf = (question: exam.ExamQuestion) => correctOf.get(question.identifier)!;
const wrongOf = (question: exam.ExamQuestion) => question.answers.find((option) => option.identifier !== rightOf(question))!.identifier;

async function refusal(call: Promise<unknown>): Promise<{ status: number; code: string | undefined }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, code: error.code };
    throw error;
  }
  throw new Error('expected a refusal');
}

/** The ids of every question drawn for the attempt, revealed or not, in order. */
async function drawnIds(attempt: Attempt): Promise<string[]> {
  const sitting = await db.selectFrom('sitting').select('questions').where('user_id', '=', attempt.userId).where('monsterplan_id', '=', attempt.monsterplanId).executeTakeFirstOrThrow();
  return sitting.questions.map((question) => question.questionId);
}

describe('the clock of a question', () => {
  it('records an answer that comes within 9 s as given', async () => {
    const attempt = await anAttempt();
    const { question } = await revealQuestion(db, attempt, 1, settings, start);
    expect(await answerQuestion(db, attempt, 1, rightOf(question), settings, at(8.9))).toEqual({ number: 1, answer: rightOf(question), isOnTime: true, remaining: 39 });
  });

  it('takes an answer up to the network allowance after the 9 s, and records a later one as 999', async () => {
    const attempt = await anAttempt();
    const first = await revealQuestion(db, attempt, 1, settings, start);
    expect(await answerQuestion(db, attempt, 1, rightOf(first.question), settings, at(11))).toMatchObject({ answer: rightOf(first.question), isOnTime: true });
    const second = await revealQuestion(db, attempt, 2, settings, at(20));
    expect(await answerQuestion(db, attempt, 2, rightOf(second.question), settings, at(31.001))).toEqual({ number: 2, answer: timeout, isOnTime: false, remaining: 38 });
    expect(await submitExam(db, attempt, [], settings, at(40))).toMatchObject({ correctQuestions: 1 });
  });

  it('tells how much of the 9 s is left, on its own clock, when the open question is asked for again', async () => {
    const attempt = await anAttempt();
    const revealed = await revealQuestion(db, attempt, 1, settings, start);
    expect(revealed).toMatchObject({ number: 1, totalQuestions: 40, remaining: 39, secondsLeft: 9 });
    const again = await revealQuestion(db, attempt, 1, settings, at(4.5));
    expect(again).toEqual({ ...revealed, secondsLeft: 5 });
    expect((await attemptOf(db, attempt, settings, at(12))).current).toMatchObject({ number: 1, secondsLeft: 0 });
  });
});

describe('one question at a time', () => {
  it('reveals nothing ahead: the attempt as it stands before and after each reveal', async () => {
    const attempt = await anAttempt();
    expect(await attemptOf(db, attempt, settings, start)).toEqual({
      status: 'not-started',
      totalQuestions: 40,
      revealedQuestions: 0,
      answeredQuestions: 0,
      current: null,
      nextQuestion: 1,
      result: null,
    });
    expect(await refusal(revealQuestion(db, attempt, 2, settings, start))).toEqual({ status: 409, code: 'exam_not_started' });
    const first = await revealQuestion(db, attempt, 1, settings, start);
    expect(await refusal(revealQuestion(db, attempt, 3, settings, at(1)))).toEqual({ status: 409, code: 'exam_question_out_of_turn' });
    expect(await attemptOf(db, attempt, settings, at(1))).toMatchObject({ status: 'in-progress', revealedQuestions: 1, answeredQuestions: 0, current: { ...first, secondsLeft: 8 }, nextQuestion: 2 });
    expect(await refusal(answerQuestion(db, attempt, 2, timeout, settings, at(2)))).toEqual({ status: 409, code: 'exam_question_not_revealed' });
  });

  it('records the open question as 999 when the next is revealed (reopening the exam anywhere goes on there)', async () => {
    const attempt = await anAttempt();
    const first = await revealQuestion(db, attempt, 1, settings, start);
    await revealQuestion(db, attempt, 2, settings, at(3));
    expect(await refusal(answerQuestion(db, attempt, 1, rightOf(first.question), settings, at(4)))).toEqual({ status: 409, code: 'exam_question_answered' });
    expect(await attemptOf(db, attempt, settings, at(4))).toMatchObject({ revealedQuestions: 2, answeredQuestions: 1, current: { number: 2 }, nextQuestion: 3 });
    const row = await db.selectFrom('revealed_question').selectAll().where('user_id', '=', attempt.userId).where('number', '=', 1).executeTakeFirstOrThrow();
    expect([row.answer, row.answered_at]).toEqual([String(timeout), at(3)]);
  });

  it('refuses a second answer to a question, and an option the question does not have', async () => {
    const attempt = await anAttempt();
    const first = await revealQuestion(db, attempt, 1, settings, start);
    const second = await revealQuestion(db, attempt, 2, settings, at(1));
    expect(await refusal(answerQuestion(db, attempt, 2, first.question.answers[0]!.identifier, settings, at(2)))).toEqual({ status: 400, code: 'exam_answer_unknown_option' });
    await answerQuestion(db, attempt, 2, wrongOf(second.question), settings, at(3));
    expect(await refusal(answerQuestion(db, attempt, 2, rightOf(second.question), settings, at(4)))).toEqual({ status: 409, code: 'exam_question_answered' });
  });

  it('after the 40th, refuses another reveal', async () => {
    const attempt = await anAttempt();
    for (let number = 1; number <= 40; number++) await revealQuestion(db, attempt, number, settings, at(number));
    expect(await refusal(revealQuestion(db, attempt, 41, settings, at(41)))).toEqual({ status: 409, code: 'exam_questions_over' });
    expect((await attemptOf(db, attempt, settings, at(41))).nextQuestion).toBeNull();
  });
});

describe('two tabs at once', () => {
  it('answering the same question records one answer', async () => {
    const attempt = await anAttempt();
    const { question } = await revealQuestion(db, attempt, 1, settings, start);
    const tabs = await Promise.allSettled([answerQuestion(db, attempt, 1, rightOf(question), settings, at(2)), answerQuestion(db, attempt, 1, wrongOf(question), settings, at(2))]);
    expect(tabs.map((tab) => tab.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = tabs.find((tab) => tab.status === 'rejected')!.reason as HttpError;
    expect(refused.code).toBe('exam_question_answered');
    const rows = await db.selectFrom('revealed_question').selectAll().where('user_id', '=', attempt.userId).execute();
    expect(rows).toHaveLength(1);
    const kept = (tabs.find((tab) => tab.status === 'fulfilled') as PromiseFulfilledResult<exam.RecordedAnswer>).value;
    expect(rows[0]!.answer).toBe(kept.answer);
  });

  it('revealing the next question reveals it once, its clock started by the first', async () => {
    const attempt = await anAttempt();
    await revealQuestion(db, attempt, 1, settings, start);
    const [one, other] = await Promise.all([revealQuestion(db, attempt, 2, settings, at(2)), revealQuestion(db, attempt, 2, settings, at(2))]);
    expect(one).toEqual(other);
    expect(await db.selectFrom('revealed_question').select('number').where('user_id', '=', attempt.userId).execute()).toHaveLength(2);
  });

  it('two submissions make one result and one exam.completed', async () => {
    const attempt = await anAttempt();
    await revealQuestion(db, attempt, 1, settings, start);
    const ends = await Promise.allSettled([submitExam(db, attempt, [], settings, at(1)), submitExam(db, attempt, [], settings, at(1))]);
    expect(ends.map((end) => end.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await db.selectFrom('result').select('id').where('user_id', '=', attempt.userId).execute()).toHaveLength(1);
    const events = await db.selectFrom('outbox').select('data').where('type', '=', 'exam.completed').execute();
    expect(events.filter((event) => (event.data as { userId: string }).userId === attempt.userId)).toHaveLength(1);
  });

  it("exam.completed names the plan, for the learner's notification", async () => {
    const attempt = await anAttempt();
    await revealQuestion(db, attempt, 1, settings, start);
    const result = await submitExam(db, attempt, [], settings, at(1));
    const plan = await db.selectFrom('monsterplan').select('name').where('id', '=', planId).executeTakeFirstOrThrow();
    const events = await db.selectFrom('outbox').select('data').where('type', '=', 'exam.completed').execute();
    expect(events.map((event) => event.data).filter((data) => (data as { userId: string }).userId === attempt.userId)).toEqual([
      { userId: attempt.userId, monsterplanId: planId, monsterplanName: plan.name, ...result },
    ]);
  });
});

describe('ending the attempt', () => {
  it("grades the server's record over `data`; of the open question, data's answer if in time; never revealed: 999", async () => {
    const attempt = await anAttempt();
    const questions: exam.ExamQuestion[] = [];
    for (let number = 1; number <= 3; number++) {
      const { question } = await revealQuestion(db, attempt, number, settings, at(number * 10));
      questions.push(question);
      if (number < 3) await answerQuestion(db, attempt, number, number === 1 ? rightOf(question) : wrongOf(question), settings, at(number * 10 + 1));
    }
    const ids = await drawnIds(attempt);
    const bank = await fixture.bank(planId);
    const rightFor = (id: string) => bank.find((question) => question._id === id)!.correctAnswer;
    // `data` claims every question right: only question 1 (recorded right) and 3 (open, in time) count.
    const data = ids.map((id) => ({ question: id, answer: rightFor(id) }));
    expect(await submitExam(db, attempt, data, settings, at(38))).toEqual({ percent: 5, totalQuestions: 40, correctQuestions: 2, passed: false });
    const stored = await db.selectFrom('result').select('answers').where('user_id', '=', attempt.userId).executeTakeFirstOrThrow();
    expect((stored.answers as exam.ExamAnswer[]).slice(2).map(({ answer }) => answer)).toEqual([rightFor(ids[2]!), ...Array(37).fill(timeout)]);
  });

  it("counts the open question's answer in data as 999 when it comes after its time", async () => {
    const attempt = await anAttempt();
    const { question } = await revealQuestion(db, attempt, 1, settings, start);
    expect(await submitExam(db, attempt, [{ question: question.identifier, answer: rightOf(question) }], settings, at(11.5))).toMatchObject({ correctQuestions: 0 });
  });

  it('refuses data naming a question not drawn, before anything is recorded', async () => {
    const attempt = await anAttempt();
    await revealQuestion(db, attempt, 1, settings, start);
    const drawn = new Set(await drawnIds(attempt));
    const outside = (await fixture.bank(planId)).find((question) => !drawn.has(question._id))!;
    expect(await refusal(submitExam(db, attempt, [{ question: outside._id, answer: outside.correctAnswer }], settings, at(1)))).toEqual({ status: 400, code: 'exam_answer_unknown_question' });
    expect((await attemptOf(db, attempt, settings, at(2))).status).toBe('in-progress');
  });

  it('is once: after the result every call about the attempt is refused, and the attempt reads finished', async () => {
    const attempt = await anAttempt();
    const { question } = await revealQuestion(db, attempt, 1, settings, start);
    await answerQuestion(db, attempt, 1, rightOf(question), settings, at(1));
    const result = await submitExam(db, attempt, [], settings, at(2));
    expect(result).toEqual({ percent: 2.5, totalQuestions: 40, correctQuestions: 1, passed: false });
    for (const call of [revealQuestion(db, attempt, 2, settings, at(3)), answerQuestion(db, attempt, 1, timeout, settings, at(3)), submitExam(db, attempt, [], settings, at(3))]) {
      expect(await refusal(call)).toEqual({ status: 409, code: 'exam_taken' });
    }
    expect(await attemptOf(db, attempt, settings, at(3))).toEqual({
      status: 'finished',
      totalQuestions: 40,
      revealedQuestions: 40,
      answeredQuestions: 40,
      current: null,
      nextQuestion: null,
      result,
    });
  });

  it('refuses to end an attempt that has not begun', async () => {
    expect(await refusal(submitExam(db, await anAttempt(), [], settings, start))).toEqual({ status: 409, code: 'exam_not_started' });
  });
});
