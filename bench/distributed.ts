// `npm run start:distributed -- --instances N` as bench/release and bench/scale run it: the launcher
// (scripts/start-distributed.ts) behind nginx, on a PostgreSQL database, a RabbitMQ virtual host and
// an S3 stand-in of the bench's own, in a temporary DATA_DIR; its JSON log (the launcher's lines and
// its processes', which share its stdout) kept line by line, so a bench can wait for what it says and
// read which instance answered what. `close` stops the launcher, which stops its processes, and
// removes everything the start made.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createClient } from 'redis';
import { mediaInS3, uniqueSuffix } from '@learning/testing';
import { freshVhost } from '@learning/testing/rabbitmq';
import { startS3Server } from '@learning/testing/s3';
import { benchAdmin, whenReady } from './processes.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What the benches on several instances need from the machine, named when missing. */
export function sharedServicesOrExit(bench: string): { databaseUrl: string; amqpUrl: string; redisUrl: string } {
  const { DATABASE_URL: databaseUrl, AMQP_URL: amqpUrl, REDIS_URL: redisUrl } = process.env;
  if (databaseUrl && amqpUrl && redisUrl) return { databaseUrl, amqpUrl, redisUrl };
  console.error(`${bench} runs start:distributed behind nginx: it needs DATABASE_URL (PostgreSQL, where it makes a database of its own), AMQP_URL (RabbitMQ) and REDIS_URL (a database index of its own), e.g.`);
  console.error(`DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres AMQP_URL=amqp://guest:guest@127.0.0.1:5672 REDIS_URL=redis://127.0.0.1:6379/7 npx tsx ${bench}/run.ts`);
  process.exit(1);
}

/** The machine's load when the figures were taken: they swing with it on two shared cores. */
export function machineLoad(): string {
  return `${availableParallelism()} cores, load average ${loadavg().map((load) => load.toFixed(1)).join(' / ')}`;
}

/** One line of the launcher's log (pino JSON): the launcher's own, or one of its processes'. */
export interface LogLine {
  msg: string;
  /** The logger: `start-distributed`, a service's name, `gateway`. */
  name?: string;
  pid: number;
  time: number;
  level: number;
  [field: string]: unknown;
}

export interface DistributedOptions {
  instances: number;
  databaseUrl: string;
  amqpUrl: string;
  redisUrl: string;
  /** The launcher's LOG_LEVEL, which its processes share: `info` logs every request. */
  logLevel: 'info' | 'warn';
}

export interface DistributedPlatform {
  /** nginx in front of the gateways. */
  url: string;
  /** The bench's own database, where each service keeps its schema (named after it). */
  databaseUrl: string;
  payloadSecret: string;
  admin: typeof benchAdmin;
  /** Every line logged so far. */
  readonly log: readonly LogLine[];
  /** The first line from now on whose message `matches`; fails after `timeoutMs`. */
  whenLogged(matches: (line: LogLine) => boolean, timeoutMs: number): Promise<LogLine>;
  /** Which instance each process is (from its `<name> started` line), by pid. */
  instanceOfPid(): Map<number, string>;
  /** The launcher's pid, which SIGHUP releases. */
  launcherPid: number;
  /** nginx's error log, warnings and worse: among them each attempt at a gateway or a service's instance that failed. */
  nginxErrors(): Promise<string[]>;
  close(): Promise<void>;
}

const services = ['auth', 'catalog', 'media', 'exam'] as const;
const payloadSecret = 'bench-payload-secret';
/** Every process ready within this (each start of several on two shared cores takes seconds). */
const startWithinMs = 180_000;

/**
 * Where nginx takes the platform's calls (BENCH_PORT, 8490; the gateways listen on the ports after
 * it), and auth's (BENCH_SERVICE_PORT, 4701; catalog's, media's and exam's on the three after it).
 */
const port = Number(process.env.BENCH_PORT ?? 8490);
const firstServicePort = Number(process.env.BENCH_SERVICE_PORT ?? 4701);

