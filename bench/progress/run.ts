// Listening reports: BENCH_LEARNERS learners (1000), approved for a plan, each play one of
// its videos at 1× and report through the gateway every 10 s (the ranges played since the page opened
// the video, cumulative, and the playhead) for BENCH_SECONDS (120), starting within the first 10 s.
// One in 10 seeks once; one in 20 sends each report twice at once (a retried beacon); half resume a
// video part-way. Beside them BENCH_REFERENCE_LEARNERS (a tenth more) report straight at the catalog:
// the reference the gateway's hop is read against.
// Distributed mode: auth, catalog and the gateway each as its own process (media is not needed: the
// bench publishes the videos' `video.published` itself, 30 minutes each, as media would after its
// probe; the demo's 8-s clips are too short), on PostgreSQL (DATABASE_URL: schemas made and dropped
// here) and RabbitMQ (AMQP_URL: a virtual host of the bench's own, made and deleted with rabbitmqctl).
// Printed: reports sent and answered 200, the latency of a report, and the write cost per report
// (PostgreSQL's statistics for the catalog's schema, WAL, the listening table's size per row).
// Checked: every learner's listenedSeconds and position at the end (GET /v1/progress/monsterplans/{id})
// are what its reports covered, the retried ones counted once. Exits 1 on a failed check.
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { payloadKey, progressRules, type PlanProgress } from '@learning/contracts';
import { closedPortUrl, dropSchemas, uniqueSuffix } from '@learning/testing';
import { freshVhost } from '@learning/testing/rabbitmq';
import { clientOf, expectStatus, inTurns, signIn, Timings, type Call } from '../client.js';
import { figuresOf, percentile, rateOf, seconds, sorted } from '../latency.js';
import { startProcess, stopProcess, whenReady } from '../processes.js';
import { coveredSeconds, playAndReport, union, type Listener, type Playing, type SentReport } from './listener.js';
import { approveForPlan, makePlan, publishVideos, registerLearners } from './set-up.js';
import { backgroundWalBytesPerSecond, ownWalBetween, printListeningSize, printWriteCost, snapshotOf, statisticsSettleMs, walBytesBetween, walInspectorSchema, walLsn } from './write-cost.js';

const databaseUrl = process.env.DATABASE_URL;
const amqpUrl = process.env.AMQP_URL;
if (!databaseUrl || !amqpUrl) {
  console.error('bench/progress runs the distributed mode: it needs DATABASE_URL (PostgreSQL) and AMQP_URL (RabbitMQ), e.g.');
  console.error('DATABASE_URL=postgres://postgres@127.0.0.1:5432/platform_test AMQP_URL=amqp://guest:guest@127.0.0.1:5672 npx tsx bench/progress/run.ts');
  process.exit(1);
}

const learnerCount = Number(process.env.BENCH_LEARNERS ?? 1000);
const referenceCount = Number(process.env.BENCH_REFERENCE_LEARNERS ?? Math.round(learnerCount / 10));
const benchSeconds = Number(process.env.BENCH_SECONDS ?? 120);
const rampUpSeconds = progressRules.reportEverySeconds;
const videoCount = 7;
const videoSeconds = 30 * 60;
const seekEvery = 10;
const retriedEvery = 20;
const p99GoalMs = 50;
const payloadSecret = 'bench-payload-secret';
const admin = { email: 'bench-admin@test.mn', password: 'bench-admin-password' };
const schemaPrefix = `bench${uniqueSuffix()}`;
const catalogSchema = `${schemaPrefix}_catalog`;

