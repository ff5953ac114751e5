// The front-ends the gateway serves: the shell and the four remotes, each built into its dist folder.
// `npm start` builds the ones that are missing or stale: a dist older than its sources (or than the
// sources of a workspace package it is built from, such as packages/platform) would serve yesterday's
// code, and a remote built against an older platform breaks at run time.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '@learning/kit/observability';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

export interface FrontEnd {
  workspace: string;
  /** Its folder, relative to the repository root. */
  folder: string;
  /** The file its build writes last-needed, relative to the repository root. */
  entry: string;
}

export const frontEnds: FrontEnd[] = [
  { workspace: '@learning/shell', folder: 'shell', entry: 'shell/dist/sw.js' },
  { workspace: '@learning/mfe-home', folder: 'mfe-home', entry: 'mfe-home/dist/mf-manifest.json' },
  { workspace: '@learning/mfe-monster', folder: 'mfe-monster', entry: 'mfe-monster/dist/mf-manifest.json' },
  { workspace: '@learning/mfe-lessons', folder: 'mfe-lessons', entry: 'mfe-lessons/dist/mf-manifest.json' },
  { workspace: '@learning/mfe-admin', folder: 'mfe-admin', entry: 'mfe-admin/dist/mf-manifest.json' },
];

/** What a build does not read: its output, installed packages and tests. */
const notSources = new Set(['dist', 'node_modules', 'test', '.cache']);

export type BuildReason = 'missing' | 'stale';

/**
 * Whether a front-end needs building: its build is missing, or a source file changed after the
 * build was written. `builtAt` and `sourcesChangedAt` are modification times in ms.
 */
export function buildReason(builtAt: number | undefined, sourcesChangedAt: number): BuildReason | undefined {
  if (builtAt === undefined) return 'missing';
  return sourcesChangedAt > builtAt ? 'stale' : undefined;
}

/** The newest modification time of the files under `folder`, leaving out what is not a source. */
export function newestChangeUnder(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (notSources.has(entry.name)) continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestChangeUnder(full));
    else if (entry.isFile()) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** The folders a front-end is built from: its own and those of the workspace packages it uses, transitively. */
export function sourceFolders(root: string, folder: string): string[] {
  const folders = new Set<string>();
  const visit = (relative: string) => {
    const absolute = realpathSync(path.resolve(root, relative));
    if (folders.has(absolute)) return;
    folders.add(absolute);
    const manifest = JSON.parse(readFileSync(path.join(absolute, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const used = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies });
    // Workspace packages are linked into the root's node_modules.
    for (const name of used.filter((dependency) => dependency.startsWith('@learning/'))) {
      const linked = path.join(root, 'node_modules', name);
      if (existsSync(linked)) visit(linked);
    }
  };
  visit(folder);
  return [...folders];
}

/** The front-ends to build, with why. */
export function frontEndsToBuild(root = repositoryRoot, all: readonly FrontEnd[] = frontEnds): Array<FrontEnd & { reason: BuildReason }> {
  return all.flatMap((frontEnd) => {
    const entry = path.join(root, frontEnd.entry);
    const builtAt = existsSync(entry) ? statSync(entry).mtimeMs : undefined;
    const sourcesChangedAt = builtAt === undefined ? 0 : Math.max(...sourceFolders(root, frontEnd.folder).map(newestChangeUnder));
    const reason = buildReason(builtAt, sourcesChangedAt);
    return reason ? [{ ...frontEnd, reason }] : [];
  });
}

/**
 * Front-end builds run at once. Each is one webpack process, mostly on one core, whose minifier uses
 * the other: on two cores, two at once finished the five in less time than one at a time (bench/start).
 */
export const buildsAtOnce = 2;

/**
 * Builds every front-end whose build is missing or stale, `buildsAtOnce` at a time; throws if a
 * build fails, with its output. A build's own output is shown only then: the log says what is built.
 */
export async function buildFrontEndsThatNeedIt(logger: Logger, atOnce = buildsAtOnce): Promise<void> {
  const needed = frontEndsToBuild();
  if (needed.length === 0) return;
  const started = Date.now();
  logger.info(`Building the front-ends that are not built or older than their sources (the first time takes about a minute): ${needed.map((f) => `${f.workspace} (${f.reason})`).join(', ')}`);
  const waiting = [...needed];
  const running = new Set<ChildProcess>();
  const buildNext = async (): Promise<void> => {
    for (let frontEnd = waiting.shift(); frontEnd; frontEnd = waiting.shift()) await buildOne(frontEnd, running, logger);
  };
  try {
    await Promise.all(Array.from({ length: Math.min(atOnce, needed.length) }, buildNext));
  } catch (error) {
    waiting.length = 0;
    for (const build of running) build.kill();
    throw error;
  }
  // webpack leaves an unchanged file unwritten, so its time would still say stale: stamp the build.
  const now = new Date();
  for (const { entry } of needed) utimesSync(path.join(repositoryRoot, entry), now, now);
  logger.info(`Front-ends built in ${Math.round((Date.now() - started) / 1000)} s`);
}

function buildOne({ workspace }: FrontEnd, running: Set<ChildProcess>, logger: Logger): Promise<void> {
  const started = Date.now();
  const args = ['run', 'build', '-w', workspace];
  const build = spawn('npm', args, { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(build);
  const output: Buffer[] = [];
  build.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  build.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve, reject) => {
    build.once('error', reject);
    build.once('close', (status) => {
      running.delete(build);
      if (status === 0) {
        logger.info(`${workspace} built in ${Math.round((Date.now() - started) / 1000)} s`);
        resolve();
      } else {
        process.stderr.write(Buffer.concat(output));
        reject(new Error(`npm ${args.join(' ')} failed`));
      }
    });
  });
}
