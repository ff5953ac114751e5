// An exam day: BENCH_LEARNERS learners (500), each approved for a plan with its exam and a
// bank of 60 questions, begin within the same minute (BENCH_START_SPREAD_SECONDS, 60) and answer at
// human pace through the gateway (bench/exam/sitting.ts); BENCH_THINK_SCALE (1) scales every wait.
// Distributed mode: auth, catalog, exam and the gateway each as its own process (media is not needed),
// on PostgreSQL (DATABASE_URL: schemas made and dropped here) and RabbitMQ (AMQP_URL: a virtual host
// of the bench's own, made and deleted with rabbitmqctl, so no other run's services take its events).
// Everything is set up through the real calls, so each service knows what events told it: learners
// register and sign in, the administrator makes the plan (on a video of the catalog's demo, SEED_DEMO)
// and imports its bank, each learner asks for the plan and the administrator approves; the bench
// waits until the exam's read model holds every approval.
// Beside them, in the same run, BENCH_REFERENCE_LEARNERS (a tenth more) take the same exam straight
// at the exam service: the reference the gateway's hop is read against.
// Printed: every attempt graded exactly once (the answer, the exam's results and outbox, auth's inbox
// and GET /v1/auth/me), no answer lost (each one sent against revealed_question), the grades against
// the bench's own choices, and the latency of revealing and of answering. Exits 1 when an attempt is
// not graded exactly once, an answer is lost, or a grade differs.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { exam, payloadKey, sealPayload } from '@learning/contracts';
import { demoMonsterplanVideos } from '@learning/contracts/demo';
import { closedPortUrl, dropSchemas, eventually, uniqueSuffix } from '@learning/testing';
import { freshVhost } from '@learning/testing/rabbitmq';
import { startProcess, stopProcess, whenReady } from '../processes.js';
import { clientOf, expectStatus, inTurns, signIn, Timings, type Call } from '../client.js';
import { figuresOf, percentile, rateOf, seconds, sorted } from '../latency.js';
import { sitExam, type GivenAnswer, type Learner, type Pace, type Sitting } from './sitting.js';

const databaseUrl = process.env.DATABASE_URL;
const amqpUrl = process.env.AMQP_URL;
if (!databaseUrl || !amqpUrl) {
  console.error('bench/exam runs the distributed mode: it needs DATABASE_URL (PostgreSQL) and AMQP_URL (RabbitMQ), e.g.');
  console.error('DATABASE_URL=postgres://postgres@127.0.0.1:5432/platform_test AMQP_URL=amqp://guest:guest@127.0.0.1:5672 npx tsx bench/exam/run.ts');
  process.exit(1);
}

const learnerCount = Number(process.env.BENCH_LEARNERS ?? 500);
const referenceCount = Number(process.env.BENCH_REFERENCE_LEARNERS ?? Math.round(learnerCount / 10));
const startSpreadSeconds = Number(process.env.BENCH_START_SPREAD_SECONDS ?? 60);
const pace: Pace = { thinkScale: Number(process.env.BENCH_THINK_SCALE ?? 1), timedOutShare: 0.05, rightShare: 0.9 };
const bankSize = 60;
/** One learner in this many ends the attempt twice at once (a double click): one grades, one is refused. */
const doubleSubmitEvery = 20;
const payloadSecret = 'bench-payload-secret';
const admin = { email: 'bench-admin@test.mn', password: 'bench-admin-password' };
const schemaPrefix = `bench${uniqueSuffix()}`;
const schemaOf = (service: string) => `"${schemaPrefix}_${service}"`;