const vhost = await freshVhost(amqpUrl);
if (!vhost) {
  console.error('bench/progress needs a RabbitMQ virtual host of its own (made with rabbitmqctl on this machine), so that no other run consumes its events.');
  process.exit(1);
}
console.log(`machine: ${loadLine()}`);
const urls = { auth: await closedPortUrl(), catalog: await closedPortUrl(), exam: await closedPortUrl(), media: await closedPortUrl(), gateway: await closedPortUrl() };
const portOf = (url: string) => new URL(url).port;
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-progress-'));
const common = { LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, AMQP_URL: vhost.url, AUTH_URL: urls.auth };
const children = [
  startProcess('services/auth/src/main.ts', { ...common, PORT: portOf(urls.auth), DATABASE_SCHEMA: `${schemaPrefix}_auth`, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }),
  startProcess('services/catalog/src/main.ts', { ...common, PORT: portOf(urls.catalog), DATABASE_SCHEMA: catalogSchema, SEED_DEMO: '0', MEDIA_SIGNING_SECRET: 'bench-media-signing-secret', BANK_ACCOUNT_KEY: 'bench-bank-account-key' }),
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
  // The gateway's /readyz waits for every service, media and exam too: its liveness is enough here.
  await Promise.all([whenReady(`${urls.auth}/readyz`), whenReady(`${urls.catalog}/readyz`), whenReady(`${urls.gateway}/healthz`)]);
  await database.connect();
  const timings = { gateway: new Timings(), direct: new Timings() };
  const viaGateway = clientOf(urls.gateway, timings.gateway, await payloadKey(payloadSecret));
  const direct = clientOf(urls.catalog, timings.direct);

  const settingUp = Date.now();
  const videos = await publishVideos(vhost.url, database, catalogSchema, videoCount, videoSeconds);
  const adminToken = await signIn(viaGateway, admin.email, admin.password);
  const monsterplanId = await makePlan(viaGateway, adminToken, `Bench progress ${schemaPrefix}`, videos);
  const learners = await registerLearners(viaGateway, database, catalogSchema, schemaPrefix, learnerCount + referenceCount);
  await approveForPlan(viaGateway, adminToken, monsterplanId, learners);
  console.log(
    `set up through the real calls in ${seconds(Date.now() - settingUp)}: ${videoCount} videos of ${videoSeconds / 60} min published as media would (video.published with the duration), a plan of them, ${learners.length} learners registered, signed in and approved for it`,
  );

  const inspector = await walInspectorSchema(database, `${schemaPrefix}_walinspect`);
  // A quiet window: the set-up's table counters reach the statistics, and the server's WAL without the bench is measured.
  const backgroundPerSecond = await backgroundWalBytesPerSecond(database, statisticsSettleMs);
  const before = await snapshotOf(database, catalogSchema);

  const playings = learners.map((_, index) => playingOf(index, monsterplanId, videos));
  const reportsOf = learners.map((): SentReport[] => []);
  console.log(
    `listening: ${learnerCount} learners through the gateway + ${referenceCount} straight at the catalog, starting within ${rampUpSeconds} s, reporting every ${progressRules.reportEverySeconds} s for ${benchSeconds} s at 1× (one in ${seekEvery} seeks once, one in ${retriedEvery} sends each report twice at once)`,
  );
  const endsAt = Date.now() + benchSeconds * 1000;
  const listened = await Promise.allSettled(
    learners.map(async (learner, index) => {
      await sleep(Math.random() * rampUpSeconds * 1000);
      await playAndReport(index < learnerCount ? viaGateway : direct, learner, playings[index]!, endsAt, reportsOf[index]!);
    }),
  );
  const walEnd = await walLsn(database);
  const walDuring = await walBytesBetween(database, before.walLsn, walEnd);
  const listeningSeconds = (Date.now() - before.at) / 1000;
  const endedAt = Date.now();
  console.log(`machine after listening: ${loadLine()}`);

  const verdicts = await checkListening(viaGateway, monsterplanId, learners, playings, reportsOf, listened);
  printLatencies(timings);

  await sleep(Math.max(0, endedAt + statisticsSettleMs - Date.now()));
  const after = await snapshotOf(database, catalogSchema);
  const reportsSent = reportsOf.flat().reduce((sum, { statuses }) => sum + statuses.length, 0);
  const ownWal = inspector === undefined ? undefined : await ownWalBetween(database, inspector, catalogSchema, before.walLsn, walEnd);
  printWriteCost(before, after, { during: walDuring, own: ownWal, backgroundPerSecond, seconds: listeningSeconds }, reportsSent);
  await printListeningSize(database, catalogSchema);

  isHealthy = verdicts.every(Boolean);
  console.log(isHealthy ? 'every report answered 200; every learner holds what its reports covered, retried reports counted once' : 'FAILED: see above');
} finally {
  await database.end().catch(() => undefined);
  await Promise.all(children.map(stopProcess));
  await rm(dataDir, { recursive: true, force: true });
  await dropSchemas(databaseUrl, schemaPrefix);
  await vhost.remove();
}
process.exit(isHealthy ? 0 : 1);

/** What learner `index` plays: a video of the plan, from the start or resumed part-way, with a seek or retries for some. */
function playingOf(index: number, monsterplanId: string, videos: string[]): Playing {
  const reportsEach = Math.floor(benchSeconds / progressRules.reportEverySeconds);
  const anywhere = (before: number) => Math.round(Math.random() * before * 1000) / 1000;
  return {
    monsterplanId,
    videoId: videos[index % videos.length]!,
    startAt: index % 2 === 0 ? 0 : anywhere(videoSeconds / 2),
    ...(index % seekEvery === 3 && reportsEach > 2 ? { seek: { afterReport: 1 + Math.floor(Math.random() * (reportsEach - 2)), to: anywhere(videoSeconds - 2 * benchSeconds) } } : {}),
    isRetried: index % retriedEvery === 0,
  };
}

