// One instance of everything against two, in one run: `start:distributed --instances 1`, then
// `--instances 2`, each behind nginx (bench/distributed.ts: a database, a RabbitMQ virtual host and
// an S3 stand-in of its own), each loaded the same way:
// (a) the plan list, GET /v1/monsterplans through nginx, at saturation with h2load (bench/load.ts:
//     BENCH_CONNECTIONS kept-alive connections, 64, each asking as soon as its last answer came) for
//     BENCH_SECONDS (10) after BENCH_WARM_UP_SECONDS (20) of the same: answers a second and p99, how
//     busy the machine's cores were meanwhile (/proc/stat) and how many of them the platform's
//     processes used. The warm-up is long because each process compiles its hot code itself: two
//     instances each see half the calls and take longer to get there;
// (b) an exam day through nginx (bench/exam/arrangement.ts): BENCH_LEARNERS (150) learners set up
//     through the real calls begin within BENCH_START_SPREAD_SECONDS (30) at BENCH_THINK_SCALE (0.15)
//     of a human's pace: p50/p99 of revealing a question and of answering it, and bench/exam's checks
//     (every attempt graded exactly once, no answer lost, the grades as chosen), and the platform's
//     CPU time per call.
// Printed: each side's figures as they come, then a table of one instance against two. Exits 1 when a
// check fails or h2load had an answer other than 2xx.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { exam, payloadKey, sealPayload } from '@learning/contracts';
import { clientOf, signIn, Timings } from '../client.js';
import { machineLoad, sharedServicesOrExit, startDistributed } from '../distributed.js';
import { approve, checkExamDay, correctOptions, examPlan, registeredLearners, sitExamDay, type ExamArrangement } from '../exam/arrangement.js';
import type { Pace } from '../exam/sitting.js';
import { figuresOf, percentile, seconds, sorted } from '../latency.js';
import { hasH2load, load, type LoadFigures } from '../load.js';

