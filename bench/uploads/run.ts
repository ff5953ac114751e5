// The plan list's latency while one learner's read-alouds are converted: GET /v1/monsterplans
// (a guest's, the platform's busiest page) asked by a few clients for a while on a quiet platform,
// then again while one learner sends six one-hour Opus recordings at once, in the same run. Prints
// both latencies (p50, p95, p99), the uploads' answers and how long they took.
//
//   npx tsx bench/uploads/run.ts            # options: --clients 4, --quiet-seconds 15, --hours 1
//
// The platform runs as `npm start` runs it (scripts/start.ts, embedded database, demo plans) in a
// temp folder, with MEDIA_CONVERSIONS and MEDIA_ALOUDS_PER_DAY at their defaults unless set in the
// environment. The recording is made once by ffmpeg: a voice-like tone (a sine with a tremolo) as
// Ogg Opus at a recorder's low rate, sent six times.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { payloadKey } from '@learning/contracts';
import { clientOf, expectStatus, signIn, Timings } from '../client.js';
import { figuresOf, percentile, seconds, sorted } from '../latency.js';
import { startPlatform, stopProcess, whenReady } from '../processes.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback);
const clients = Number(option('clients', '4'));
const quietSeconds = Number(option('quiet-seconds', '15'));
const hours = Number(option('hours', '1'));
const uploads = 6;

const port = 8197;
const baseUrl = `http://127.0.0.1:${port}`;
const secrets = { payload: 'bench-uploads-payload-secret', mediaSigning: 'bench-uploads-media-signing-secret' };

const work = await mkdtemp(path.join(tmpdir(), 'bench-uploads-'));
const recording = path.join(work, 'aloud.ogg');
console.log(`load average ${loadAverage()}, ${availableParallelism()} cores; making a ${hours} h Opus recording with ffmpeg…`);
execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=220:duration=${hours * 3600},tremolo=f=3:d=0.9`, '-ac', '1', '-c:a', 'libopus', '-b:a', '8k', '-application', 'voip', recording]);
const recordingBytes = (await stat(recording)).size;
console.log(`recording: ${(recordingBytes / 1e6).toFixed(1)} MB`);

const platform = startPlatform({ port, dataDir: path.join(work, 'data'), staticDir: work, secrets, seedDemo: true, transcode: false });

try {
  await whenReady(`${baseUrl}/readyz`);
  const key = await payloadKey(secrets.payload);
  const timings = new Timings();
  const call = clientOf(baseUrl, timings, key);
  const password = 'bench-learner-password';
  const email = `reader-${Date.now()}@bench.mn`;
  expectStatus(await call('POST', '/v1/auth/register', { body: { email, name: 'Уншигч', password, repeatPassword: password } }), 201, 'registering');
  const token = await signIn(call, email, password);
  expectStatus(await call('GET', '/v1/monsterplans'), 200, 'the plan list');

  /** `clients` loops asking the plan list under `name` until `isDone()`. */
  const askPlans = async (name: string, isDone: () => boolean) => {
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (!isDone()) expectStatus(await call('GET', '/v1/monsterplans', { timedAs: name }), 200, 'the plan list');
      }),
    );
  };

  const quietUntil = performance.now() + quietSeconds * 1000;
  await askPlans('quiet', () => performance.now() > quietUntil);

  const bytes = await readFile(recording);
  const sentAt = performance.now();
  let isSending = true;
  const sending = Promise.all(
    Array.from({ length: uploads }, async () => {
      const form = new FormData();
      form.append('video', new Blob([bytes], { type: 'audio/ogg' }), 'aloud.ogg');
      const answer = await fetch(`${baseUrl}/v1/monsterplans/aloud`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
      await answer.arrayBuffer();
      return { status: answer.status, ms: performance.now() - sentAt };
    }),
  ).finally(() => (isSending = false));
  await askPlans('during', () => !isSending);
  const answers = await sending;

  const p99 = (name: string) => percentile(sorted(timings.latencies.get(name) ?? []), 0.99).toFixed(1);
  console.log(`GET /v1/monsterplans, ${clients} clients, quiet ${quietSeconds} s:   ${figuresOf(timings.latencies.get('quiet') ?? [])}`);
  console.log(`GET /v1/monsterplans, during the ${uploads} uploads:     ${figuresOf(timings.latencies.get('during') ?? [])}`);
  console.log(`uploads: ${answers.map((answer) => answer.status).join(' ')}; answered after ${answers.map((answer) => seconds(answer.ms)).join(', ')}`);
  console.log(`p99 quiet ${p99('quiet')} ms, during ${p99('during')} ms (load average ${loadAverage()})`);
} finally {
  await stopProcess(platform);
  await rm(work, { recursive: true, force: true });
}

function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
}
