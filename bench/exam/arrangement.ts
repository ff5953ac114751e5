// An exam day as the benches arrange it through the real calls, and the checks after it: the
// administrator's plan with its exam and a bank of 60 questions (on a video of the catalog's demo),
// learners registered, signed in, asking for the plan and approved, each bench waiting until the
// services know what the events told them; the learners' sittings (bench/exam/sitting.ts); then every
// attempt graded exactly once, no answer lost, the grades against the bench's own choices.
// bench/exam, bench/release and bench/scale share it.
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { exam } from '@learning/contracts';
import { demoMonsterplanVideos } from '@learning/contracts/demo';
import { eventually } from '@learning/testing';
import { expectStatus, inTurns, signIn, type Call } from '../client.js';
import { sitExam, type GivenAnswer, type Learner, type Pace, type Sitting } from './sitting.js';

export const bankSize = 60;

/** Where a bench's exam day runs: the calls through the gateway, and the services' schemas it reads. */
export interface ExamArrangement {
  call: Call;
  database: pg.Client;
  /** A service's schema, quoted: `"bench1a2b_exam"` beside other runs, or `"exam"` in a database of the bench's own. */
  schemaOf(service: 'auth' | 'catalog' | 'exam'): string;
  /** Makes the plan's name and the learners' emails the run's own. */
  suffix: string;
}

/** A plan with its exam, made by the administrator on one of the catalog's demo videos, once the exam knows it, with its bank. */
export async function examPlan({ call, schemaOf, suffix, database }: ExamArrangement, token: string): Promise<string> {
  // As an administrator must: the plan, its bank, then its exam switched on once the catalog knows the bank.
  const body = { name: `Bench exam ${suffix}`, price: '49,000₮', isActive: true, exam: false, videos: [demoMonsterplanVideos[0]![0]!.id] };
  const plan = expectStatus(await call<{ _id: string }>('POST', '/v1/monsterplans', { token, body }), 201, 'making the plan');
  await eventually(async () => (await count(database, `SELECT count(*) FROM ${schemaOf('exam')}.monsterplan WHERE id = $1`, [plan._id])) === 1, 'the exam knows the plan', 30_000);
  const questions = Array.from({ length: bankSize }, (_, index): exam.QuestionInput => {
    const n = index + 1;
    return { question: `Sentence ${n} has the word word${n} in it.`, niceWord: `word${n}`, answers: [`wrong-a-${n}`, `right-${n}`, `wrong-b-${n}`, `wrong-c-${n}`], correct: 2 };
  });
  const { count: bank } = expectStatus(await call<{ count: number }>('POST', `/v1/monsterplans/${plan._id}/questions`, { token, body: questions }), 201, 'importing the bank');
  if (bank !== bankSize) throw new Error(`the bank holds ${bank} questions, not ${bankSize}`);
  const catalogKnowsBank = `SELECT count(*) FROM ${schemaOf('catalog')}.question_bank WHERE monsterplan_id = $1 AND question_count = $2`;
  await eventually(async () => (await count(database, catalogKnowsBank, [plan._id, bankSize])) === 1, 'the catalog knows the bank', 30_000);
  expectStatus(await call('PUT', `/v1/monsterplans/${plan._id}`, { token, body: { ...body, exam: true } }), 200, 'switching the exam on');
  const examKnowsExam = `SELECT count(*) FROM ${schemaOf('exam')}.monsterplan WHERE id = $1 AND has_exam`;
  await eventually(async () => (await count(database, examKnowsExam, [plan._id])) === 1, 'the exam knows the plan has its exam', 30_000);
  return plan._id;
}

/** The email and password of the run's learner `index` (0, 1, …), as registered. */
export function learnerCredentials({ suffix }: Pick<ExamArrangement, 'suffix'>, index: number): { email: string; password: string } {
  return { email: `learner-${index + 1}-${suffix}@bench.mn`, password: 'bench-learner-password' };
}

/** Learners registered and signed in through the gateway, once the catalog knows them all. */
export async function registeredLearners(arrangement: ExamArrangement, total: number): Promise<Learner[]> {
  const { call, schemaOf, suffix, database } = arrangement;
  const learners = await inTurns(total, async (index) => {
    const { email, password } = learnerCredentials(arrangement, index);
    const account = expectStatus(await call<{ _id: string }>('POST', '/v1/auth/register', { body: { email, name: `Сурагч ${index + 1}`, password, repeatPassword: password } }), 201, 'registering');
    return { id: account._id, token: await signIn(call, email, password) };
  });
  const known = () => count(database, `SELECT count(*) FROM ${schemaOf('catalog')}.learner WHERE email LIKE $1`, [`%-${suffix}@bench.mn`]);
  await eventually(async () => (await known()) === total, 'the catalog knows every learner', 60_000);
  return learners;
}