const shared = sharedServicesOrExit('bench/scale');
if (!hasH2load()) {
  console.error('bench/scale drives the plan list with h2load: apt-get install -y nghttp2-client');
  process.exit(1);
}
const benchSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmUpSeconds = Number(process.env.BENCH_WARM_UP_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const learnerCount = Number(process.env.BENCH_LEARNERS ?? 150);
const startSpreadSeconds = Number(process.env.BENCH_START_SPREAD_SECONDS ?? 30);
const pace: Pace = { thinkScale: Number(process.env.BENCH_THINK_SCALE ?? 0.15), timedOutShare: 0.05, rightShare: 0.9 };
const doubleSubmitEvery = 20;
/** The unit of /proc's CPU times. */
const clockTicksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

interface Side {
  planList: LoadFigures & { busyShare: number; platformCores: number };
  reveal: number[];
  answer: number[];
  examDaySeconds: number;
  /** The platform's processes' CPU time per call of the exam day, in ms. */
  examCpuMsPerCall: number;
  isChecked: boolean;
}

console.log(`machine: ${machineLoad()}`);
const sides = new Map<number, Side>();
for (const instances of [1, 2]) {
  console.log(`\n— ${instances === 1 ? 'one instance' : 'two instances'} of each deployable behind nginx (--instances ${instances})`);
  sides.set(instances, await measure(instances));
}
printTable(sides.get(1)!, sides.get(2)!);
process.exit([...sides.values()].every(({ isChecked }) => isChecked) ? 0 : 1);

async function measure(instances: number): Promise<Side> {
  const platform = await startDistributed({ ...shared, instances, logLevel: 'warn' });
  const database = new pg.Client({ connectionString: platform.databaseUrl });
  try {
    await database.connect();
    // CPU read over the counted seconds only, as h2load counts the answers after its warm-up.
    const cpuNow = () => ({ machine: cpuTimes(), platformMs: platformCpuMs(platform.launcherPid), at: Date.now() });
    const warm = sleep(warmUpSeconds * 1000).then(cpuNow);
    const planList = await load({ urls: [`${platform.url}/v1/monsterplans`], connections, seconds: benchSeconds, warmUpSeconds });
    const [before, after] = [await warm, cpuNow()];
    const busyShare = busyBetween(before.machine, after.machine);
    const platformCores = (after.platformMs - before.platformMs) / (after.at - before.at);
    console.log(
      `plan list, h2load ${connections} connections for ${benchSeconds} s after ${warmUpSeconds} s of warm-up: ${planList.requestsPerSecond.toFixed(0)} answers/s, p50 ${planList.p50.toFixed(1)} ms, p99 ${planList.p99.toFixed(1)} ms; meanwhile the cores were ${(busyShare * 100).toFixed(0)} % busy, the platform's processes (nginx too) using ${platformCores.toFixed(2)} of them`,
    );

    const key = await payloadKey(platform.payloadSecret);
    const timings = new Timings();
    const call = clientOf(platform.url, timings, key);
    const arrangement: ExamArrangement = { call, database, schemaOf: (service) => `"${service}"`, suffix: `scale${instances}` };
    const settingUp = Date.now();
    const adminToken = await signIn(call, platform.admin.email, platform.admin.password);
    const monsterplanId = await examPlan(arrangement, adminToken);
    const learners = await registeredLearners(arrangement, learnerCount);
    await approve(arrangement, adminToken, monsterplanId, learners);
    const correctOf = await correctOptions(call, adminToken, monsterplanId);
    console.log(`exam day: ${learners.length} learners set up through the real calls in ${seconds(Date.now() - settingUp)}, beginning within ${startSpreadSeconds} s, think 1–8 s × ${pace.thinkScale}`);
    // Only the day's own calls are timed: the set-up's are dropped.
    timings.latencies.clear();
    timings.endings.clear();
    const seal = (answers: exam.ExamAnswer[]) => sealPayload(key, JSON.stringify(answers));
    const examDay = Date.now();
    const examDayCpuMs = platformCpuMs(platform.launcherPid);
    const sat = await sitExamDay(learners, { monsterplanId, correctOf, seal, pace, startSpreadSeconds, doubleSubmitEvery }, () => call);
    const examDaySeconds = (Date.now() - examDay) / 1000;
    const examCalls = [...timings.latencies.values()].reduce((total, latencies) => total + latencies.length, 0);
    const examCpuMsPerCall = (platformCpuMs(platform.launcherPid) - examDayCpuMs) / examCalls;
    console.log(`the exam day took ${examDaySeconds.toFixed(1)} s: ${examCalls} calls, ${examCpuMsPerCall.toFixed(2)} ms of the platform's CPU each`);
    const verdicts = await checkExamDay(arrangement, monsterplanId, learners, sat);
    const [reveal, answer] = ['reveal', 'answer'].map((name) => timings.latencies.get(name) ?? []) as [number[], number[]];
    console.log(`  reveal  ${figuresOf(reveal)}\n  answer  ${figuresOf(answer)}`);
    return { planList: { ...planList, busyShare, platformCores }, reveal, answer, examDaySeconds, examCpuMsPerCall, isChecked: verdicts.every(Boolean) };
  } finally {
    await database.end().catch(() => undefined);
    await platform.close();
  }
}

function printTable(one: Side, two: Side): void {
  const p = (latencies: number[], share: number) => percentile(sorted(latencies), share).toFixed(1);
  const rows: Array<[string, (side: Side) => string]> = [
    [`plan list, answers/s (h2load, ${connections} connections, ${benchSeconds} s)`, ({ planList }) => planList.requestsPerSecond.toFixed(0)],
    ['plan list, p50 / p99 ms', ({ planList }) => `${planList.p50.toFixed(1)} / ${planList.p99.toFixed(1)}`],
    ['the cores busy meanwhile (all the machine\'s work)', ({ planList }) => `${(planList.busyShare * 100).toFixed(0)} %`],
    ['cores the platform used meanwhile (nginx too)', ({ planList }) => planList.platformCores.toFixed(2)],
    ['plan list, platform CPU per answer, ms', ({ planList }) => ((planList.platformCores * 1000) / planList.requestsPerSecond).toFixed(2)],
    [`exam day (${learnerCount} learners): reveal p50 / p99 ms`, ({ reveal }) => `${p(reveal, 0.5)} / ${p(reveal, 0.99)}`],
    ['exam day: answer p50 / p99 ms', ({ answer }) => `${p(answer, 0.5)} / ${p(answer, 0.99)}`],
    ['exam day: seconds', ({ examDaySeconds }) => examDaySeconds.toFixed(1)],
    ['exam day: platform CPU per call, ms', ({ examCpuMsPerCall }) => examCpuMsPerCall.toFixed(2)],
    ['graded exactly once, none lost, grades as chosen', ({ isChecked }) => (isChecked ? 'yes' : 'NO')],
  ];
  const width = Math.max(...rows.map(([name]) => name.length)) + 2;
  console.log(`\n${''.padEnd(width)}${'one instance'.padStart(16)}${'two instances'.padStart(16)}`);
  for (const [name, figure] of rows) console.log(`${name.padEnd(width)}${figure(one).padStart(16)}${figure(two).padStart(16)}`);
}

/** The machine's CPU time so far, busy and all, in clock ticks (Linux's /proc/stat). */
function cpuTimes(): { busy: number; all: number } {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy, all: busy + idle! + iowait! };
}

/**
 * The CPU time (user and system) of the launcher and every process under it, in ms: each instance,
 * nginx and its workers. A process that exited meanwhile is not counted; none does while measured.
 */
function platformCpuMs(launcherPid: number): number {
  const processes = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        // The command name in parentheses may hold spaces; ppid, utime and stime are the 2nd, 12th and 13th fields after it.
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)!.split(' ');
        return [{ pid: Number(pid), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) }];
      } catch {
        return [];
      }
    });
  const tree = new Set([launcherPid]);
  for (let size = 0; tree.size !== size; ) {
    size = tree.size;
    for (const { pid, ppid } of processes) if (tree.has(ppid)) tree.add(pid);
  }
  const ticks = processes.filter(({ pid }) => tree.has(pid)).reduce((total, { ticks }) => total + ticks, 0);
  return (ticks * 1000) / clockTicksPerSecond;
}

function busyBetween(before: { busy: number; all: number }, after: { busy: number; all: number }): number {
  return (after.busy - before.busy) / (after.all - before.all);
}