const vhost = await freshVhost(amqpUrl);
if (!vhost) {
  console.error('bench/exam needs a RabbitMQ virtual host of its own (made with rabbitmqctl on this machine), so that no other run consumes its events.');
  process.exit(1);
}
const urls = { auth: await closedPortUrl(), catalog: await closedPortUrl(), exam: await closedPortUrl(), media: await closedPortUrl(), gateway: await closedPortUrl() };
const portOf = (url: string) => new URL(url).port;
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-exam-'));
const common = { LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, AMQP_URL: vhost.url, AUTH_URL: urls.auth };
const children = [
  startProcess('services/auth/src/main.ts', { ...common, PORT: portOf(urls.auth), DATABASE_SCHEMA: `${schemaPrefix}_auth`, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }),
  // The demo seeds the catalog's videos, on which the bench's plan is made; the bench makes its own plan.
  startProcess('services/catalog/src/main.ts', { ...common, PORT: portOf(urls.catalog), DATABASE_SCHEMA: `${schemaPrefix}_catalog`, SEED_DEMO: '1', MEDIA_SIGNING_SECRET: 'bench-media-signing-secret', BANK_ACCOUNT_KEY: 'bench-bank-account-key' }),
  startProcess('services/exam/src/main.ts', { ...common, PORT: portOf(urls.exam), DATABASE_SCHEMA: `${schemaPrefix}_exam`, PAYLOAD_SECRET: payloadSecret }),
  startProcess('gateway/src/main.ts', {
    ...common,
    PORT: portOf(urls.gateway),
    CATALOG_URL: urls.catalog,
    EXAM_URL: urls.exam,
    MEDIA_URL: urls.media,
    PAYLOAD_SECRET: payloadSecret,
    RATE_LIMIT_AUTH: '100000',
  }),
];
const database = new pg.Client({ connectionString: databaseUrl });
let isHealthy: boolean;

try {
  // The gateway's /readyz waits for every service, media too: its liveness is enough here.
  await Promise.all([whenReady(`${urls.auth}/readyz`), whenReady(`${urls.catalog}/readyz`), whenReady(`${urls.exam}/readyz`), whenReady(`${urls.gateway}/healthz`)]);
  await database.connect();
  const key = await payloadKey(payloadSecret);
  const timings = { gateway: new Timings(), direct: new Timings() };
  const viaGateway = clientOf(urls.gateway, timings.gateway, key);
  const direct = clientOf(urls.exam, timings.direct);

  const settingUp = Date.now();
  const adminToken = await signIn(viaGateway, admin.email, admin.password);
  const monsterplanId = await examPlan(viaGateway, adminToken);
  const learners = await registeredLearners(viaGateway, learnerCount + referenceCount);
  await approve(viaGateway, adminToken, monsterplanId, learners);
  const correctOf = await correctOptions(viaGateway, adminToken, monsterplanId);
  console.log(
    `set up through the real calls in ${seconds(Date.now() - settingUp)}: ${learners.length} learners registered, signed in, approved for a plan with its exam and a bank of ${bankSize} questions (the exam knows every approval from events)`,
  );

  const seal = (answers: exam.ExamAnswer[]) => sealPayload(key, JSON.stringify(answers));
  console.log(
    `exam day: ${learnerCount} learners through the gateway + ${referenceCount} straight at the exam service, beginning within ${startSpreadSeconds} s, think 1–8 s × ${pace.thinkScale}, ${pace.timedOutShare * 100} % left to run out (999), one in ${doubleSubmitEvery} ending twice at once`,
  );
  const examDay = Date.now();
  const answersOf = learners.map((): GivenAnswer[] => []);
  const sittings = await Promise.allSettled(
    learners.map(async (learner, index) => {
      await sleep(Math.random() * startSpreadSeconds * 1000);
      const call = index < learnerCount ? viaGateway : direct;
      return sitExam(call, learner, { monsterplanId, correctOf, submitsTwice: index % doubleSubmitEvery === 0, seal }, pace, answersOf[index]!);
    }),
  );
  console.log(`the exam day took ${seconds(Date.now() - examDay)}`);

  const verdicts = await checkExamDay(viaGateway, monsterplanId, learners, sittings, answersOf);
  printLatencies(timings);
  isHealthy = verdicts.every(Boolean);
  console.log(isHealthy ? 'every attempt graded exactly once, no answer lost, every grade as expected' : 'FAILED: see above');
} finally {
  await database.end().catch(() => undefined);
  await Promise.all(children.map(stopProcess));
  await rm(dataDir, { recursive: true, force: true });
  await dropSchemas(databaseUrl, schemaPrefix);
  await vhost.remove();
}
process.exit(isHealthy ? 0 : 1);

