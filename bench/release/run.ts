// A release under load: `start:distributed --instances 2` (bench/distributed.ts: two of each service
// and of the gateway behind nginx, on a database, a RabbitMQ virtual host and an S3 stand-in of the
// bench's own), set up through the real calls (a plan with its exam and a bank, learners registered,
// signed in and approved: bench/exam/arrangement.ts), then a steady load through nginx
// (@learning/testing's steady-load: the plan list, sign-ins and listening reports, BENCH_CALLS_PER_SECOND
// in all) beside learners taking the exam at a quickened human pace, one beginning every few seconds,
// so that several are under way throughout. 20 s of that, then SIGHUP to the launcher, which restarts
// every instance in turn (auth, catalog, media, exam, the gateways), the load kept up until it says
// the release is done, and 5 s after.
// Printed: the calls sent and how each ended (failures with their reasons); those the client sent
// again because nginx had closed its idle kept-alive connection at a reload before reading them; those
// nginx sent to a second gateway (each load call carries a request id of its own, which every gateway
// and service logs); nginx's own complaints during the release (its error log); p50/p99 before and
// during the release; and the exam checks of bench/exam (every attempt graded exactly once, no answer
// lost), with each answer counted as it reached the exam's instances: none twice. Exits 1 on any
// failed call or check.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { exam, payloadKey, sealPayload } from '@learning/contracts';
import { demoMonsterplanVideos } from '@learning/contracts/demo';
import { startSteadyLoad, type LoadAnswer, type LoadCall } from '@learning/testing/steady-load';
import { clientOf, signIn, Timings } from '../client.js';
import { machineLoad, sharedServicesOrExit, startDistributed, type DistributedPlatform, type LogLine } from '../distributed.js';
import { approve, checkExamDay, correctOptions, examPlan, learnerCredentials, registeredLearners, type ExamArrangement, type SatExams } from '../exam/arrangement.js';
import { sitExam, type GivenAnswer, type Pace } from '../exam/sitting.js';
import { figuresOf, seconds } from '../latency.js';

const shared = sharedServicesOrExit('bench/release');
const callsPerSecond = Number(process.env.BENCH_CALLS_PER_SECOND ?? 40);
const beforeSeconds = 20;
const afterSeconds = 5;
const releaseWithinMs = 300_000;
/** Of every ten load calls: six plan lists, three listening reports, one sign-in (its argon2 hash is the dearest call by far). */
const turn = ['the plan list', 'a listening report', 'the plan list', 'sign-in', 'the plan list', 'a listening report', 'the plan list', 'a listening report', 'the plan list', 'the plan list'] as const;
/** A sitting begins this often until the release is done; each of its 40 questions takes 1–8 s × the think scale, so several overlap. */
const sittingEverySeconds = 8;
const pace: Pace = { thinkScale: 0.25, timedOutShare: 0.05, rightShare: 0.9 };
/** Enough learners for a sitting every 8 s through the longest release waited for. */
const sitterCount = Math.ceil((beforeSeconds + releaseWithinMs / 1000) / sittingEverySeconds);
/** The learners whose listening reports and sign-ins the load sends. */
const reporterCount = 4;
const doubleSubmitEvery = 20;

