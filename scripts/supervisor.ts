// Keeps a launcher's processes up: one that exits on its own, is killed or could not be started is
// started again after a wait that doubles with each exit in a row; only `stop` ends them for good.
import type { ChildProcess } from 'node:child_process';
import type { Logger } from '@learning/kit/observability';

/**
 * The waits before a process that exited is started again: the first, the longest, and how long a
 * process must have run for the next wait to be the first again.
 */
export const restartBackoff = { firstDelayMs: 1_000, maxDelayMs: 30_000, steadyAfterMs: 60_000 };

export interface Supervisor {
  /** Each process by name: the one running, or the last one while its next start waits. */
  readonly children: ReadonlyMap<string, ChildProcess>;
  /**
   * Starts no process again from now on, then stops those named (every one when none is): SIGTERM,
   * then SIGKILL to one still running after `killAfterMs`. Resolves once they have all exited.
   */
  stop(killAfterMs: number, names?: string[]): Promise<void>;
  /**
   * Stops one process as `stop` does and starts it again at once (a release), not counted as an
   * exit; resolves once the new one is started.
   */
  restart(name: string, killAfterMs: number): Promise<void>;
}

/** Starts each process with its `start` and starts it again whenever it exits, until `stop`. */
export function supervise(starts: Record<string, () => ChildProcess>, logger: Logger, backoff = restartBackoff): Supervisor {
  const children = new Map<string, ChildProcess>();
  const waitingRestarts = new Set<NodeJS.Timeout>();
  const releasing = new Set<string>();
  let isStopping = false;

  function run(name: string, exitsInARow: number) {
    const child = starts[name]!();
    children.set(name, child);
    if (child.pid !== undefined) logger.info({ service: name, pid: child.pid }, `${name} started`);
    // A process that stayed up this long is steady: should it exit later, the first wait applies again.
    const steady = setTimeout(() => (exitsInARow = 0), backoff.steadyAfterMs);
    const startAgain = (fields: object, why: string) => {
      clearTimeout(steady);
      if (isStopping || releasing.has(name)) return;
      const delayMs = Math.min(backoff.firstDelayMs * 2 ** exitsInARow, backoff.maxDelayMs);
      logger.error({ service: name, ...fields, restartInMs: delayMs }, `${name} ${why}; starting it again in ${delayMs / 1000} s`);
      const restart = setTimeout(() => {
        waitingRestarts.delete(restart);
        run(name, exitsInARow + 1);
      }, delayMs);
      waitingRestarts.add(restart);
    };
    child.once('exit', (code, signal) => startAgain({ code, signal }, `exited with ${signal ? `signal ${signal}` : `code ${code}`}`));
    // A process that could not be started emits an error and no exit; it is tried again all the same.
    child.on('error', (error) => {
      if (child.pid === undefined) startAgain({ err: error }, `could not be started (${error.message})`);
      else logger.error({ service: name, err: error }, `${name} could not be signalled (${error.message})`);
    });
  }
  for (const name of Object.keys(starts)) run(name, 0);

  return {
    children,
    async stop(killAfterMs, names = Object.keys(starts)) {
      isStopping = true;
      for (const restart of waitingRestarts) clearTimeout(restart);
      waitingRestarts.clear();
      await Promise.all(names.map((name) => stopChild(children.get(name)!, killAfterMs)));
    },
    async restart(name, killAfterMs) {
      releasing.add(name);
      try {
        await stopChild(children.get(name)!, killAfterMs);
      } finally {
        releasing.delete(name);
      }
      if (!isStopping) run(name, 0);
    },
  };
}

function stopChild(child: ChildProcess, killAfterMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killing = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.once('exit', () => {
      clearTimeout(killing);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