/** Each learner asks for the plan and the administrator approves; waits until the exam's read model holds every approval. */
export async function approve({ call, schemaOf, database }: ExamArrangement, adminToken: string, monsterplanId: string, learners: Learner[]): Promise<void> {
  await inTurns(learners.length, async (index) => {
    const asked = await call<{ _id: string }>('POST', '/v1/monsterplan-requests', { token: learners[index]!.token, body: { monsterplan: monsterplanId } });
    const request = expectStatus(asked, 201, 'asking for the plan');
    expectStatus(await call('PUT', `/v1/monsterplan-requests/${request._id}`, { token: adminToken }), 200, 'approving');
  });
  const approvals = () => count(database, `SELECT count(*) FROM ${schemaOf('exam')}.approval WHERE monsterplan_id = $1`, [monsterplanId]);
  await eventually(async () => (await approvals()) === learners.length, 'the exam knows every approval', 120_000);
}

/** The correct option of each bank question, as the administrator's list shows it. */
export async function correctOptions(call: Call, token: string, monsterplanId: string): Promise<Map<string, string>> {
  const answer = await call<{ result: exam.BankQuestion[] }>('GET', `/v1/monsterplans/${monsterplanId}/questions?perPage=100`, { token });
  return new Map(expectStatus(answer, 200, 'listing the bank').result.map((question) => [question._id, question.correctAnswer]));
}

export interface ExamDay {
  monsterplanId: string;
  correctOf: ReadonlyMap<string, string>;
  seal(answers: exam.ExamAnswer[]): Promise<string>;
  pace: Pace;
  /** Each learner begins at a random moment within this many seconds. */
  startSpreadSeconds: number;
  /** One learner in this many ends the attempt twice at once (a double click): one grades, one is refused. */
  doubleSubmitEvery: number;
}

export interface SatExams {
  sittings: PromiseSettledResult<Sitting>[];
  /** What each learner sent, in order, kept as sent so those of an attempt cut short are looked for too. */
  answersOf: GivenAnswer[][];
}

/** Every learner's sitting through `callOf(index)`, each beginning within the start spread; resolves when all have ended. */
export async function sitExamDay(learners: Learner[], day: ExamDay, callOf: (index: number) => Call): Promise<SatExams> {
  const answersOf = learners.map((): GivenAnswer[] => []);
  const sittings = await Promise.allSettled(
    learners.map(async (learner, index) => {
      await sleep(Math.random() * day.startSpreadSeconds * 1000);
      const plan = { monsterplanId: day.monsterplanId, correctOf: day.correctOf, submitsTwice: index % day.doubleSubmitEvery === 0, seal: day.seal };
      return sitExam(callOf(index), learner, plan, day.pace, answersOf[index]!);
    }),
  );
  return { sittings, answersOf };
}