console.log(`machine: ${machineLoad()}`);
const platform = await startDistributed({ ...shared, instances: 2, logLevel: 'info' });
const database = new pg.Client({ connectionString: platform.databaseUrl });
let isHealthy: boolean;
try {
  await database.connect();
  const key = await payloadKey(platform.payloadSecret);
  const timings = new Timings();
  const call = clientOf(platform.url, timings, key);
  const arrangement: ExamArrangement = { call, database, schemaOf: (service) => `"${service}"`, suffix: 'release' };

  const settingUp = Date.now();
  const adminToken = await signIn(call, platform.admin.email, platform.admin.password);
  const monsterplanId = await examPlan(arrangement, adminToken);
  const learners = await registeredLearners(arrangement, sitterCount + reporterCount);
  await approve(arrangement, adminToken, monsterplanId, learners);
  const correctOf = await correctOptions(call, adminToken, monsterplanId);
  const videoId = demoMonsterplanVideos[0]![0]!.id;
  const { rows } = await database.query<{ duration_seconds: number | null }>('SELECT duration_seconds FROM catalog.video WHERE id = $1', [videoId]);
  const videoSeconds = Math.floor(rows[0]?.duration_seconds ?? 60);
  console.log(`two of each deployable behind nginx; set up through the real calls in ${seconds(Date.now() - settingUp)}: ${learners.length} learners approved for a plan with its exam`);

  const sitters = learners.slice(0, sitterCount);
  const reporters = learners.slice(sitterCount).map((learner, index) => ({ ...learner, ...learnerCredentials(arrangement, sitterCount + index), heardUpTo: 0 }));
  const calls = Array.from({ length: callsPerSecond * (beforeSeconds + releaseWithinMs / 1000 + afterSeconds + 60) }, (_, index): LoadCall => {
    const reporter = reporters[index % reporters.length]!;
    // Its own request id, which nginx passes on and every gateway and service logs with the call.
    const headers = { 'x-request-id': `release-${index}` };
    const name = turn[index % turn.length]!;
    if (name === 'the plan list') return { name, method: 'GET', path: '/v1/monsterplans', headers, isExpected: (status) => status === 200 };
    if (name === 'sign-in') return { name, method: 'POST', path: '/v1/auth/login', headers, body: () => ({ email: reporter.email, password: reporter.password }), isExpected: (status) => status === 200 };
    return {
      name,
      method: 'POST',
      path: `/v1/progress/videos/${videoId}`,
      headers: { ...headers, authorization: `Bearer ${reporter.token}` },
      body: () => {
        // A second more of the video each time, round and round its length.
        const start = reporter.heardUpTo++ % (videoSeconds - 1);
        return { monsterplan: monsterplanId, ranges: [[start, start + 1]], position: start + 1 };
      },
      isExpected: (status) => status === 200,
    };
  });

  console.log(`load: ${callsPerSecond} calls/s through nginx (of ten: 6 plan lists, 3 listening reports, 1 sign-in); a learner begins the exam every ${sittingEverySeconds} s (think 1–8 s × ${pace.thinkScale})`);
  const loadStarted = Date.now();
  const load = startSteadyLoad(platform.url, calls, { perSecond: callsPerSecond });
  const seal = (answers: exam.ExamAnswer[]) => sealPayload(key, JSON.stringify(answers));
  const answersOf = sitters.map((): GivenAnswer[] => []);
  const sittings: ReturnType<typeof sitExam>[] = [];
  /** When each sitting began and ended, to show that some were under way throughout the release. */
  const spans: Array<{ from: number; to?: number }> = [];
  let isReleased = false;
  const beginning = (async () => {
    for (const [index, learner] of sitters.entries()) {
      if (isReleased) return;
      const plan = { monsterplanId, correctOf, submitsTwice: index % doubleSubmitEvery === 0, seal };
      const span: { from: number; to?: number } = { from: Date.now() };
      const sitting = sitExam(call, learner, plan, pace, answersOf[index]!).finally(() => (span.to = Date.now()));
      // Its failure is counted once every sitting has ended, not thrown meanwhile.
      sitting.catch(() => undefined);
      spans.push(span);
      sittings.push(sitting);
      await sleep(sittingEverySeconds * 1000);
    }
  })();

  await sleep(beforeSeconds * 1000);
  const nginxErrorsBefore = (await platform.nginxErrors()).length;
  const release = await releaseOnce(platform);
  isReleased = true;
  await sleep(afterSeconds * 1000);
  const answers = await load.stop();
  await beginning;
  const started = sittings.length;
  const sat: SatExams = { sittings: await Promise.allSettled(sittings), answersOf: answersOf.slice(0, started) };
  const nginxErrors = (await platform.nginxErrors()).slice(nginxErrorsBefore);

  console.log(`release: SIGHUP ${seconds(release.hupAt - loadStarted)} into the load, done ${seconds(release.doneAt - release.hupAt)} later (${release.steps.map(({ deployable, at }) => `${deployable} +${seconds(at - release.hupAt)}`).join(', ')})`);
  const phaseOf = (at: number) => (at < release.hupAt ? 'before' : at <= release.doneAt ? 'during' : 'after');
  const failedCalls = printCalls(answers, timings, sat, phaseOf);
  const retried = printRetries(platform.log, platform.instanceOfPid(), nginxErrors);
  printLatencies(answers, timings, phaseOf);

  const underWay = underWayThroughout(spans as Array<{ from: number; to: number }>, release.hupAt, release.doneAt);
  console.log(
    `exam: ${started} learners began, one every ${sittingEverySeconds} s, ${sat.sittings.filter(({ status }) => status === 'fulfilled').length} finished; during the release ${underWay.fewest}–${underWay.most} sittings were under way at any moment`,
  );
  const verdicts = await checkExamDay(arrangement, monsterplanId, sitters.slice(0, started), sat);
  const isAnsweredOnce = printAnswersAtTheExam(platform.log, sat.answersOf);
  isHealthy = failedCalls === 0 && verdicts.every(Boolean) && isAnsweredOnce;
  console.log(
    isHealthy
      ? `no call failed${retried === 0 ? '' : ` (${retried} sent on by nginx)`}; every attempt graded exactly once, no exam answer lost or applied twice`
      : 'FAILED: see above',
  );
} finally {
  await database.end().catch(() => undefined);
  await platform.close();
}
process.exit(isHealthy ? 0 : 1);

