// A newcomer's `npm start`, measured: runs it as they would, on a fresh DATA_DIR (a temporary
// folder), and prints the seconds until the gateway's /readyz answers 200 and a page navigation gets
// the shell, then the idle memory of the whole process tree (npm and what it started: the sum of
// each process's VmRSS in /proc) once the platform has settled. Goals: ready ≤ 60 s from an empty
// build cache after `npm install`, idle RSS ≤ 400 MB.
//
//   npx tsx bench/start/run.ts                 # with the front-ends' builds as they are
//   npx tsx bench/start/run.ts --cold          # from an empty build cache: removes every front-end's
//                                              # dist and webpack cache first, as after a fresh clone
//   options: --port 8090 (default), --settle 20 (seconds before reading memory)
//
// What `npm start` prints goes to a log file named at the end; its last lines are shown.
import { spawn } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { frontEnds } from '../../scripts/front-ends.js';

const root = path.resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1]! : fallback;
};
const isCold = args.includes('--cold');
const port = Number(option('port', '8090'));
const settleSeconds = Number(option('settle', '20'));
const timeoutSeconds = 600;
const base = `http://127.0.0.1:${port}`;

if (isCold) {
  for (const { folder } of frontEnds) {
    await rm(path.join(root, folder, 'dist'), { recursive: true, force: true });
    await rm(path.join(root, folder, 'node_modules/.cache'), { recursive: true, force: true });
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-start-'));
const logFile = path.join(dataDir, 'npm-start.log');
const log = createWriteStream(logFile);
const started = performance.now();
const seconds = () => (performance.now() - started) / 1000;
// Its own process group, so the whole tree is stopped at the end.
const npm = spawn('npm', ['start'], {
  cwd: root,
  detached: true,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
npm.stdout.pipe(log);
npm.stderr.pipe(log);
let exited = false;
npm.once('exit', () => (exited = true));

try {
  let firstAnswer: number | undefined;
  let readyAt: number | undefined;
  let shellAt: number | undefined;
  while (readyAt === undefined || shellAt === undefined) {
    if (exited) throw new Error(`npm start stopped; see ${logFile}`);
    if (seconds() > timeoutSeconds) throw new Error(`not ready after ${timeoutSeconds} s; see ${logFile}`);
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.status,
      () => undefined,
    );
    if (ready !== undefined) firstAnswer ??= seconds();
    if (ready === 200) readyAt ??= seconds();
    if (readyAt !== undefined && shellAt === undefined && (await getsTheShell())) shellAt = seconds();
    if (shellAt === undefined) await sleep(250);
  }

  await sleep(settleSeconds * 1000);
  const tree = processTree(npm.pid!);
  const totalKb = tree.reduce((sum, { rssKb }) => sum + rssKb, 0);

  console.log(`npm start ${isCold ? 'from an empty build cache' : 'with the builds as they were'}, fresh DATA_DIR, port ${port}`);
  console.log(`  first answer on the port:       ${firstAnswer!.toFixed(1)} s`);
  console.log(`  /readyz 200:                    ${readyAt.toFixed(1)} s`);
  console.log(`  a page navigation gets the shell: ${shellAt.toFixed(1)} s   (goal ≤ 60 s from an empty build cache)`);
  console.log(`  idle RSS after ${settleSeconds} s, whole tree: ${(totalKb / 1024).toFixed(0)} MB   (goal ≤ 400 MB)`);
  for (const { pid, name, rssKb } of tree) console.log(`    ${String(pid).padStart(7)} ${name.padEnd(16)} ${(rssKb / 1024).toFixed(0).padStart(5)} MB`);
  const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n');
  console.log(`  last lines printed (whole log: ${logFile}):`);
  for (const line of lines.slice(-3)) console.log(`    ${line.slice(0, 240)}`);
} finally {
  if (!exited) {
    process.kill(-npm.pid!, 'SIGTERM');
    for (let waited = 0; !exited && waited < 100; waited++) await sleep(100);
    if (!exited) process.kill(-npm.pid!, 'SIGKILL');
  }
  log.end();
  // The log stays for reading; the database goes.
  await rm(path.join(dataDir, 'platform'), { recursive: true, force: true });
}

/** Whether a browser's navigation to / gets the shell's page (not the starting or not-built page). */
async function getsTheShell(): Promise<boolean> {
  const response = await fetch(`${base}/`, { headers: { accept: 'text/html' } }).catch(() => undefined);
  if (response?.status !== 200) return false;
  return /<script[^>]+src="?\/main\.[0-9a-f]+\.js/.test(await response.text());
}

/** `pid` and its descendants, each with its resident memory, from /proc. */
function processTree(pid: number): Array<{ pid: number; name: string; rssKb: number }> {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const stat = readProc(`/proc/${entry}/stat`);
    if (!stat) continue;
    // The name is in parentheses and may hold spaces; the parent's pid is the second field after it.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
  }
  const tree: Array<{ pid: number; name: string; rssKb: number }> = [];
  const visit = (current: number) => {
    const status = readProc(`/proc/${current}/status`);
    if (status) {
      const name = /^Name:\s+(.*)$/m.exec(status)?.[1] ?? '?';
      const rssKb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0);
      tree.push({ pid: current, name, rssKb });
    }
    for (const child of parents.get(current) ?? []) visit(child);
  };
  visit(pid);
  return tree;
}

function readProc(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