/** Prints each check of the day's sittings; answers whether each held. */
export async function checkExamDay(arrangement: ExamArrangement, monsterplanId: string, learners: Learner[], { sittings: settled, answersOf }: SatExams): Promise<boolean[]> {
  const { call, schemaOf, database } = arrangement;
  const sittings = new Map<string, Sitting>();
  const failures: string[] = [];
  settled.forEach((outcome, index) => {
    if (outcome.status === 'fulfilled') sittings.set(learners[index]!.id, outcome.value);
    else failures.push(`learner ${index + 1}: ${(outcome.reason as Error).message}`);
  });
  console.log(`attempts finished ${sittings.size} of ${learners.length}, failed ${failures.length}`);
  for (const failure of failures.slice(0, 5)) console.log(`  ${failure}`);

  // Every attempt graded exactly once: its ending answered one grade, one result row, one exam.completed.
  const doubled = [...sittings.values()].filter(({ submitStatuses }) => submitStatuses.length === 2);
  const results = await perLearner(database, `SELECT user_id AS id, count(*) FROM ${schemaOf('exam')}.result WHERE monsterplan_id = $1 GROUP BY user_id`, [monsterplanId]);
  const published = await perLearner(database, `SELECT data->>'userId' AS id, count(*) FROM ${schemaOf('exam')}.outbox WHERE type = 'exam.completed' GROUP BY 1`);
  const resultRows = sum(results);
  const gradedOnce = learners.filter(({ id }) => sittings.has(id) && results.get(id) === 1 && published.get(id) === 1).length;
  console.log(
    `attempts graded: ${sittings.size} answered a grade (${doubled.length} ended twice at once: ${doubled.length} × 200 + 409 exam_taken); results rows in the exam schema ${resultRows}, exam.completed published ${sum(published)}; graded exactly once ${gradedOnce} of ${learners.length}`,
  );

  // Auth hears of each result once (its inbox) and shows it on /v1/auth/me.
  const heard = () => count(database, `SELECT count(*) FROM ${schemaOf('auth')}.inbox WHERE type = 'exam.completed'`);
  await eventually(async () => (await heard()) >= resultRows, 'auth has heard of every result', 60_000).catch(() => undefined);
  const heardCount = await heard();
  const mismatchedOnMe = (
    await inTurns(learners.length, async (index) => {
      const learner = learners[index]!;
      const me = expectStatus(await call<{ monsterplanExam: Array<{ id: string; correctQuestions: number }> }>('GET', '/v1/auth/me', { token: learner.token }), 200, '/v1/auth/me');
      const shown = me.monsterplanExam.filter(({ id }) => id === monsterplanId);
      return shown.length === 1 && shown[0]!.correctQuestions === sittings.get(learner.id)?.result.correctQuestions;
    })
  ).filter((isShown) => !isShown).length;
  console.log(`exam.completed seen by auth: ${heardCount} applied (inbox) of ${resultRows}; GET /v1/auth/me shows the result once for ${learners.length - mismatchedOnMe} of ${learners.length}`);

  // No answer lost: each one sent, by every learner, is in revealed_question as the server timed it
  // (999 when late); one whose call failed is lost unless the server recorded it all the same.
  const { rows } = await database.query<{ user_id: string; number: number; answer: string | null }>(
    `SELECT user_id, number, answer FROM ${schemaOf('exam')}.revealed_question WHERE monsterplan_id = $1`,
    [monsterplanId],
  );
  const recorded = new Map(rows.map((row) => [`${row.user_id}:${row.number}`, row.answer]));
  const sent = learners.flatMap(({ id }, index) => answersOf[index]!.map((answer) => ({ ...answer, found: recorded.get(`${id}:${answer.number}`) })));
  const failedCalls = sent.filter(({ isOnTime }) => isOnTime === undefined);
  const lostWithError = failedCalls.filter(({ found }) => found == null).length;
  const lostSilently = sent.filter(({ isOnTime, sent, found }) => isOnTime !== undefined && found !== String(isOnTime ? sent : exam.examRules.timeoutAnswer)).length;
  const lost = lostWithError + lostSilently;
  const late = sent.filter(({ isOnTime }) => isOnTime === false).length;
  const timedOut = sent.filter(({ sent }) => sent === exam.examRules.timeoutAnswer).length;
  console.log(
    `answers sent ${sent.length} (${timedOut} of them the page's 999), recorded as sent ${sent.length - lost}, lost ${lost} (silently ${lostSilently}; ${failedCalls.length} calls failed, the learner told, ${failedCalls.length - lostWithError} of them recorded all the same); the server found ${late} late (recorded 999)`,
  );

  // The grades equal what the bench chose.
  const differing = [...sittings.values()].filter(({ expected, result }) => {
    return result.correctQuestions !== expected.correctQuestions || result.totalQuestions !== expected.totalQuestions || result.passed !== expected.passed;
  }).length;
  const passed = [...sittings.values()].filter(({ result }) => result.passed).length;
  console.log(`grades as the bench expected from its own choices: ${sittings.size - differing} of ${sittings.size} (${passed} passed)`);

  return [failures.length === 0, gradedOnce === learners.length, resultRows === learners.length, heardCount === resultRows, mismatchedOnMe === 0, lost === 0, differing === 0];
}

async function count(database: pg.Client, query: string, values: unknown[] = []): Promise<number> {
  const { rows } = await database.query<{ count: string }>(query, values);
  return Number(rows[0]!.count);
}

async function perLearner(database: pg.Client, query: string, values: unknown[] = []): Promise<Map<string, number>> {
  const { rows } = await database.query<{ id: string; count: string }>(query, values);
  return new Map(rows.map(({ id, count }) => [id, Number(count)]));
}

function sum(counts: Map<string, number>): number {
  return [...counts.values()].reduce((total, value) => total + value, 0);
}