/** A plan with its exam, made by the administrator on one of the catalog's demo videos, once the exam knows it, with its bank. */
async function examPlan(call: Call, token: string): Promise<string> {
  // As an administrator must: the plan, its bank, then its exam switched on once the catalog knows the bank.
  const body = { name: `Bench exam ${schemaPrefix}`, price: '49,000₮', isActive: true, exam: false, videos: [demoMonsterplanVideos[0]![0]!.id] };
  const plan = expectStatus(await call<{ _id: string }>('POST', '/v1/monsterplans', { token, body }), 201, 'making the plan');
  await eventually(async () => (await count(`SELECT count(*) FROM ${schemaOf('exam')}.monsterplan WHERE id = $1`, [plan._id])) === 1, 'the exam knows the plan', 30_000);
  const questions = Array.from({ length: bankSize }, (_, index): exam.QuestionInput => {
    const n = index + 1;
    return { question: `Sentence ${n} has the word word${n} in it.`, niceWord: `word${n}`, answers: [`wrong-a-${n}`, `right-${n}`, `wrong-b-${n}`, `wrong-c-${n}`], correct: 2 };
  });
  const { count: bank } = expectStatus(await call<{ count: number }>('POST', `/v1/monsterplans/${plan._id}/questions`, { token, body: questions }), 201, 'importing the bank');
  if (bank !== bankSize) throw new Error(`the bank holds ${bank} questions, not ${bankSize}`);
  await eventually(async () => (await count(`SELECT count(*) FROM ${schemaOf('catalog')}.question_bank WHERE monsterplan_id = $1 AND question_count = $2`, [plan._id, bankSize])) === 1, 'the catalog knows the bank', 30_000);
  expectStatus(await call('PUT', `/v1/monsterplans/${plan._id}`, { token, body: { ...body, exam: true } }), 200, 'switching the exam on');
  await eventually(async () => (await count(`SELECT count(*) FROM ${schemaOf('exam')}.monsterplan WHERE id = $1 AND has_exam`, [plan._id])) === 1, 'the exam knows the plan has its exam', 30_000);
  return plan._id;
}

/** Learners registered and signed in through the gateway, once the catalog knows them all. */
async function registeredLearners(call: Call, total: number): Promise<Learner[]> {
  const password = 'bench-learner-password';
  const learners = await inTurns(total, async (index) => {
    const email = `learner-${index + 1}-${schemaPrefix}@bench.mn`;
    const account = expectStatus(await call<{ _id: string }>('POST', '/v1/auth/register', { body: { email, name: `Сурагч ${index + 1}`, password, repeatPassword: password } }), 201, 'registering');
    return { id: account._id, token: await signIn(call, email, password) };
  });
  await eventually(async () => (await count(`SELECT count(*) FROM ${schemaOf('catalog')}.learner WHERE email LIKE $1`, [`%-${schemaPrefix}@bench.mn`])) === total, 'the catalog knows every learner', 60_000);
  return learners;
}

/** Each learner asks for the plan and the administrator approves; waits until the exam's read model holds every approval. */
async function approve(call: Call, adminToken: string, monsterplanId: string, learners: Learner[]): Promise<void> {
  await inTurns(learners.length, async (index) => {
    const asked = await call<{ _id: string }>('POST', '/v1/monsterplan-requests', { token: learners[index]!.token, body: { monsterplan: monsterplanId } });
    const request = expectStatus(asked, 201, 'asking for the plan');
    expectStatus(await call('PUT', `/v1/monsterplan-requests/${request._id}`, { token: adminToken }), 200, 'approving');
  });
  const approvals = () => count(`SELECT count(*) FROM ${schemaOf('exam')}.approval WHERE monsterplan_id = $1`, [monsterplanId]);
  await eventually(async () => (await approvals()) === learners.length, 'the exam knows every approval', 120_000);
}

/** The correct option of each bank question, as the administrator's list shows it. */
async function correctOptions(call: Call, token: string, monsterplanId: string): Promise<Map<string, string>> {
  const answer = await call<{ result: exam.BankQuestion[] }>('GET', `/v1/monsterplans/${monsterplanId}/questions?perPage=100`, { token });
  return new Map(expectStatus(answer, 200, 'listing the bank').result.map((question) => [question._id, question.correctAnswer]));
}

