// The edge's own cost: a guest's GET /v1/monsterplans at a steady rate (BENCH_RATE, 200 calls a
// second, evenly spaced: bench/load.ts) through the gateway and through an nginx hop to the same
// catalog (bench/catalog-behind-proxies.ts), in BENCH_ROUNDS rounds (3) of BENCH_SECONDS (10) each,
// the order alternating, so that a busy moment of the shared machine falls on both. Prints p50 and
// p99 of each, and how far the gateway's p99 is above the hop's in each round (goal: at most 15 ms
// in the median round); then both saturated, BENCH_SATURATED_ROUNDS rounds (2) of
// BENCH_SATURATED_SECONDS (4) with BENCH_CONNECTIONS (100): the gateway's share of the hop's
// throughput. With BENCH_GATEWAY_BEFORE=<git ref> the gateway at that ref runs beside, on the kit of
// that ref. With BENCH_CPU_PROF=<folder> each server writes a V8 CPU profile when it stops, and the
// gateway's CPU per call is split by feature (sealing, compression, OpenTelemetry, security headers,
// …; bench/edge-cost/features.ts), steady and saturated. A profiled gateway is slower: take the
// latencies from a run without it.
//   DATABASE_URL=… [BENCH_GATEWAY_BEFORE=HEAD] [BENCH_CPU_PROF=/tmp/profiles] npx tsx bench/edge-cost/run.ts
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { figures, shareOfHop, startCatalogBehindProxies } from '../catalog-behind-proxies.js';
import { monotonicMicros, readCpuProfile, samplesOf } from '../cpu-profile.js';
import { load, type LoadFigures } from '../load.js';
import { costsByFeature, featureNames } from './features.js';

