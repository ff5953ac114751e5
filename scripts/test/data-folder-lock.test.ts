// One writer per data folder, with real processes: a second `npm start` (scripts/start.ts) or a
// second service alone on an embedded database folder a running process holds exits 1 at once,
// saying in Mongolian and English which folder and which process; a clean stop frees the folder, and
// the lock of a process killed with SIGKILL is taken over by the next start.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventually, freePort, testPayloadSecret } from '@learning/testing';

(import.meta as ImportMeta & { jest?: { setTimeout(ms: number): void } }).jest?.setTimeout(240_000);

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** The exit code, once the output is read to the end. */
  closed: Promise<number | null>;
}

let dataDir: string;
const running: Started[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'data-folder-lock-'));
});

afterAll(async () => {
  for (const { child, closed } of running) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await closed;
  }
  await rm(dataDir, { recursive: true, force: true });
});

/** Starts `entry` on a free port with DATA_DIR the test's folder, embedded whatever this test run uses. */
async function start(entry: string, settings: NodeJS.ProcessEnv = {}): Promise<Started> {
  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    // Set, so no front-end is built.
    STATIC_DIR: join(dataDir, 'static'),
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: '0',
    PAYLOAD_SECRET: testPayloadSecret,
    ...settings,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = { child, url: `http://127.0.0.1:${port}`, output: () => output, closed: new Promise<number | null>((resolve) => child.once('close', resolve)) };
  running.push(started);
  return started;
}

async function ready(started: Started): Promise<void> {
  await eventually(
    async () => started.child.exitCode === null && (await fetch(`${started.url}/readyz`).then((response) => response.ok, () => false)),
    'ready',
    180_000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${started.output()}`);
  });
}

function expectRefused(output: string, folder: string, pid: number | undefined): void {
  expect(output).toContain(`Өгөгдлийн хавтас ${folder}-г ${pid} дугаартай процесс ашиглаж байна`);
  expect(output).toContain(`The data folder ${folder} is in use by process ${pid}`);
  // Said plainly, not as a crash.
  expect(output).not.toMatch(/\n\s+at /);
}

const lockOf = (folder: string) => readFile(`${folder}.lock`, 'utf8').then((text) => Number(text.trim()));

describe('npm start', () => {
  let first: Started;

  beforeAll(async () => {
    first = await start('scripts/start.ts');
    await ready(first);
  }, 240_000);

  it('a second start on the data folder in use, on another port, exits 1 at once naming the folder and the running process', async () => {
    const second = await start('scripts/start.ts');
    expect(await second.closed).toBe(1);
    expectRefused(second.output(), join(dataDir, 'platform'), first.child.pid);
    // The first goes on, its folder still its own.
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    expect(await lockOf(join(dataDir, 'platform'))).toBe(first.child.pid);
  });

  it('after the running start is killed with SIGKILL, the next start takes the folder over, and frees it when stopped', async () => {
    first.child.kill('SIGKILL');
    await first.closed;
    expect(await lockOf(join(dataDir, 'platform'))).toBe(first.child.pid);

    const next = await start('scripts/start.ts');
    await ready(next);
    expect(await lockOf(join(dataDir, 'platform'))).toBe(next.child.pid);
    next.child.kill('SIGTERM');
    expect(await next.closed).toBe(0);
    expect(existsSync(join(dataDir, 'platform.lock'))).toBe(false);
  });
});

describe('a service alone on its embedded database', () => {
  it('a second one on the data folder in use exits 1 at once naming the folder and the running process; a clean stop frees it', async () => {
    const first = await start('services/exam/src/main.ts');
    await ready(first);
    const second = await start('services/exam/src/main.ts');
    expect(await second.closed).toBe(1);
    expectRefused(second.output(), join(dataDir, 'exam'), first.child.pid);

    first.child.kill('SIGTERM');
    expect(await first.closed).toBe(0);
    expect(existsSync(join(dataDir, 'exam.lock'))).toBe(false);
  });
});