/** SIGHUP to the launcher; resolves when it says every instance was restarted, with when each deployable was. */
async function releaseOnce(platform: DistributedPlatform): Promise<{ hupAt: number; doneAt: number; steps: Array<{ deployable: string; at: number }> }> {
  const isLauncher = (line: LogLine) => line.name === 'start-distributed';
  const ended = platform.whenLogged((line) => isLauncher(line) && (line.msg.startsWith('release done') || line.msg === 'release failed'), releaseWithinMs);
  const hupAt = Date.now();
  process.kill(platform.launcherPid, 'SIGHUP');
  const end = await ended;
  if (end.msg === 'release failed') throw new Error(`the launcher's release failed: ${JSON.stringify(end.err)}`);
  const steps = platform.log.filter((line) => isLauncher(line) && line.time >= hupAt && / released$/.test(line.msg)).map((line) => ({ deployable: line.deployable as string, at: line.time }));
  return { hupAt, doneAt: end.time, steps };
}

/** Every call and how it ended; answers how many failed. */
function printCalls(answers: readonly LoadAnswer[], timings: Timings, { sittings }: SatExams, phaseOf: (at: number) => string): number {
  const examCalls = [...timings.latencies.values()].reduce((total, latencies) => total + latencies.length, 0);
  const failedSittings = sittings.flatMap((outcome) => (outcome.status === 'rejected' ? [(outcome.reason as Error).message] : []));
  const failed = answers.filter(({ isExpected }) => !isExpected);
  console.log(`calls sent: ${answers.length + examCalls + failedSittings.length} (load ${answers.length}, exam ${examCalls + failedSittings.length})`);
  console.log(`  failed: ${failed.length + failedSittings.length}`);
  for (const [reason, count] of tally(failed.map(({ name, outcome, at, wasResent }) => `${name}: ${outcome}${wasResent ? ' (sent again)' : ''}, ${phaseOf(at)} the release`))) console.log(`    ${count} × ${reason}`);
  for (const [reason, count] of tally(failedSittings.map((message) => `an exam sitting: ${message}`))) console.log(`    ${count} × ${reason}`);
  const resent = answers.filter(({ wasResent }) => wasResent);
  console.log(`  resent by the client (nginx had closed its idle kept-alive connection at a reload before reading the call): ${resent.length}${describeTally(resent.map(({ name }) => name))}`);
  return failed.length + failedSittings.length;
}

/**
 * The load calls nginx sent to more than one gateway: each carries its own request id, which every
 * gateway logs with the call it took (a call that a gateway refused or dropped, then sent on). A call
 * nginx could not hand to a gateway at all (no connection) leaves no such line: those are in nginx's
 * error log, printed beside. Answers how many calls were sent on.
 */
