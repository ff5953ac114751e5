// A launcher or a service alone started as a process of its own for a test: embedded in the test's
// DATA_DIR whatever this test run uses (its schemas must not land on a shared server), on a free
// port, with no front-end built, its output kept for a failure's message.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventually, freePort, testPayloadSecret } from '@learning/testing';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Launched {
  child: ChildProcess;
  url: string;
  /** What it was started with. */
  env: NodeJS.ProcessEnv;
  output: () => string;
  /** The exit code, once the output is read to the end ('close', not 'exit'). */
  closed: Promise<number | null>;
}

/** Starts `entry` (e.g. scripts/start.ts) with `settings` on top of the embedded ones. */
export async function launch(entry: string, dataDir: string, settings: NodeJS.ProcessEnv = {}): Promise<Launched> {
  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    // Set, so no front-end is built; pages then say it is not built, the API is all a test needs.
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
  const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
  return { child, url: `http://127.0.0.1:${port}`, env, output: () => output, closed };
}

/** Waits until it answers /readyz, failing with its output if it exits or never does. */
export async function untilReady(launched: Launched): Promise<void> {
  await eventually(
    async () => launched.child.exitCode === null && (await fetch(`${launched.url}/readyz`).then((response) => response.ok, () => false)),
    'ready',
    180_000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${launched.output()}`);
  });
}
