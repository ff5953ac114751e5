// What the load benchmarks drive their servers with: h2load (Debian's nghttp2-client), over HTTP/1.1
// with kept-alive connections, each client asking as soon as its last answer came (saturation), or
// at a steady rate (`rate`). A C client: on
// these two shared cores the load generator takes CPU from the servers it measures, and autocannon
// (JavaScript) spent 88 µs of CPU on a call where h2load spends 30. Latencies come from h2load's
// log of every request, so the percentiles are exact.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export interface Load {
  /** Asked in turn by each client; the first names the server. */
  urls: string[];
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  /** Asked but not counted first, so connections, caches and the JIT are warm. */
  warmUpSeconds?: number;
  /** A server process whose CPU time over the counted seconds is divided among the answers counted. */
  cpuOf?: number | undefined;
  /**
   * Calls a second, one every 1/rate s: each connection asks `rate / connections` times a second
   * (h2load's --rps), and the connections open 1/rate s apart, so their calls interleave instead of
   * all leaving at once. An answer slower than a connection's turn delays its next call, so give
   * enough connections (20 for 200 calls a second: each asks every 100 ms). Without it, saturation.
   */
  rate?: number | undefined;
}

export interface LoadFigures {
  /** The answers counted. */
  calls: number;
  requestsPerSecond: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  /** Milliseconds since the epoch: when the counted calls began and when the last ended. */
  countedFrom: number;
  countedTo: number;
  /** With `cpuOf`: the process's CPU time (all its threads) per answer counted, in µs. */
  cpuMicrosPerRequest?: number;
}

const run = promisify(execFile);

export function hasH2load(): boolean {
  return spawnSync('h2load', ['--version']).status === 0;
}

/** Drives the server for `seconds`; throws unless every answer counted was a 2xx. */
export async function load({ urls, headers = {}, connections, seconds, warmUpSeconds = 2, cpuOf, rate }: Load): Promise<LoadFigures> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-load-'));
  const log = path.join(dir, 'requests.tsv');
  try {
    const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
    // h2load paces connections only by a count of calls (-r and -D exclude each other): the warm-up's
    // calls are then left out of the log here, by when they began.
    const pacing = rate
      ? ['-r', '1', `--rate-period=${1000 / rate}ms`, `--rps=${rate / connections}`, '-n', String(Math.round(rate * (warmUpSeconds + seconds)))]
      : ['-D', String(seconds), `--warm-up-time=${warmUpSeconds}`];
    const args = ['--h1', '-c', String(connections), ...pacing, `--log-file=${log}`, ...headerArgs, ...urls];
    const startedAt = Date.now();
    const loading = run('h2load', args, { maxBuffer: 16 * 1024 * 1024 });
    // Only the requests after the warm-up are counted: the CPU time is read over the same seconds.
    const cpuAfterWarmUp = cpuOf === undefined ? undefined : new Promise<number>((resolve) => setTimeout(() => resolve(cpuMicrosOf(cpuOf)), warmUpSeconds * 1000));
    const { stdout } = await loading;
    const cpuMicros = cpuOf === undefined ? undefined : cpuMicrosOf(cpuOf) - (await cpuAfterWarmUp!);
    // One line a request: start (µs since the epoch), HTTP status, µs until the answer was complete.
    // A request still under way when the time is up is logged without a status: it is not counted.
    const countedFrom = (startedAt + warmUpSeconds * 1000) * 1000;
    const requests = (await readFile(log, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => line.split('\t').map(Number) as [number, number, number])
      .filter(([start, status]) => status > 0 && (!rate || start >= countedFrom));
    const failed = requests.filter(([, status]) => status < 200 || status > 299).length;
    if (requests.length === 0 || failed > 0) throw new Error(`${urls[0]}: ${failed} of ${requests.length} answers were not 2xx\n${stdout}`);
    const latencies = requests.map(([, , micros]) => micros / 1000).sort((a, b) => a - b);
    const percentile = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))]!;
    const firstStart = requests.reduce((first, [start]) => Math.min(first, start), Infinity);
    const lastEnd = requests.reduce((last, [start, , micros]) => Math.max(last, start + micros), 0);
    return {
      calls: requests.length,
      requestsPerSecond: rate ? (requests.length * 1e6) / (lastEnd - firstStart) : requests.length / seconds,
      p50: percentile(0.5),
      p99: percentile(0.99),
      countedFrom: firstStart / 1000,
      countedTo: lastEnd / 1000,
      ...(cpuMicros === undefined ? {} : { cpuMicrosPerRequest: cpuMicros / requests.length }),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

let microsPerTick: number | undefined;

/** User and system CPU time of a process (Linux), in µs. */
function cpuMicrosOf(pid: number): number {
  microsPerTick ??= 1e6 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  // The command name in parentheses may hold spaces; utime and stime are the 12th and 13th fields after it.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * microsPerTick;
}
