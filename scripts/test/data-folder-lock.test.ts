// One writer per data folder, with real processes: a second `npm start` (scripts/start.ts) or a
// second service alone on an embedded database folder a running process holds exits 1 at once,
// saying in Mongolian and English which folder and which process; a clean stop frees the folder, and
// the lock of a process killed with SIGKILL is taken over by the next start.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, untilReady, type Launched } from './launched.js';

(import.meta as ImportMeta & { jest?: { setTimeout(ms: number): void } }).jest?.setTimeout(240_000);

let dataDir: string;
const running: Launched[] = [];

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

/** Starts `entry` in the test's folder, kept to be stopped after. */
async function start(entry: string, settings: NodeJS.ProcessEnv = {}): Promise<Launched> {
  const started = await launch(entry, dataDir, settings);
  running.push(started);
  return started;
}

function expectRefused(output: string, folder: string, pid: number | undefined): void {
  expect(output).toContain(`Өгөгдлийн хавтас ${folder}-г ${pid} дугаартай процесс ашиглаж байна`);
  expect(output).toContain(`The data folder ${folder} is in use by process ${pid}`);
  // Said plainly, not as a crash.
  expect(output).not.toMatch(/\n\s+at /);
}

const lockOf = (folder: string) => readFile(`${folder}.lock`, 'utf8').then((text) => Number(text.trim()));

describe('npm start', () => {
  let first: Launched;

  beforeAll(async () => {
    first = await start('scripts/start.ts');
    await untilReady(first);
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
    await untilReady(next);
    expect(await lockOf(join(dataDir, 'platform'))).toBe(next.child.pid);
    next.child.kill('SIGTERM');
    expect(await next.closed).toBe(0);
    expect(existsSync(join(dataDir, 'platform.lock'))).toBe(false);
  });
});

describe('a service alone on its embedded database', () => {
  it('a second one on the data folder in use exits 1 at once naming the folder and the running process; a clean stop frees it', async () => {
    const first = await start('services/exam/src/main.ts');
    await untilReady(first);
    const second = await start('services/exam/src/main.ts');
    expect(await second.closed).toBe(1);
    expectRefused(second.output(), join(dataDir, 'exam'), first.child.pid);

    first.child.kill('SIGTERM');
    expect(await first.closed).toBe(0);
    expect(existsSync(join(dataDir, 'exam.lock'))).toBe(false);
  });
});
