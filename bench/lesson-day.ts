// What bench/playback and bench/offline-download share: the platform started with the built
// front-ends, a plan day's lesson made by ffmpeg and uploaded as the administrator uploads it, its
// HLS ladder awaited, the plan holding it, approved learners, and their browser contexts with the
// page's network throttled to the weak link both benches measure on.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openPayload, payloadEncryptionHeader, payloadKey } from '@learning/contracts';
import { eventually } from '@learning/testing';
import type { Browser, BrowserContext, BrowserContextOptions, CDPSession } from 'playwright-core';
import { chromiumPath } from '../e2e/browser.js';
import { clientOf, expectStatus, signIn, Timings, type Call } from './client.js';
import { benchAdmin, startPlatform, whenReady } from './processes.js';

/** The weak link: 1.5 Mbit/s down (187,500 bytes/s), 750 kbit/s up, 150 ms added to every request. */
export const link = { latencyMs: 150, downloadBytesPerSecond: 1_500_000 / 8, uploadBytesPerSecond: 750_000 / 8 };

const learnerPassword = 'bench-learner-password';
const root = path.resolve(import.meta.dirname, '..');

/** Exits with a hint unless Chromium is there and so is `builtFile` (under the repository), printing `noBuild` when it is not. */
export function exitUnlessPrepared(builtFile: string, noBuild: string): void {
  if (!existsSync(chromiumPath)) {
    console.error(`No Chromium at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
    process.exit(1);
  }
  if (!existsSync(path.join(root, builtFile))) {
    console.error(noBuild);
    process.exit(1);
  }
}

/** Starts the platform as `npm start` does, serving the built front-ends (shell/dist), without the demo plans, transcoding each video into its ladder. */
export function startLessonPlatform(port: number, work: string, secrets: { payload: string; mediaSigning: string }): ChildProcess {
  return startPlatform({ port, dataDir: path.join(work, 'data'), staticDir: path.join(root, 'shell/dist'), secrets, seedDemo: false, transcode: true });
}

/** Waits until the platform at `baseUrl` is ready, then signs the administrator in; answers the payload key, a client opening sealed answers, and the token. */
export async function signedInAdmin(baseUrl: string, payloadSecret: string): Promise<{ key: CryptoKey; call: Call; adminToken: string }> {
  await whenReady(`${baseUrl}/readyz`);
  const key = await payloadKey(payloadSecret);
  const call = clientOf(baseUrl, new Timings(), key);
  const adminToken = await signIn(call, benchAdmin.email, benchAdmin.password);
  return { key, call, adminToken };
}

/** The machine's load averages over 1, 5 and 15 minutes, e.g. `1.02 0.87 0.60`. */
export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

/** Prints the load average, then makes a `seconds`-long lesson as `work`/lesson.mp4 with ffmpeg; answers the file and its size in bytes. */
export async function makeLesson(work: string, seconds: number): Promise<{ file: string; bytes: number }> {
  const file = path.join(work, 'lesson.mp4');
  console.log(`load average ${loadAverage()}; making a ${seconds} s 1280x720 lesson with ffmpeg…`);
  // A lesson a phone might record: a moving picture with temporal noise (a camera's grain, so it does
  // not compress like a still test card) and a tone whose pitch and loudness move at a syllable's pace,
  // 1280x720 at 30 fps, H.264 at ~3 Mbit/s (capped) and AAC 128 kbit/s, the index first (+faststart)
  // as phones write it.
  const speech = `aevalsrc=0.4*sin(2*PI*(160+50*sin(2*PI*0.7*t))*t)*(0.55+0.45*sin(2*PI*4*t)):s=48000:d=${seconds}`;
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=s=1280x720:r=30:d=${seconds}`,
    '-f', 'lavfi', '-i', speech,
    '-vf', 'noise=alls=12:allf=t',
    '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '3000k', '-maxrate', '3500k', '-bufsize', '6000k', '-g', '60', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-shortest', '-movflags', '+faststart', file,
  ]);
  return { file, bytes: (await stat(file)).size };
}

/** A file sent as a form field, as the administrator's page sends it. */
export interface Upload {
  /** The path it is posted to, e.g. /v1/files/monsterplan-videos. */
  route: string;
  field: string;
  file: Blob;
  name: string;
}

/** Posts a file as the administrator's page does; answers the id in the answer (which may be sealed). */
export async function uploadFile(baseUrl: string, token: string, key: CryptoKey, { route, field, file, name }: Upload): Promise<string> {
  const form = new FormData();
  form.append(field, file, name);
  const response = await fetch(`${baseUrl}${route}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  let body = JSON.parse(await response.text());
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${JSON.stringify(body)}`);
  if (response.headers.get(payloadEncryptionHeader)) body = JSON.parse(await openPayload(key, body.payload));
  return body._id as string;
}

