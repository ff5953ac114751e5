// What the load benchmarks share: each deployable as its own process (as in production, so the load
// generator and every server have an event loop of their own), stopped afterwards, and a wait until
// it answers.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Runs a deployable's main module (e.g. services/auth/src/main.ts) with `env` over this process's
 * environment. With BENCH_CPU_PROF=<folder> each server writes a V8 CPU profile there when it stops
 * (Node refuses --cpu-prof in NODE_OPTIONS, so it is passed here).
 */
export function startProcess(entry: string, env: Record<string, string>, inherited: NodeJS.ProcessEnv = process.env): ChildProcess {
  const profile = process.env.BENCH_CPU_PROF;
  // A folder per deployable: the module loader's worker thread writes a profile of its own.
  const profiling = profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profile, path.basename(path.dirname(path.dirname(entry))))}`] : [];
  return spawn(process.execPath, [...profiling, '--import', 'tsx', entry], { cwd: root, env: { ...inherited, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Waits until `url` answers 2xx, for up to 30 s. */
export async function whenReady(url: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not become ready`);
}