/** Prints each check; answers whether each held. */
async function checkExamDay(
  call: Call,
  monsterplanId: string,
  learners: Learner[],
  settled: PromiseSettledResult<Sitting>[],
  answersOf: GivenAnswer[][],
): Promise<boolean[]> {
  const sittings = new Map<string, Sitting>();
  const failures: string[] = [];
  settled.forEach((outcome, index) => {
    if (outcome.status === 'fulfilled') sittings.set(learners[index]!.id, outcome.value);
    else failures.push(`learner ${index + 1}: ${(outcome.reason as Error).message}`);
  });
  console.log(`learners: ${learners.length} (${learnerCount} through the gateway, ${referenceCount} straight at the exam service); attempts finished ${sittings.size}, failed ${failures.length}`);
  for (const failure of failures.slice(0, 5)) console.log(`  ${failure}`);

  // Every attempt graded exactly once: its ending answered one grade, one result row, one exam.completed.
  const doubled = [...sittings.values()].filter(({ submitStatuses }) => submitStatuses.length === 2);
  const results = await perLearner(`SELECT user_id AS id, count(*) FROM ${schemaOf('exam')}.result WHERE monsterplan_id = $1 GROUP BY user_id`, [monsterplanId]);
  const published = await perLearner(`SELECT data->>'userId' AS id, count(*) FROM ${schemaOf('exam')}.outbox WHERE type = 'exam.completed' GROUP BY 1`);
  const resultRows = sum(results);
  const gradedOnce = learners.filter(({ id }) => sittings.has(id) && results.get(id) === 1 && published.get(id) === 1).length;
  console.log(
    `attempts graded: ${sittings.size} answered a grade (${doubled.length} ended twice at once: ${doubled.length} × 200 + 409 exam_taken); results rows in the exam schema ${resultRows}, exam.completed published ${sum(published)}; graded exactly once ${gradedOnce} of ${learners.length}`,
  );

  // Auth hears of each result once (its inbox) and shows it on /v1/auth/me.
  const heard = () => count(`SELECT count(*) FROM ${schemaOf('auth')}.inbox WHERE type = 'exam.completed'`);
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

function printLatencies(timings: { gateway: Timings; direct: Timings }): void {
  console.log('latency in ms, from the call to its answer\'s last byte');
  console.log(`  ${''.padEnd(8)}${'through the gateway'.padEnd(60)}straight at the exam service (reference)`);
  for (const name of ['reveal', 'answer', 'attempt', 'submit']) {
    const column = (latencies: number[] | undefined) => figuresOf(latencies ?? []).padEnd(60);
    console.log(`  ${name.padEnd(8)}${column(timings.gateway.latencies.get(name))}${column(timings.direct.latencies.get(name))}`.trimEnd());
  }
  for (const [name, { endings }] of Object.entries(timings)) {
    const rate = rateOf([...(endings.get('reveal') ?? []), ...(endings.get('answer') ?? [])]);
    if (!rate) continue;
    console.log(`  reveal + answer ${name}: ${rate.calls} calls, ${rate.perSecond.toFixed(0)} calls/s over ${rate.spanSeconds.toFixed(0)} s, busiest second ${rate.busiest}`);
  }
  const p99s = ['reveal', 'answer'].map((name) => percentile(sorted(timings.gateway.latencies.get(name) ?? []), 0.99));
  console.log(`  goal p99 ≤ 100 ms through the gateway: reveal ${p99s[0]!.toFixed(1)} ms, answer ${p99s[1]!.toFixed(1)} ms: ${p99s.every((p99) => p99 <= 100) ? 'met' : 'missed'}`);
}

async function count(query: string, values: unknown[] = []): Promise<number> {
  const { rows } = await database.query<{ count: string }>(query, values);
  return Number(rows[0]!.count);
}

async function perLearner(query: string, values: unknown[] = []): Promise<Map<string, number>> {
  const { rows } = await database.query<{ id: string; count: string }>(query, values);
  return new Map(rows.map(({ id, count }) => [id, Number(count)]));
}

function sum(counts: Map<string, number>): number {
  return [...counts.values()].reduce((total, value) => total + value, 0);
}