const rate = Number(process.env.BENCH_RATE ?? 200);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const saturatedRounds = Number(process.env.BENCH_SATURATED_ROUNDS ?? 2);
const saturatedSeconds = Number(process.env.BENCH_SATURATED_SECONDS ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
/** Each steady connection asks ten times a second, well apart from its answers. */
const steadyConnections = Math.max(1, Math.round(rate / 10));
const goalMs = 15;
const call = '/v1/monsterplans';

// The gateways log each call at info, as production runs them (to /dev/null here); the others only warnings.
const platform = await startCatalogBehindProxies({ bench: 'bench/edge-cost', withAuth: false, gatewayLogLevel: 'info' });
const { urls, before } = platform;
const ways = [
  { name: 'nginx', url: urls.nginx },
  { name: 'gateway', url: urls.gateway, server: platform.gateway },
  ...(before ? [{ name: 'before', url: urls.gatewayBefore!, server: before.gateway }] : []),
];
/** Each way's steady and saturated rounds: the profiles are read over their calls. */
const measured = new Map<string, { steady: LoadFigures[]; saturated: LoadFigures[] }>(ways.map(({ name }) => [name, { steady: [], saturated: [] }]));

try {
  console.log(platform.seeded);
  console.log(`GET ${call} (guest, payloads sealed by the gateway): ${rate} calls a second from ${steadyConnections} connections, ${seconds} s a round after 2 s of warm-up`);
  for (let round = 1; round <= rounds; round++) {
    const inTurn = round % 2 === 1 ? ways : [...ways].reverse();
    const figuresOf = new Map<string, LoadFigures>();
    for (const { name, url, server } of inTurn) {
      const steady = await load({ urls: [url + call], connections: steadyConnections, seconds, rate, cpuOf: server?.pid });
      figuresOf.set(name, steady);
      measured.get(name)!.steady.push(steady);
    }
    const hop = figuresOf.get('nginx')!;
    console.log(`round ${round}`);
    for (const { name } of ways) {
      const steady = figuresOf.get(name)!;
      console.log(`  ${name.padEnd(8)} ${figures(steady)}${name === 'nginx' ? '' : `  p99 ${(steady.p99 - hop.p99).toFixed(1).padStart(5)} ms above the hop`}`);
    }
  }
  console.log(`${rounds} rounds at ${rate} calls a second (goal: the gateway's p99 at most ${goalMs} ms above the hop's, in the median round):`);
  const hopRounds = measured.get('nginx')!.steady;
  for (const { name } of ways) {
    const steady = measured.get(name)!.steady;
    const spread = (of: (figures: LoadFigures) => number) => `${Math.min(...steady.map(of)).toFixed(1)}–${Math.max(...steady.map(of)).toFixed(1)}`;
    const line = `  ${name.padEnd(8)} p50 ${spread(({ p50 }) => p50).padStart(9)} ms  p99 ${spread(({ p99 }) => p99).padStart(11)} ms`;
    if (name === 'nginx') {
      console.log(line);
      continue;
    }
    const above = steady.map(({ p99 }, round) => p99 - hopRounds[round]!.p99);
    const median = [...above].sort((a, b) => a - b)[Math.floor(above.length / 2)]!;
    const cpu = steady.map(({ cpuMicrosPerRequest }) => cpuMicrosPerRequest!);
    console.log(
      `${line}  CPU ${Math.min(...cpu).toFixed(0)}–${Math.max(...cpu).toFixed(0)} µs/call  p99 above the hop ${above.map((difference) => difference.toFixed(1)).join(', ')} ms, ` +
        `median ${median.toFixed(1)} (${median <= goalMs ? 'met' : 'missed'})${name === 'before' ? `  (the gateway at ${before!.ref})` : ''}`,
    );
  }

  console.log(`saturated, ${saturatedRounds} rounds: ${connections} connections, ${saturatedSeconds} s each after 2 s of warm-up`);
  const shares = new Map<string, number[]>();
  for (let round = 1; round <= saturatedRounds; round++) {
    const inTurn = round % 2 === 1 ? ways : [...ways].reverse();
    const figuresOf = new Map<string, LoadFigures>();
    for (const { name, url, server } of inTurn) {
      const saturated = await load({ urls: [url + call], connections, seconds: saturatedSeconds, cpuOf: server?.pid });
      figuresOf.set(name, saturated);
      measured.get(name)!.saturated.push(saturated);
    }
    const hop = figuresOf.get('nginx')!;
    for (const { name } of ways) {
      const saturated = figuresOf.get(name)!;
      if (name !== 'nginx') shares.set(name, [...(shares.get(name) ?? []), saturated.requestsPerSecond / hop.requestsPerSecond]);
      console.log(`  ${name.padEnd(8)} ${figures(saturated)}${name === 'nginx' ? '' : `  = ${shareOfHop(saturated, hop)}`}`);
    }
  }
  for (const [name, ofHop] of shares) {
    console.log(`  ${name.padEnd(8)} ${Math.min(...ofHop) === Math.max(...ofHop) ? '' : `${(100 * Math.min(...ofHop)).toFixed(0)}–`}${(100 * Math.max(...ofHop)).toFixed(0)} % of the hop's throughput`);
  }
} finally {
  await platform.stop();
}

const profiles = process.env.BENCH_CPU_PROF;
if (profiles) {
  // The profile's samples are of wall time (a thread waiting for a core counts as busy): each
  // feature's share of them is applied to the CPU time measured per call.
  console.log(`the gateway's CPU per call by feature: its share of the V8 profile's busy samples, times the CPU measured per call`);
  const columns: Array<{ title: string; costs: Map<string, number>; cpuPerCall: number }> = [];
  for (const { name, server } of ways.filter((way) => way.name !== 'nginx')) {
    const file = await mainThreadProfile(path.join(profiles, 'gateway'), server!.pid!);
    if (!file) {
      console.log(`  no profile of the ${name} gateway (pid ${server!.pid}) under ${profiles}/gateway`);
      continue;
    }
    const profile = await readCpuProfile(file);
    for (const [phase, loads] of Object.entries(measured.get(name)!)) {
      if (loads.length === 0) continue;
      const calls = loads.reduce((sum, { calls }) => sum + calls, 0);
      const cpuPerCall = loads.reduce((sum, { calls, cpuMicrosPerRequest }) => sum + calls * cpuMicrosPerRequest!, 0) / calls;
      const costs = costsByFeature(loads.flatMap((round) => samplesOf(profile, windowOf(round))));
      columns.push({ title: `${name} ${phase === 'steady' ? `${rate}/s` : phase}`, costs, cpuPerCall });
    }
  }
  console.log(`  ${''.padEnd(44)}${columns.map(({ title }) => title.padStart(22)).join('')}`);
  for (const feature of [...featureNames, 'all']) {
    const cells = columns.map(({ costs, cpuPerCall }) => {
      const share = (feature === 'all' ? costs.get('busy')! : (costs.get(feature) ?? 0)) / costs.get('busy')!;
      return `${(share * cpuPerCall).toFixed(0).padStart(6)} µs ${(100 * share).toFixed(1).padStart(5)} %`.padStart(22);
    });
    console.log(`  ${feature.padEnd(44)}${cells.join('')}`);
  }
}

/** The samples of a load's counted calls, on the profile's clock. */
function windowOf({ countedFrom, countedTo }: LoadFigures): { from: number; to: number } {
  return { from: monotonicMicros(countedFrom), to: monotonicMicros(countedTo) };
}

/** Node names a profile CPU.<date>.<time>.<pid>.<thread>.<sequence>.cpuprofile; thread 0 is the main one. */
async function mainThreadProfile(folder: string, pid: number): Promise<string | undefined> {
  const names = await readdir(folder).catch(() => []);
  const name = names.find((candidate) => candidate.split('.')[3] === String(pid) && candidate.split('.')[4] === '0');
  return name && path.join(folder, name);
}