function printRetries(log: readonly LogLine[], instanceOf: Map<number, string>, nginxErrors: string[]): number {
  const takenBy = new Map<string, string[]>();
  for (const line of log) {
    if (line.name !== 'gateway' || line.msg !== 'request' || !String(line.requestId).startsWith('release-')) continue;
    const instances = takenBy.get(line.requestId as string) ?? [];
    instances.push(`${instanceOf.get(line.pid) ?? line.pid} ${line.status}${line.aborted ? ' aborted' : ''}`);
    takenBy.set(line.requestId as string, instances);
  }
  const sentOn = [...takenBy.entries()].filter(([, instances]) => instances.length > 1);
  console.log(`  retried by nginx on the next gateway (a request id the gateways logged twice): ${sentOn.length}${sentOn.slice(0, 5).map(([id, by]) => `; ${id}: ${by.join(' then ')}`).join('')}`);
  const atServices = tally(log.filter((line) => line.name !== 'gateway' && line.msg === 'request' && String(line.requestId).startsWith('release-')).map((line) => line.requestId as string));
  const twiceAtServices = [...atServices.values()].filter((count) => count > 1).length;
  console.log(`  load calls a service took: ${atServices.size}, of which more than once (a gateway sending a call on): ${twiceAtServices}`);
  const gateways = tally([...takenBy.values()].map((instances) => instances.at(-1)!.split(' ')[0]!));
  console.log(`  load calls taken by each gateway: ${[...gateways].sort().map(([name, count]) => `${name} ${count}`).join(', ')}`);
  // `*123 connect() failed (111: Connection refused) while connecting to upstream, … upstream: "…"`: the connection number and addresses differ.
  const complaints = nginxErrors.map((line) => {
    const what = /\[(\w+)\] \d+#\d+: (?:\*\d+ )?(.*?)(?:, client:|$)/.exec(line);
    const upstream = /upstream: "(?:http:\/\/)?([^"/]+)/.exec(line)?.[1];
    return `${what?.[1] ?? '?'} ${what?.[2] ?? line}${upstream ? ` (upstream ${upstream})` : ''}`;
  });
  console.log(`  nginx's error log during the release and after: ${complaints.length} lines${describeTally(complaints)}`);
  return sentOn.length;
}

function printLatencies(answers: readonly LoadAnswer[], timings: Timings, phaseOf: (at: number) => string): void {
  console.log('latency in ms, from the call to its answer, by when the call was made');
  const byPhase = (calls: Array<{ at: number; ms: number }>, phase: string) => calls.filter(({ at }) => phaseOf(at) === phase).map(({ ms }) => ms);
  const rows: Array<[string, Array<{ at: number; ms: number }>]> = [
    ...[...new Set(answers.map(({ name }) => name))].map((name): [string, LoadAnswer[]] => [name, answers.filter((answer) => answer.name === name && answer.isExpected)]),
    ...['reveal', 'answer'].map((name): [string, Array<{ at: number; ms: number }>] => {
      const latencies = timings.latencies.get(name) ?? [];
      const endings = timings.endings.get(name) ?? [];
      return [`exam: ${name}`, latencies.map((ms, index) => ({ at: endings[index]! - ms, ms }))];
    }),
  ];
  for (const [name, calls] of rows) {
    for (const phase of ['before', 'during', 'after']) console.log(`  ${name.padEnd(20)} ${`${phase} the release`.padEnd(19)} ${figuresOf(byPhase(calls, phase))}`);
  }
}

/**
 * Every answer the learners sent against the answer calls the exam's instances logged: a call sent
 * twice (by nginx or the client) would show as one more, refused 409 exam_question_answered.
 */
function printAnswersAtTheExam(log: readonly LogLine[], answersOf: GivenAnswer[][]): boolean {
  const atTheExam = log.filter((line) => line.name === 'exam' && line.msg === 'request' && line.method === 'POST' && /\/exam\/questions\/\d+\/answer$/.test(String(line.url)));
  const sent = answersOf.reduce((total, answers) => total + answers.length, 0);
  const statuses = tally(atTheExam.map(({ status }) => String(status)));
  console.log(`exam answers: sent ${sent}; answer calls the exam's instances took ${atTheExam.length} (${[...statuses].map(([status, count]) => `${count} × ${status}`).join(', ')})`);
  return atTheExam.length === sent && statuses.get('200') === sent;
}

/** The fewest and the most sittings under way at once between `from` and `to`. */
function underWayThroughout(spans: Array<{ from: number; to: number }>, from: number, to: number): { fewest: number; most: number } {
  const moments = [from, ...spans.flatMap((span) => [span.from, span.to])].filter((at) => at >= from && at <= to);
  const counts = moments.map((at) => spans.filter((span) => span.from <= at && at < span.to).length);
  return { fewest: Math.min(...counts), most: Math.max(...counts) };
}

function tally(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/** ` (3 × a; 1 × b)`, or nothing for none. */
function describeTally(values: string[]): string {
  return values.length === 0 ? '' : ` (${[...tally(values)].map(([value, count]) => `${count} × ${value}`).join('; ')})`;
}
