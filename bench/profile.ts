// Where a server's CPU time went, from a V8 CPU profile (BENCH_CPU_PROF, bench/processes.ts): busy
// time split into garbage collection, Node's own code, each package under node_modules and each of
// our files (Node's code charged to the package or file that called it, bench/cpu-profile.ts); and the inclusive time of the functions named on the command line.
// With --per=<requests> every figure is also given in µs per request.
//   npx tsx bench/profile.ts <file.cpuprofile> [--per=<requests>] [functionName ...]
import { payerOf, readCpuProfile, samplesOf } from './cpu-profile.js';

const args = process.argv.slice(2);
const file = args.find((arg) => arg.endsWith('.cpuprofile'));
if (!file) {
  console.error('usage: npx tsx bench/profile.ts <file.cpuprofile> [--per=<requests>] [functionName ...]');
  process.exit(1);
}
const requests = Number(args.find((arg) => arg.startsWith('--per='))?.slice('--per='.length) ?? 0);
const named = args.filter((arg) => arg !== file && !arg.startsWith('--'));

const samples = samplesOf(await readCpuProfile(file));
const byPlace = new Map<string, number>();
let total = 0;
for (const { stack, micros } of samples) {
  total += micros;
  const { place } = payerOf(stack);
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
  for (const { stack, micros } of samples) {
    for (const name of new Set(stack.map((frame) => frame.functionName))) {
      if (inclusive.has(name)) inclusive.set(name, inclusive.get(name)! + micros);
    }
  }
  console.log('inclusive');
  for (const [name, micros] of inclusive) console.log(`  ${name.padEnd(60)} ${figure(micros)}`);
}
