// What the load benchmarks share: each deployable as its own process (as in production, so the load
// generator and every server have an event loop of their own), or the whole platform as `npm start`
// runs it, stopped afterwards, and a wait until it answers.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, realpath, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Runs a deployable's main module (e.g. services/auth/src/main.ts) with `env` over this process's
 * environment. With BENCH_CPU_PROF=<folder> each server writes a V8 CPU profile there when it stops
 * (Node refuses --cpu-prof in NODE_OPTIONS, so it is passed here).
 */
export function startProcess(entry: string, env: Record<string, string>, inherited: NodeJS.ProcessEnv = process.env, cwd = root): ChildProcess {
  const profile = process.env.BENCH_CPU_PROF;
  // A folder per deployable: the module loader's worker thread writes a profile of its own.
  const profiling = profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profile, path.basename(path.dirname(path.dirname(entry))))}`] : [];
  // As every launcher runs a deployable: OpenTelemetry's instrumentations loaded before the app.
  const imports = ['--import', 'tsx', '--import', '@learning/kit/tracing-register'];
  return spawn(process.execPath, [...profiling, ...imports, entry], { cwd, env: { ...inherited, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The administrator a bench's platform is started with. */
export const benchAdmin = { email: 'bench-admin@test.mn', password: 'bench-admin-password' };

/** How a bench starts the platform: where it listens and keeps its data, what it serves, its secrets. */
export interface PlatformOptions {
  port: number;
  dataDir: string;
  /** The front-ends' folder the gateway serves (shell/dist), or any folder when no page is asked for. */
  staticDir: string;
  secrets: { payload: string; mediaSigning: string };
  /** SEED_DEMO: the demo plans. */
  seedDemo: boolean;
  /** MEDIA_TRANSCODE: each uploaded video's HLS ladder. */
  transcode: boolean;
}

/**
 * Runs the platform as `npm start` runs it (scripts/start.ts, the embedded database) on 127.0.0.1,
 * with `benchAdmin`, warnings only in its log, and AMQP_URL and DATABASE_URL left out of the environment.
 */
export function startPlatform({ port, dataDir, staticDir, secrets, seedDemo, transcode }: PlatformOptions): ChildProcess {
  return startProcess(
    'scripts/start.ts',
    {
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: staticDir,
      PAYLOAD_SECRET: secrets.payload,
      MEDIA_SIGNING_SECRET: secrets.mediaSigning,
      ADMIN_EMAIL: benchAdmin.email,
      ADMIN_PASSWORD: benchAdmin.password,
      SEED_DEMO: seedDemo ? '1' : '0',
      MEDIA_TRANSCODE: transcode ? '1' : '0',
      RATE_LIMIT_AUTH: '1000',
    },
    { ...process.env, AMQP_URL: undefined, DATABASE_URL: undefined },
  );
}

/** Stops a process started here with SIGTERM; resolves when it has exited. */
export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Waits until `url` answers 2xx, for up to 120 s (a new embedded database on a loaded machine takes a while). */
export async function whenReady(url: string): Promise<void> {
  for (let attempt = 0; attempt < 1200; attempt++) {
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not become ready`);
}

/**
 * A deployable's folder as it was at a git commit, with the kit it ran on then (its HTTP server,
 * logs, metrics and tracing, `@learning/kit/tracing-register` included), extracted into a temporary
 * folder whose node_modules are this checkout's but for @learning/kit, so a benchmark can run the
 * code before a change beside the code after it in one run. Returns the temporary folder (the caller
 * removes it), the deployable's main module in it, and `cwd`, the folder to run it from (where
 * `--import @learning/kit/tracing-register` finds that kit).
 */
export async function checkoutAt(ref: string, folder: string): Promise<{ dir: string; entry: string; cwd: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-before-'));
  const kit = 'services/kit';
  const archive = execFileSync('git', ['archive', '--format=tar', ref, folder, kit, 'tsconfig.json'], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  const modules = path.join(root, 'node_modules');
  await mkdir(path.join(dir, 'node_modules/@learning'), { recursive: true });
  for (const name of await readdir(modules)) {
    if (name !== '@learning') await symlink(path.join(modules, name), path.join(dir, 'node_modules', name));
  }
  for (const name of await readdir(path.join(modules, '@learning'))) {
    const target = name === 'kit' ? path.join(dir, kit) : await realpath(path.join(modules, '@learning', name));
    await symlink(target, path.join(dir, 'node_modules/@learning', name));
  }
  return { dir, entry: path.join(dir, folder, 'src/main.ts'), cwd: dir };
}
