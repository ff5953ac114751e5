// The supervisor of the distributed start, over trivial Node processes: one that exits, is killed or
// could not be started is started again after its wait while the others run on, the waits double up
// to the longest and return to the first once a process has been steady, and stop ends every process
// for good. The waits are the supervisor's own timers, so Jest's fake ones; the processes are real.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { jest } from '@jest/globals';
import type { Logger } from '@learning/kit/observability';
import { supervise, type Supervisor } from '../supervisor.js';

const backoff = { firstDelayMs: 100, maxDelayMs: 1_000, steadyAfterMs: 5_000 };
const scripts = {
  exits: 'process.exit(3)',
  staysUp: 'setInterval(() => {}, 1000)',
  ignoresSigterm: "process.on('SIGTERM', () => {}); console.log('ready'); setInterval(() => {}, 1000)",
};

function startNode(script: string): ChildProcess {
  return spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
}

let notes: Array<Record<string, unknown>>;
const logger = {
  info: (fields: object, msg: string) => notes.push({ level: 'info', ...fields, msg }),
  error: (fields: object, msg: string) => notes.push({ level: 'error', ...fields, msg }),
} as unknown as Logger;
const exitNotes = () => notes.filter((note) => note.level === 'error');
let supervisor: Supervisor | undefined;

beforeEach(() => {
  notes = [];
  // Only the timers: the processes' events come through the event loop's own queues.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate', 'clearImmediate'] });
});

afterEach(async () => {
  jest.useRealTimers();
  await supervisor?.stop(1_000);
  supervisor = undefined;
});

/** Waits for the process `name` runs now to exit; the supervisor, listening first, has then noted it. */
async function exitOf(name: string): Promise<ChildProcess> {
  const child = supervisor!.children.get(name)!;
  if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
  return child;
}

it('a process that exits on its own is started again after the first wait, its exit logged with its code and the wait, while the others run on', async () => {
  supervisor = supervise({ auth: () => startNode(scripts.exits), catalog: () => startNode(scripts.staysUp) }, logger, backoff);
  const catalog = supervisor.children.get('catalog')!;
  const exited = await exitOf('auth');

  expect(exitNotes()).toEqual([
    { level: 'error', service: 'auth', code: 3, signal: null, restartInMs: 100, msg: 'auth exited with code 3; starting it again in 0.1 s' },
  ]);
  jest.advanceTimersByTime(backoff.firstDelayMs - 1);
  expect(supervisor.children.get('auth')).toBe(exited);
  jest.advanceTimersByTime(1);
  const restarted = supervisor.children.get('auth')!;
  expect(restarted).not.toBe(exited);
  expect(notes).toContainEqual({ level: 'info', service: 'auth', pid: restarted.pid, msg: 'auth started' });
  expect(supervisor.children.get('catalog')).toBe(catalog);
  expect(catalog.exitCode).toBeNull();
});

it('the waits double with each exit in a row, up to the longest', async () => {
  supervisor = supervise({ media: () => startNode(scripts.exits) }, logger, backoff);
  const waits: unknown[] = [];
  for (let exits = 0; exits < 6; exits += 1) {
    await exitOf('media');
    const wait = exitNotes().at(-1)!.restartInMs as number;
    waits.push(wait);
    jest.advanceTimersByTime(wait);
  }
  expect(waits).toEqual([100, 200, 400, 800, 1_000, 1_000]);
});

it('a process killed with SIGKILL after it had been steady is started again after the first wait, its signal logged', async () => {
  let starts = 0;
  supervisor = supervise({ exam: () => startNode((starts += 1) <= 2 ? scripts.exits : scripts.staysUp) }, logger, backoff);
  for (const wait of [100, 200]) {
    await exitOf('exam');
    jest.advanceTimersByTime(wait);
  }
  const steady = supervisor.children.get('exam')!;
  jest.advanceTimersByTime(backoff.steadyAfterMs);
  steady.kill('SIGKILL');
  await exitOf('exam');

  expect(exitNotes().at(-1)).toEqual({
    level: 'error',
    service: 'exam',
    code: null,
    signal: 'SIGKILL',
    restartInMs: 100,
    msg: 'exam exited with signal SIGKILL; starting it again in 0.1 s',
  });
  jest.advanceTimersByTime(backoff.firstDelayMs);
  expect(supervisor.children.get('exam')).not.toBe(steady);
});

it('a process that could not be started is tried again after its wait, the reason logged', async () => {
  let starts = 0;
  supervisor = supervise({ media: () => ((starts += 1) === 1 ? spawn('/nonexistent/node') : startNode(scripts.staysUp)) }, logger, backoff);
  await once(supervisor.children.get('media')!, 'error');

  expect(exitNotes()).toEqual([
    expect.objectContaining({ service: 'media', restartInMs: 100, msg: expect.stringMatching(/^media could not be started \(.*ENOENT.*\); starting it again in 0.1 s$/) }),
  ]);
  jest.advanceTimersByTime(backoff.firstDelayMs);
  expect(supervisor.children.get('media')!.pid).toEqual(expect.any(Number));
});

it('stop sends SIGTERM to every process, waits for each to exit, and starts none again, not even one whose wait was under way', async () => {
  supervisor = supervise({ auth: () => startNode(scripts.exits), catalog: () => startNode(scripts.staysUp) }, logger, backoff);
  const auth = await exitOf('auth');
  const catalog = supervisor.children.get('catalog')!;

  await supervisor.stop(backoff.maxDelayMs);
  expect(catalog.signalCode).toBe('SIGTERM');
  jest.advanceTimersByTime(backoff.steadyAfterMs);
  expect(supervisor.children.get('auth')).toBe(auth);
  expect(notes.filter((note) => note.msg === 'auth started')).toHaveLength(1);
  expect(exitNotes()).toHaveLength(1);
});

it('stop kills with SIGKILL a process still running when its time is up, and only the processes named', async () => {
  supervisor = supervise({ gateway: () => startNode(scripts.ignoresSigterm), auth: () => startNode(scripts.staysUp) }, logger, backoff);
  const gateway = supervisor.children.get('gateway')!;
  await once(gateway.stdout!, 'data');

  const stopped = supervisor.stop(2_000, ['gateway']);
  jest.advanceTimersByTime(2_000);
  await stopped;
  expect(gateway.signalCode).toBe('SIGKILL');
  expect(supervisor.children.get('auth')!.exitCode).toBeNull();
  expect(exitNotes()).toEqual([]);
});

it('restart stops one process through SIGTERM and starts it again at once, neither logged as an exit nor started twice', async () => {
  supervisor = supervise({ catalog: () => startNode(scripts.staysUp), exam: () => startNode(scripts.staysUp) }, logger, backoff);
  const before = supervisor.children.get('catalog')!;
  const exam = supervisor.children.get('exam')!;

  await supervisor.restart('catalog', backoff.maxDelayMs);
  expect(before.signalCode).toBe('SIGTERM');
  const after = supervisor.children.get('catalog')!;
  expect(after).not.toBe(before);
  expect(after.exitCode).toBeNull();
  jest.advanceTimersByTime(backoff.maxDelayMs);
  expect(supervisor.children.get('catalog')).toBe(after);
  expect(notes.filter((note) => note.msg === 'catalog started')).toHaveLength(2);
  expect(exitNotes()).toEqual([]);
  expect(supervisor.children.get('exam')).toBe(exam);
});
