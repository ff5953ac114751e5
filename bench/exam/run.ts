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
import pg from 'pg';
import { exam, payloadKey, sealPayload } from '@learning/contracts';
import { closedPortUrl, dropSchemas, testTokenSigningKey, uniqueSuffix } from '@learning/testing';
import { freshVhost } from '@learning/testing/rabbitmq';
import { startProcess, stopProcess, whenReady } from '../processes.js';
import { clientOf, signIn, Timings } from '../client.js';
import { figuresOf, percentile, rateOf, seconds, sorted } from '../latency.js';
import { approve, bankSize, checkExamDay, correctOptions, examPlan, registeredLearners, sitExamDay, type ExamArrangement } from './arrangement.js';
import type { Pace } from './sitting.js';

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
/** One learner in this many ends the attempt twice at once (a double click): one grades, one is refused. */
const doubleSubmitEvery = 20;
const payloadSecret = 'bench-payload-secret';
const admin = { email: 'bench-admin@test.mn', password: 'bench-admin-password' };
const schemaPrefix = `bench${uniqueSuffix()}`;

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
  startProcess('services/auth/src/main.ts', {
    ...common,
    PORT: portOf(urls.auth),
    DATABASE_SCHEMA: `${schemaPrefix}_auth`,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    TOKEN_SIGNING_KEY: testTokenSigningKey(),
    MAIL_LINK_SECRET: 'bench-mail-link-secret',
  }),
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

  const arrangement: ExamArrangement = { call: viaGateway, database, schemaOf: (service) => `"${schemaPrefix}_${service}"`, suffix: schemaPrefix };

  const settingUp = Date.now();
  const adminToken = await signIn(viaGateway, admin.email, admin.password);
  const monsterplanId = await examPlan(arrangement, adminToken);
  const learners = await registeredLearners(arrangement, learnerCount + referenceCount);
  await approve(arrangement, adminToken, monsterplanId, learners);
  const correctOf = await correctOptions(viaGateway, adminToken, monsterplanId);
  console.log(
    `set up through the real calls in ${seconds(Date.now() - settingUp)}: ${learners.length} learners registered, signed in, approved for a plan with its exam and a bank of ${bankSize} questions (the exam knows every approval from events)`,
  );

  const seal = (answers: exam.ExamAnswer[]) => sealPayload(key, JSON.stringify(answers));
  console.log(
    `exam day: ${learnerCount} learners through the gateway + ${referenceCount} straight at the exam service, beginning within ${startSpreadSeconds} s, think 1–8 s × ${pace.thinkScale}, ${pace.timedOutShare * 100} % left to run out (999), one in ${doubleSubmitEvery} ending twice at once`,
  );
  const examDay = Date.now();
  const day = { monsterplanId, correctOf, seal, pace, startSpreadSeconds, doubleSubmitEvery };
  const sat = await sitExamDay(learners, day, (index) => (index < learnerCount ? viaGateway : direct));
  console.log(`the exam day took ${seconds(Date.now() - examDay)}`);

  console.log(`learners: ${learners.length} (${learnerCount} through the gateway, ${referenceCount} straight at the exam service)`);
  const verdicts = await checkExamDay(arrangement, monsterplanId, learners, sat);
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