/** Polls the administrator's view of the video each second until its ladder is ready; answers the seconds since `since`. */
export async function ladderReady(call: Call, token: string, videoId: string, since: number, timeoutMs: number): Promise<number> {
  let lastState = '';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const video = expectStatus(await call<{ transcoding: { state: string; reason: string | null } | null }>('GET', `/v1/files/monsterplan-videos/${videoId}`, { token }), 200, 'the video');
    const { transcoding } = video;
    if (!transcoding) throw new Error('the video has no transcoding job: is ffmpeg missing, or MEDIA_TRANSCODE=0?');
    if (transcoding.state === 'failed') throw new Error(`transcoding failed: ${transcoding.reason}`);
    if (transcoding.state === 'ready') return (performance.now() - since) / 1000;
    if (transcoding.state !== lastState) console.log(`transcoding: ${transcoding.state} at ${((performance.now() - since) / 1000).toFixed(1)} s`);
    lastState = transcoding.state;
    await sleep(1000);
  }
  throw new Error(`the ladder was not ready within ${timeoutMs / 60_000} minutes`);
}

/** Creates an active plan `name` with the video as week 1, day 1, asking again until the catalog knows the video; answers the plan's id. */
export async function planWithLesson(call: Call, token: string, name: string, videoId: string, monsterWords: string): Promise<string> {
  return eventually(async () => {
    const body = { name, price: '49,000₮', isActive: true, videos: [{ _id: videoId, week: 1, dayOfWeek: 1, monsterWords }] };
    const answer = await call<{ _id: string }>('POST', '/v1/monsterplans', { token, body });
    return answer.status === 201 && answer.body._id;
  }, 'the catalog takes the lesson into a plan', 30_000);
}

export interface Learner {
  id: string;
  token: string;
}

/** A learner registered, asking for the plan, approved by the administrator, and seeing it in /me. */
export async function approvedLearner(call: Call, adminToken: string, planId: string, name: string): Promise<Learner> {
  const email = `learner-${name}-${Date.now()}@bench.mn`;
  expectStatus(await call('POST', '/v1/auth/register', { body: { email, name: `Сурагч ${name}`, password: learnerPassword, repeatPassword: learnerPassword } }), 201, 'registering');
  const token = await signIn(call, email, learnerPassword);
  // The catalog learns of the learner from auth's event.
  const requestId = await eventually(async () => {
    const answer = await call<{ _id: string }>('POST', '/v1/monsterplan-requests', { token, body: { monsterplan: planId } });
    return answer.status === 201 && answer.body._id;
  }, "the catalog takes the learner's request", 30_000);
  expectStatus(await call('PUT', `/v1/monsterplan-requests/${requestId}`, { token: adminToken }), 200, 'approving');
  const id = await eventually(async () => {
    const me = expectStatus(await call<{ _id: string; monsterplans: string[] }>('GET', '/v1/auth/me', { token }), 200, '/v1/auth/me');
    return me.monsterplans.includes(planId) && me._id;
  }, '/v1/auth/me shows the plan', 30_000);
  return { id, token };
}

/** Waits until the learner's play call answers the video's master playlist; answers its address on the platform at `baseUrl`. */
export async function masterPlaylist(call: Call, baseUrl: string, learner: Learner, planId: string, videoId: string): Promise<URL> {
  const masterPath = await eventually(async () => {
    const answer = expectStatus(await call<{ url: string }>('GET', `/v1/monsterplans/${planId}/play/${videoId}`, { token: learner.token }), 200, 'the play call');
    return answer.url.endsWith('/master.m3u8') && answer.url;
  }, 'the play call answers the ladder', 30_000);
  return new URL(masterPath, baseUrl);
}

/** A fresh browser context on the platform at `baseUrl` at a desktop's size, signed in with `token` when given, `options` added. */
export async function learnerContext(browser: Browser, baseUrl: string, token: string | null, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    ...options,
    viewport: { width: 1366, height: 900 },
    ...(token ? { storageState: { cookies: [], origins: [{ origin: baseUrl, localStorage: [{ name: 'token', value: token }] }] } } : {}),
  });
  // tsx compiles with esbuild's keepNames: the functions handed to page.evaluate call its __name(), which a page lacks.
  await context.addInitScript('globalThis.__name ??= (target) => target;');
  return context;
}

/** Throttles the page of a DevTools session (its Network domain enabled) to the weak link. */
export async function throttleToTheLink(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: link.latencyMs,
    downloadThroughput: link.downloadBytesPerSecond,
    uploadThroughput: link.uploadBytesPerSecond,
  });
}