/** Prints each check; answers whether each held. */
async function checkListening(
  call: Call,
  monsterplanId: string,
  learners: Listener[],
  playings: Playing[],
  reportsOf: SentReport[][],
  listened: PromiseSettledResult<void>[],
): Promise<boolean[]> {
  const failures = listened.flatMap((outcome, index) => (outcome.status === 'rejected' ? [`learner ${index + 1}: ${(outcome.reason as Error).message}`] : []));
  const statuses = reportsOf.flat().flatMap((report) => report.statuses);
  const answered = statuses.filter((status) => status === 200).length;
  const others = new Map<number, number>();
  for (const status of statuses.filter((status) => status !== 200)) others.set(status, (others.get(status) ?? 0) + 1);
  const otherText = [...others].map(([status, count]) => `${count} × ${status === 0 ? 'no answer' : status}`).join(', ');
  console.log(`reports sent ${statuses.length} (${reportsOf.flat().length} distinct, the rest retried copies), answered 200 ${answered}${otherText ? `, others: ${otherText}` : ''}`);
  for (const failure of failures.slice(0, 5)) console.log(`  ${failure}`);

  // Each learner's video as the plan's progress shows it, against the union of the ranges its answered reports sent.
  const mismatches = (
    await inTurns(learners.length, async (index) => {
      const progress = expectStatus(await call<PlanProgress>('GET', `/v1/progress/monsterplans/${monsterplanId}`, { token: learners[index]!.token }), 200, 'the plan progress');
      const video = progress.videos.find(({ videoId }) => videoId === playings[index]!.videoId);
      const taken = reportsOf[index]!.filter(({ answered }) => answered);
      const expectedSeconds = coveredSeconds(union(taken.flatMap(({ ranges }) => ranges)));
      const expectedPosition = taken.at(-1)?.position ?? 0;
      // The server answers seconds to 0.1.
      const isRight = video !== undefined && Math.abs(video.listenedSeconds - expectedSeconds) <= 0.05 + 1e-6 && Math.abs(video.position - expectedPosition) <= 0.05 + 1e-6;
      return isRight ? [] : [`learner ${index + 1}: holds ${video?.listenedSeconds} s at ${video?.position}, its reports covered ${expectedSeconds.toFixed(3)} s, the last at ${expectedPosition}`];
    })
  ).flat();
  const retried = playings.filter(({ isRetried }) => isRetried).length;
  const seeking = playings.filter(({ seek }) => seek).length;
  console.log(
    `listenedSeconds and position as the reports covered: ${learners.length - mismatches.length} of ${learners.length} learners (${retried} sent every report twice, ${seeking} sought, ${playings.filter(({ startAt }) => startAt > 0).length} resumed part-way)`,
  );
  for (const mismatch of mismatches.slice(0, 5)) console.log(`  ${mismatch}`);
  return [failures.length === 0, answered === statuses.length, mismatches.length === 0];
}

function printLatencies(timings: { gateway: Timings; direct: Timings }): void {
  console.log("latency of a report in ms, from the call to its answer's last byte");
  console.log(`  through the gateway                   ${figuresOf(timings.gateway.latencies.get('report') ?? [])}`);
  console.log(`  straight at the catalog (reference)   ${figuresOf(timings.direct.latencies.get('report') ?? [])}`);
  for (const [name, { endings }] of Object.entries(timings)) {
    const rate = rateOf(endings.get('report') ?? []);
    if (!rate) continue;
    console.log(`  ${name}: ${rate.calls} reports, ${rate.perSecond.toFixed(0)}/s over ${rate.spanSeconds.toFixed(0)} s, busiest second ${rate.busiest}`);
  }
  // Whether the slow reports are spread out or bunched in a few seconds (a stall of the machine, a pause of a process).
  const latencies = timings.gateway.latencies.get('report') ?? [];
  const endings = timings.gateway.endings.get('report') ?? [];
  const slowSeconds = new Map<number, number>();
  latencies.forEach((latency, index) => {
    if (latency > p99GoalMs) slowSeconds.set(Math.floor(endings[index]! / 1000), (slowSeconds.get(Math.floor(endings[index]! / 1000)) ?? 0) + 1);
  });
  const slow = [...slowSeconds.values()].reduce((sum, count) => sum + count, 0);
  const bunched = sorted([...slowSeconds.values()]).reverse().slice(0, 10).reduce((sum, count) => sum + count, 0);
  console.log(
    `  over ${p99GoalMs} ms through the gateway: ${slow} reports (${((100 * slow) / Math.max(1, latencies.length)).toFixed(1)} %), ending in ${slowSeconds.size} distinct seconds; the 10 worst seconds hold ${bunched} of them`,
  );
  const p99 = percentile(sorted(latencies), 0.99);
  console.log(`  goal p99 ≤ ${p99GoalMs} ms through the gateway: ${p99.toFixed(1)} ms: ${p99 <= p99GoalMs ? 'met' : 'missed'}`);
}

function loadLine(): string {
  return `load average ${loadavg().map((load) => load.toFixed(2)).join(', ')} on ${availableParallelism()} cores shared with other work`;
}
