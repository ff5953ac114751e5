// Where a server's CPU time went, from a V8 CPU profile (BENCH_CPU_PROF, bench/processes.ts): busy
// time split into garbage collection, Node's own code, each package under node_modules and each of
// our files (Node's code charged to the package or file that called it); and the inclusive time of the functions named on the command line.
// With --per=<requests> every figure is also given in µs per request.
//   npx tsx bench/profile.ts <file.cpuprofile> [--per=<requests>] [functionName ...]
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const file = args.find((arg) => arg.endsWith('.cpuprofile'));
if (!file) {
  console.error('usage: npx tsx bench/profile.ts <file.cpuprofile> [--per=<requests>] [functionName ...]');
  process.exit(1);
}
const requests = Number(args.find((arg) => arg.startsWith('--per='))?.slice('--per='.length) ?? 0);
const named = args.filter((arg) => arg !== file && !arg.startsWith('--'));

const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const selfMicros = new Map<number, number>();
profile.samples.forEach((id, index) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));

/** Where a frame's code lives: a package, Node itself, one of our files, or V8's own pseudo-frames. */
function placeOf({ functionName, url }: ProfileNode['callFrame']): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1]!;
  return url.replace(/^file:\/\//, '').replace(/^.*?\/(gateway|services|packages)\//, '$1/');
}

/**
 * Node's own code and V8's builtins are charged to the nearest caller that is a package or ours:
 * a setHeader called by helmet is helmet's cost. What no such caller started (the socket's reading,
 * timers) stays Node's.
 */
function payerOf(id: number): string {
  const own = placeOf(byId.get(id)!.callFrame);
  if (own !== 'node' && own !== '(native)') return own;
  for (let at = parentOf.get(id); at !== undefined; at = parentOf.get(at)) {
    const place = placeOf(byId.get(at)!.callFrame);
    if (place !== 'node' && place !== '(native)' && !place.startsWith('(')) return place;
  }
  return own;
}

const byPlace = new Map<string, number>();
let total = 0;
for (const [id, micros] of selfMicros) {
  total += micros;
  const place = payerOf(id);
  byPlace.set(place, (byPlace.get(place) ?? 0) + micros);
}
const busy = total - (byPlace.get('(idle)') ?? 0);

const figure = (micros: number) =>
  `${(micros / 1000).toFixed(0).padStart(7)} ms  ${((100 * micros) / busy).toFixed(1).padStart(5)} %${requests ? `  ${(micros / requests).toFixed(1).padStart(6)} µs/request` : ''}`;

console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, busy ${figure(busy)}`);
for (const [place, micros] of [...byPlace].filter(([place]) => place !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  console.log(`  ${place.padEnd(60)} ${figure(micros)}`);
}

/** Inclusive time: a sample counts once for a name however often the name is on its stack. */
if (named.length > 0) {
  const inclusive = new Map(named.map((name) => [name, 0]));
  for (const [id, micros] of selfMicros) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const name = byId.get(at)!.callFrame.functionName;
      if (inclusive.has(name) && !seen.has(name)) {
        seen.add(name);
        inclusive.set(name, inclusive.get(name)! + micros);
      }
    }
  }
  console.log('inclusive');
  for (const [name, micros] of inclusive) console.log(`  ${name.padEnd(60)} ${figure(micros)}`);
}
