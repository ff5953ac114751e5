// `npm run start:distributed` keeps the platform up: the launcher's process (scripts/start-distributed.ts,
// each service on an embedded database in a temporary DATA_DIR and every port a free one) starts
// again a service killed with SIGKILL, which answers /readyz again while the others kept answering;
// SIGTERM then stops every process and starts none again. Several instances without what they share
// are refused, each missing setting named. It needs RabbitMQ (AMQP_URL), on a virtual
// host of its own where rabbitmqctl can make one, so its consumers take no other run's events.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closedPortUrl, eventually } from '@learning/testing';
import { freshVhost } from '@learning/testing/rabbitmq';
import { restartBackoff } from '../supervisor.js';

(import.meta as ImportMeta & { jest?: { setTimeout(ms: number): void } }).jest?.setTimeout(240_000);

const root = fileURLToPath(new URL('../..', import.meta.url));
const amqpUrl = process.env.AMQP_URL || undefined;
const services = ['auth', 'catalog', 'media', 'exam'];
const deployables = [...services, 'gateway'];

let dataDir: string;
let vhost: { url: string; remove(): Promise<void> } | undefined;
/** Each deployable's address, where its /readyz answers. */
const urls: Record<string, string> = {};
let launcher: ChildProcess | undefined;
let output = '';
/** The launcher's exit code, once its output is read to the end. */
let closed: Promise<number | null>;

beforeAll(async () => {
  if (!amqpUrl) return;
  dataDir = await mkdtemp(join(tmpdir(), 'start-distributed-'));
  vhost = await freshVhost(amqpUrl);
  for (const name of deployables) urls[name] = await closedPortUrl();
  launcher = spawn(process.execPath, ['--import', 'tsx', 'scripts/start-distributed.ts'], {
    cwd: root,
    // Embedded databases, whatever this test run uses: the services' schemas must not land on a shared server.
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      // Set, so no front-end is needed; the pages then say it is not built.
      STATIC_DIR: join(dataDir, 'static'),
      AMQP_URL: vhost?.url ?? amqpUrl,
      HOST: '127.0.0.1',
      PORT: new URL(urls.gateway!).port,
      ...Object.fromEntries(services.map((name) => [`${name.toUpperCase()}_URL`, urls[name]])),
      SEED_DEMO: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  closed = new Promise((resolve) => launcher!.once('close', (code) => resolve(code)));
  launcher.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  launcher.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await eventually(
    async () => launcher!.exitCode === null && (await Promise.all(deployables.map(isReady))).every(Boolean),
    'every deployable is ready',
    180_000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${output}`);
  });
}, 240_000);

afterAll(async () => {
  if (launcher?.exitCode === null) {
    // Its processes have process groups of their own: a launcher killed leaves them running.
    for (const pid of startedPids()) killIfAlive(pid);
    launcher.kill('SIGKILL');
    await closed;
  }
  await vhost?.remove();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

(amqpUrl ? it : it.skip)('a service killed with SIGKILL is started again and answers /readyz while the others kept answering; SIGTERM then stops every process, none started again', async () => {
  const others = deployables.filter((name) => name !== 'catalog');
  const othersPids = others.map(startedPid);
  const killed = startedPid('catalog');
  process.kill(killed, 'SIGKILL');

  // The gateway's /readyz asks every service's: while the catalog is down, its /healthz shows it answering.
  const otherServices = services.filter((name) => name !== 'catalog');
  const silent = new Set<string>();
  let wasDown = false;
  await eventually(
    async () => {
      for (const name of otherServices) if (!(await isReady(name))) silent.add(name);
      if (!(await answers(`${urls.gateway}/healthz`))) silent.add('gateway');
      const isCatalogReady = await isReady('catalog');
      wasDown ||= !isCatalogReady;
      return wasDown && isCatalogReady && (await isReady('gateway'));
    },
    'the catalog, and so the gateway, answer /readyz again',
    120_000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${output}`);
  });
  expect([...silent]).toEqual([]);
  expect(others.map(startedPid)).toEqual(othersPids);
  expect(startedPid('catalog')).not.toBe(killed);
  const exits = launcherLines().filter((line) => line.restartInMs !== undefined);
  expect(exits).toEqual([expect.objectContaining({ service: 'catalog', code: null, signal: 'SIGKILL', restartInMs: restartBackoff.firstDelayMs })]);

  const running = deployables.map(startedPid);
  launcher!.kill('SIGTERM');
  expect(await closed).toBe(0);
  expect(running.filter(isAlive)).toEqual([]);
  expect(startedPids()).toHaveLength(deployables.length + 1);
});

(amqpUrl ? it : it.skip)('with --instances 2 and neither Redis nor S3 named, exits 1 saying what several instances share', async () => {
  const alone = spawn(process.execPath, ['--import', 'tsx', 'scripts/start-distributed.ts', '--instances', '2'], {
    cwd: root,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, AMQP_URL: amqpUrl, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/unused' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  alone.stdout!.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const code = await new Promise((resolve) => alone.once('close', resolve));

  expect(code).toBe(1);
  expect(said).toContain('set REDIS_URL (Redis, where the gateways count the rate limits together), MEDIA_STORAGE=s3 with MEDIA_S3_*');
  expect(said).not.toContain('DATABASE_URL (');
});

function isReady(name: string): Promise<boolean> {
  return answers(`${urls[name]}/readyz`);
}

function answers(url: string): Promise<boolean> {
  return fetch(url).then((answer) => answer.ok, () => false);
}

/** The launcher's own log lines (each process's lines are mixed in its output). */
function launcherLines(): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line)];
      } catch {
        return [];
      }
    })
    .filter((line) => line.name === 'start-distributed');
}

function startedPids(): number[] {
  return launcherLines()
    .filter((line) => typeof line.msg === 'string' && line.msg.endsWith(' started'))
    .map((line) => line.pid as number);
}

/** The process the launcher started last for `name`. */
function startedPid(name: string): number {
  return launcherLines().findLast((line) => line.msg === `${name} started`)!.pid as number;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function killIfAlive(pid: number) {
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}