export async function startDistributed(options: DistributedOptions): Promise<DistributedPlatform> {
  const { instances } = options;
  const instanceUrls = Object.fromEntries([
    ...services.flatMap((service, index) => instanceNames(service, instances).map((name, n) => [name, `http://127.0.0.1:${firstServicePort + index + 100 * (n + 1)}`])),
    ...instanceNames('gateway', instances).map((name, n) => [name, `http://127.0.0.1:${port + n + 1}`]),
  ]) as Record<string, string>;
  const ports = [port, ...services.map((_, index) => firstServicePort + index), ...Object.values(instanceUrls).map((url) => Number(new URL(url).port))];
  await requireFree(ports);

  const cleanUps: Array<() => Promise<unknown>> = [];
  const cleanUp = async () => {
    for (const step of cleanUps.reverse()) await step().catch((error: unknown) => console.error(`cleaning up: ${(error as Error).message}`));
  };
  try {
    const database = `bench_${uniqueSuffix()}`;
    await onServer(options.databaseUrl, `CREATE DATABASE ${database}`);
    cleanUps.push(() => onServer(options.databaseUrl, `DROP DATABASE ${database} WITH (FORCE)`));
    const databaseUrl = Object.assign(new URL(options.databaseUrl), { pathname: `/${database}` }).href;
    const vhost = await freshVhost(options.amqpUrl);
    if (!vhost) throw new Error('a RabbitMQ virtual host of the bench\'s own could not be made with rabbitmqctl on this machine');
    cleanUps.push(() => vhost.remove());
    cleanUps.push(() => removeRateLimitCounts(options.redisUrl));
    const s3 = await startS3Server({ buckets: ['media'] });
    cleanUps.push(() => s3.close());
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-distributed-'));
    cleanUps.push(() => rm(dataDir, { recursive: true, force: true }));

    const launcher = spawn(process.execPath, ['--import', 'tsx', 'scripts/start-distributed.ts', '--instances', String(instances)], {
      cwd: root,
      env: {
        ...process.env,
        ...mediaInS3(s3),
        LOG_LEVEL: options.logLevel,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        ...Object.fromEntries(services.map((service, index) => [`${service.toUpperCase()}_URL`, `http://127.0.0.1:${firstServicePort + index}`])),
        DATABASE_URL: databaseUrl,
        AMQP_URL: vhost.url,
        REDIS_URL: options.redisUrl,
        PAYLOAD_SECRET: payloadSecret,
        ADMIN_EMAIL: benchAdmin.email,
        ADMIN_PASSWORD: benchAdmin.password,
        // The demo's plans and videos: the benches make their plan on one of its videos.
        SEED_DEMO: '1',
        // Every call of a bench comes from one address; the sign-in limit would refuse most.
        RATE_LIMIT_AUTH: '1000000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanUps.push(async () => {
      await stopLauncher(launcher);
      // Said rather than mended: a process left running is the launcher's to stop.
      await requireFree(ports).catch((error: unknown) => console.error(`after the launcher stopped, ${(error as Error).message}`));
    });
    const log = readLog(launcher);
    // The launcher takes SIGHUP and SIGTERM once it says so, a moment after its last instance is
    // ready; at `warn` it says nothing, and the bench signals it only after its work.
    const saysItRuns = options.logLevel === 'info' ? log.whenLogged((line) => line.msg.includes('of each deployable run behind nginx'), startWithinMs) : undefined;
    // Awaited below; a start that fails first is the error told.
    saysItRuns?.catch(() => undefined);
    await whenUp(launcher, [`http://127.0.0.1:${port}`, ...Object.values(instanceUrls)], log.unparsed);
    await saysItRuns;

    return {
      url: `http://127.0.0.1:${port}`,
      databaseUrl,
      payloadSecret,
      admin: benchAdmin,
      log: log.lines,
      whenLogged: log.whenLogged,
      instanceOfPid: () => new Map(log.lines.filter((line) => /-\d started$/.test(line.msg)).map((line) => [line.pid as number, line.service as string])),
      launcherPid: launcher.pid!,
      nginxErrors: async () => (await readFile(path.join(dataDir, 'balancer', `nginx-${port}-error.log`), 'utf8').catch(() => '')).split('\n').filter(Boolean),
      close: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** `<deployable>-1` … `<deployable>-N`, as the launcher names them. */
function instanceNames(deployable: string, instances: number): string[] {
  return Array.from({ length: instances }, (_, index) => `${deployable}-${index + 1}`);
}

function readLog(launcher: ChildProcess) {
  const lines: LogLine[] = [];
  /** What was not a JSON line (a stack, nginx's own words), shown when the launcher exits during the start. */
  const unparsed: string[] = [];
  const waiting = new Set<(line: LogLine) => void>();
  createInterface({ input: launcher.stdout! }).on('line', (text) => {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      unparsed.push(text);
      return;
    }
    lines.push(line);
    for (const hear of waiting) hear(line);
  });
  createInterface({ input: launcher.stderr! }).on('line', (text) => unparsed.push(text));

  function whenLogged(matches: (line: LogLine) => boolean, timeoutMs: number): Promise<LogLine> {
    return new Promise((resolve, reject) => {
      const hear = (line: LogLine) => {
        if (!matches(line)) return;
        clearTimeout(timer);
        waiting.delete(hear);
        resolve(line);
      };
      const timer = setTimeout(() => {
        waiting.delete(hear);
        reject(new Error(`the launcher's log did not say what was awaited within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      waiting.add(hear);
    });
  }
  return { lines, unparsed, whenLogged };
}

/** Every process's /readyz and nginx's answer, or the launcher's last words when it exits first. */
async function whenUp(launcher: ChildProcess, urls: string[], unparsed: string[]): Promise<void> {
  let onExit: ((code: number | null) => void) | undefined;
  const exited = new Promise<never>((_, reject) => {
    onExit = (code) => reject(new Error(`the launcher exited with ${code}:\n${unparsed.slice(-20).join('\n')}`));
    launcher.once('exit', onExit);
  });
  try {
    await Promise.race([Promise.all(urls.map((url) => whenReady(`${url}/readyz`))), exited]);
  } finally {
    launcher.off('exit', onExit!);
  }
}

/** SIGTERM: the launcher stops the gateways, then the services, then nginx, and exits. */
function stopLauncher(launcher: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (launcher.exitCode !== null || launcher.signalCode !== null) return resolve();
    launcher.once('exit', () => resolve());
    launcher.kill('SIGTERM');
  });
}

/** Fails naming the ports something already listens on. */
async function requireFree(ports: number[]): Promise<void> {
  const taken: number[] = [];
  for (const port of ports) {
    const isFree = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (!isFree) taken.push(port);
  }
  if (taken.length > 0) throw new Error(`ports in use: ${taken.join(', ')} (BENCH_PORT and BENCH_SERVICE_PORT choose others)`);
}

async function onServer(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The sign-in limit's counts the gateways kept in the bench's Redis database (`rl:` keys). */
async function removeRateLimitCounts(redisUrl: string): Promise<void> {
  const client = createClient({ url: redisUrl });
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: 'rl:*', COUNT: 500 })) if (keys.length > 0) await client.del(keys);
  } finally {
    await client.close();
  }
}
