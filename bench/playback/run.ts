// A lesson played on a weak link: Chromium, throttled by the DevTools protocol to
// 1.5 Mbit/s down, 750 kbit/s up and 150 ms of latency on every request, plays a 720p lesson for 60 s
// as an approved learner plays it on the plan's page, once as the uploaded MP4 and once as its HLS
// ladder, in the same run; and the ladder's transcoding time per minute of video on this machine.
//
//   npx tsx bench/playback/run.ts                  # one MP4 and one HLS playback (needs `npm run build`)
//   options: --rounds 2 (MP4 then HLS, again), --seconds 60 (observed per playback), --video-seconds 80
//
// The platform runs as `npm start` runs it (scripts/start.ts, embedded database, the built front-ends)
// in a temp folder. The lesson is made by ffmpeg (a moving picture with camera-like noise and a
// speech-like tone, 1280x720 at 30 fps, ~3 Mbit/s like a phone's recording, +faststart), uploaded as
// the administrator uploads it; the ladder's time is from the upload's answer until the administrator's
// page shows `ready`. Each playback is a fresh learner in a fresh browser context (empty cache, no
// position to resume): the plan's page, the day chosen, play pressed as soon as the player shows.
// The MP4 playback is the same page with the play call's answer rewritten to the video's signed MP4
// address (what the play call answered before the ladder was ready), so both play the same upload
// from the same server. Measured in the page from the play press: the first frame
// (requestVideoFrameCallback, else `playing`), stalls (`waiting` after the first frame until
// `playing`), the seconds of the lesson played, the picture height sampled every 500 ms while playing
// (for HLS the rendition hls.js chose), and the bytes of media received.
// Goals: the HLS first frame within 2 s and no stall in 60 s. Exits 1 only on a broken run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { mediaUrlExpiry, openPayload, payloadEncryptionHeader, payloadKey, sealPayload, signMediaUrl } from '@learning/contracts';
import { eventually } from '@learning/testing';
import { chromium, type Browser, type Page } from 'playwright-core';
import { clientOf, expectStatus, signIn, Timings, type Call } from '../client.js';
import { startProcess, stopProcess, whenReady } from '../processes.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback);
const rounds = Number(option('rounds', '1'));
const observedSeconds = Number(option('seconds', '60'));
const videoSeconds = Number(option('video-seconds', '80'));

const goals = { firstFrameSeconds: 2, stalls: 0 };
/** The issue's weak link: 1.5 Mbit/s down (187,500 bytes/s), 750 kbit/s up, 150 ms added to every request. */
const link = { latencyMs: 150, downloadBytesPerSecond: 1_500_000 / 8, uploadBytesPerSecond: 750_000 / 8 };
const port = 8196;
const baseUrl = `http://127.0.0.1:${port}`;
const secrets = { payload: 'bench-playback-payload-secret', mediaSigning: 'bench-playback-media-signing-secret' };
const admin = { email: 'bench-admin@test.mn', password: 'bench-admin-password' };
const learnerPassword = 'bench-learner-password';
const root = path.resolve(import.meta.dirname, '../..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const transcodingTimeoutMs = 20 * 60_000;

type Variant = 'MP4' | 'HLS';

if (!existsSync(chromiumPath)) {
  console.error(`No Chromium at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  process.exit(1);
}
if (!existsSync(path.join(root, 'shell/dist/index.html'))) {
  console.error('No build in shell/dist: run `npm run build` first.');
  process.exit(1);
}

const work = await mkdtemp(path.join(tmpdir(), 'bench-playback-'));
const lessonFile = path.join(work, 'lesson.mp4');
console.log(`load average ${loadAverage()}; making a ${videoSeconds} s 1280x720 lesson with ffmpeg…`);
makeLesson(lessonFile, videoSeconds);
const lessonBytes = (await stat(lessonFile)).size;
console.log(`lesson: ${(lessonBytes / 1e6).toFixed(1)} MB, ${((lessonBytes * 8) / videoSeconds / 1e6).toFixed(2)} Mbit/s over ${videoSeconds} s`);

const platform = startProcess(
  'scripts/start.ts',
  {
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(work, 'data'),
    PORT: String(port),
    HOST: '127.0.0.1',
    STATIC_DIR: path.join(root, 'shell/dist'),
    PAYLOAD_SECRET: secrets.payload,
    MEDIA_SIGNING_SECRET: secrets.mediaSigning,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SEED_DEMO: '0',
    MEDIA_TRANSCODE: '1',
    RATE_LIMIT_AUTH: '1000',
  },
  { ...process.env, AMQP_URL: undefined, DATABASE_URL: undefined },
);
let browser: Browser | undefined;
let isBroken = false;

try {
  await whenReady(`${baseUrl}/readyz`);
  const key = await payloadKey(secrets.payload);
  const call = clientOf(baseUrl, new Timings(), key);
  const adminToken = await signIn(call, admin.email, admin.password);

  const videoId = await uploadLesson(adminToken, key);
  const uploadedAt = performance.now();
  const loadAtUpload = loadAverage();
  expectStatus(await call('PUT', `/v1/files/monsterplan-videos/${videoId}`, { token: adminToken, body: { id: videoId, name: 'Playback lesson', translateUrl: '' } }), 200, 'publishing the lesson');
  const transcodingSeconds = await ladderReady(call, adminToken, videoId, uploadedAt);
  const transcodingPerMinute = (transcodingSeconds / videoSeconds) * 60;
  console.log(`ladder ready ${transcodingSeconds.toFixed(1)} s after the upload's answer (load ${loadAtUpload} then, ${loadAverage()} now)`);

  const planId = await eventually(async () => {
    const body = { name: 'Playback plan', price: '49,000₮', isActive: true, videos: [{ _id: videoId, week: 1, dayOfWeek: 1, monsterWords: '' }] };
    const answer = await call<{ _id: string }>('POST', '/v1/monsterplans', { token: adminToken, body });
    return answer.status === 201 && answer.body._id;
  }, 'the catalog takes the lesson into a plan', 30_000);
  await describeLadder(call, await approvedLearner(call, adminToken, planId, 'ladder'), planId, videoId);

  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    // As the browser journeys launch it (e2e/browser.ts); play() is pressed by the bench, not a gesture.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--autoplay-policy=no-user-gesture-required'],
  });
  const playbacks: Playback[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const variant of ['MP4', 'HLS'] as const) {
      const learner = await approvedLearner(call, adminToken, planId, `${variant.toLowerCase()}-${round}`);
      const load = loadAverage();
      const playback = { ...(await play(browser, variant, learner, planId, videoId, key)), variant, load };
      playbacks.push(playback);
      console.log(`round ${round} ${variant} (load ${load}): first frame ${playback.firstFrame?.toFixed(2) ?? 'none'} s, ${playback.stalls} stalls, ${playback.playedSeconds.toFixed(1)} s played`);
    }
  }
  report(playbacks, transcodingPerMinute, transcodingSeconds);
} catch (error) {
  isBroken = true;
  console.error(error);
} finally {
  await browser?.close();
  await stopProcess(platform);
  await rm(work, { recursive: true, force: true });
}
process.exit(isBroken ? 1 : 0);

function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

/**
 * A lesson a phone might record: a moving picture with temporal noise (a camera's grain, so it does
 * not compress like a still test card) and a tone whose pitch and loudness move at a syllable's pace,
 * H.264 at ~3 Mbit/s (capped) and AAC 128 kbit/s, the index first (+faststart) as phones write it.
 */
function makeLesson(file: string, seconds: number): void {
  const speech = `aevalsrc=0.4*sin(2*PI*(160+50*sin(2*PI*0.7*t))*t)*(0.55+0.45*sin(2*PI*4*t)):s=48000:d=${seconds}`;
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=s=1280x720:r=30:d=${seconds}`,
    '-f', 'lavfi', '-i', speech,
    '-vf', 'noise=alls=12:allf=t',
    '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '3000k', '-maxrate', '3500k', '-bufsize', '6000k', '-g', '60', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-shortest', '-movflags', '+faststart', file,
  ]);
}

/** Posts the lesson as the administrator's page does; answers its id (the answer may be sealed). */
async function uploadLesson(token: string, key: CryptoKey): Promise<string> {
  const form = new FormData();
  form.append('video', new Blob([await readFile(lessonFile)], { type: 'video/mp4' }), 'lesson.mp4');
  const started = performance.now();
  const response = await fetch(`${baseUrl}/v1/files/monsterplan-videos`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  let body = JSON.parse(await response.text());
  if (response.status !== 201) throw new Error(`the upload answered ${response.status}: ${JSON.stringify(body)}`);
  if (response.headers.get(payloadEncryptionHeader)) body = JSON.parse(await openPayload(key, body.payload));
  console.log(`uploaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return body._id as string;
}

/** Polls the administrator's view of the video each second until its ladder is ready; answers the seconds since `since`. */
async function ladderReady(call: Call, token: string, videoId: string, since: number): Promise<number> {
  let lastState = '';
  const deadline = Date.now() + transcodingTimeoutMs;
  while (Date.now() < deadline) {
    const video = expectStatus(await call<{ transcoding: { state: string; progress: number; reason: string | null } | null }>('GET', `/v1/files/monsterplan-videos/${videoId}`, { token }), 200, 'the video');
    const { transcoding } = video;
    if (!transcoding) throw new Error('the video has no transcoding job: is ffmpeg missing, or MEDIA_TRANSCODE=0?');
    if (transcoding.state === 'failed') throw new Error(`transcoding failed: ${transcoding.reason}`);
    if (transcoding.state === 'ready') return (performance.now() - since) / 1000;
    if (transcoding.state !== lastState) console.log(`transcoding: ${transcoding.state} at ${((performance.now() - since) / 1000).toFixed(1)} s`);
    lastState = transcoding.state;
    await sleep(1000);
  }
  throw new Error(`the ladder was not ready within ${transcodingTimeoutMs / 60_000} minutes`);
}

interface Learner {
  token: string;
}

/** A learner registered, asking for the plan, approved by the administrator, and seeing it in /me. */
async function approvedLearner(call: Call, adminToken: string, planId: string, name: string): Promise<Learner> {
  const email = `learner-${name}-${Date.now()}@bench.mn`;
  expectStatus(await call('POST', '/v1/auth/register', { body: { email, name: `Сурагч ${name}`, password: learnerPassword, repeatPassword: learnerPassword } }), 201, 'registering');
  const token = await signIn(call, email, learnerPassword);
  // The catalog learns of the learner from auth's event.
  const requestId = await eventually(async () => {
    const answer = await call<{ _id: string }>('POST', '/v1/monsterplan-requests', { token, body: { monsterplan: planId } });
    return answer.status === 201 && answer.body._id;
  }, 'the catalog takes the learner\'s request', 30_000);
  expectStatus(await call('PUT', `/v1/monsterplan-requests/${requestId}`, { token: adminToken }), 200, 'approving');
  await eventually(async () => {
    const me = expectStatus(await call<{ monsterplans: string[] }>('GET', '/v1/auth/me', { token }), 200, '/v1/auth/me');
    return me.monsterplans.includes(planId);
  }, '/v1/auth/me shows the plan', 30_000);
  return { token };
}

/** Waits until the play call answers the master playlist, then prints the ladder's renditions and their first segments' sizes. */
async function describeLadder(call: Call, learner: Learner, planId: string, videoId: string): Promise<void> {
  const masterPath = await eventually(async () => {
    const answer = expectStatus(await call<{ url: string }>('GET', `/v1/monsterplans/${planId}/play/${videoId}`, { token: learner.token }), 200, 'the play call');
    return answer.url.endsWith('/master.m3u8') && answer.url;
  }, 'the play call answers the ladder', 30_000);
  const master = new URL(masterPath, baseUrl);
  const text = await (await fetch(master)).text();
  const lines = text.split('\n');
  console.log('ladder (master.m3u8):');
  for (const [index, line] of lines.entries()) {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const rendition = lines[index + 1]!.trim();
    const bandwidth = /BANDWIDTH=(\d+)/.exec(line)?.[1];
    const resolution = /RESOLUTION=([\dx]+)/.exec(line)?.[1] ?? 'audio only';
    const playlist = new URL(rendition, master);
    const firstSegment = (await (await fetch(playlist)).text()).split('\n').find((entry) => entry.endsWith('.m4s'))!;
    const segmentBytes = (await (await fetch(new URL(firstSegment, playlist))).arrayBuffer()).byteLength;
    console.log(
      `  ${path.dirname(rendition).padEnd(6)} ${resolution.padEnd(10)} BANDWIDTH ${(Number(bandwidth) / 1000).toFixed(0)} kbit/s; first segment (2 s) ${(segmentBytes / 1000).toFixed(0)} KB ` +
        `= ${(segmentBytes / link.downloadBytesPerSecond).toFixed(1)} s on the link`,
    );
  }
}

interface Measured {
  /** From the play press (s). */
  firstFrame: number | null;
  /** From choosing the day (s): the play call, the player's chunk, hls.js's, the playlists and the first data. */
  firstFrameFromDay: number | null;
  stalls: number;
  stalledSeconds: number;
  playedSeconds: number;
  /** Mean picture height over the 500 ms samples taken while playing. */
  averageHeight: number | null;
  /** The playhead seen standing still (500 ms samples) while not paused, `waiting` or not: what a learner sees as a stall. */
  frozenSeconds: number;
  mediaMegabytes: number;
  segmentsByRendition: Record<string, number>;
  playError: string | null;
  /** What came before the first frame: each file's request start and end (s from the play press, negative before it). */
  beforeFirstFrame: string;
}

type Playback = Measured & { variant: Variant; load: string };

/** One learner's playback of the lesson on the throttled link, in a fresh context; `observedSeconds` from the play press. */
async function play(browser: Browser, variant: Variant, learner: Learner, planId: string, videoId: string, key: CryptoKey): Promise<Measured> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1366, height: 900 },
    storageState: { cookies: [], origins: [{ origin: baseUrl, localStorage: [{ name: 'token', value: learner.token }] }] },
  });
  try {
    // tsx compiles with esbuild's keepNames: the functions handed to page.evaluate call its __name(), which a page lacks.
    await context.addInitScript('globalThis.__name ??= (target) => target;');
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: link.latencyMs,
      downloadThroughput: link.downloadBytesPerSecond,
      uploadThroughput: link.uploadBytesPerSecond,
    });
    // Bytes of the lesson's files (the MP4, or the ladder's playlists and segments) as they arrive.
    const mediaRequests = new Set<string>();
    let mediaBytes = 0;
    cdp.on('Network.requestWillBeSent', (event) => {
      if (new URL(event.request.url).pathname.startsWith('/v1/media/')) mediaRequests.add(event.requestId);
    });
    cdp.on('Network.dataReceived', (event) => {
      if (mediaRequests.has(event.requestId)) mediaBytes += event.dataLength;
    });
    const segmentsByRendition: Record<string, number> = {};
    page.on('request', (request) => {
      const rendition = /\/([^/]+)\/segment-\d+\.m4s$/.exec(new URL(request.url()).pathname)?.[1];
      if (rendition) segmentsByRendition[rendition] = (segmentsByRendition[rendition] ?? 0) + 1;
    });
    if (variant === 'MP4') await answerMp4(page, videoId, key);

    await page.goto(`/product-monster-plan/${planId}`, { timeout: 120_000 });
    const day = page.getByRole('region', { name: 'Хичээлийн хуваарь' }).getByRole('region', { name: '1-р долоо хоног' }).getByRole('button', { name: /^1-р өдөр/ });
    await day.waitFor({ state: 'visible', timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    const dayChosenAt = await page.evaluate(() => performance.now());
    await day.click();
    await page.locator('video').waitFor({ state: 'attached', timeout: 60_000 });
    await page.evaluate(watchAndPlay, dayChosenAt);
    await sleep(observedSeconds * 1000);
    const measured = await page.evaluate(collect, observedSeconds);
    const src = await page.evaluate(() => document.querySelector('video')?.currentSrc ?? '');
    if (variant === 'HLS' && !src.startsWith('blob:')) throw new Error(`the HLS playback played ${src}, not hls.js's MediaSource`);
    if (variant === 'MP4' && !new URL(src).pathname.startsWith('/v1/media/video/')) throw new Error(`the MP4 playback played ${src}`);
    return { ...measured, mediaMegabytes: mediaBytes / 1e6, segmentsByRendition };
  } finally {
    await context.close();
  }
}

/**
 * The page's play call answered with the video's signed MP4 address instead of its ladder: what the
 * call answered before the ladder was ready, opened and sealed again with the gateway's secret.
 */
async function answerMp4(page: Page, videoId: string, key: CryptoKey): Promise<void> {
  const mp4Url = await signMediaUrl(secrets.mediaSigning, 'video', videoId, mediaUrlExpiry(3600));
  await page.route(/\/v1\/monsterplans\/[^/]+\/play\/[^/]+$/, async (route) => {
    const response = await route.fetch();
    const sealed = (await response.json()) as { payload: string };
    const answer = JSON.parse(await openPayload(key, sealed.payload)) as { url: string };
    if (!answer.url.endsWith('/master.m3u8')) throw new Error(`the play call answered ${answer.url}, not the ladder`);
    await route.fulfill({ response, json: { payload: await sealPayload(key, JSON.stringify({ ...answer, url: mp4Url })) } });
  });
}

/** In the page: watches the <video> and presses play, as a learner does when the player shows. */
function watchAndPlay(dayChosenAt: number): void {
  const video = document.querySelector('video')!;
  const state = {
    dayChosenAt,
    playAt: performance.now(),
    firstPlayingAt: null as number | null,
    firstFrameAt: null as number | null,
    stallStartedAt: null as number | null,
    stalls: 0,
    stalledMs: 0,
    heights: [] as number[],
    /** Sampled: 500 ms steps after the first frame in which the playhead did not move though the video was not paused. */
    frozenMs: 0,
    lastTime: -1,
    playError: null as string | null,
  };
  (window as unknown as { playbackBench: typeof state }).playbackBench = state;
  const firstShown = () => state.firstFrameAt ?? state.firstPlayingAt;
  video.addEventListener('playing', () => {
    state.firstPlayingAt ??= performance.now();
    if (state.stallStartedAt !== null) {
      state.stalledMs += performance.now() - state.stallStartedAt;
      state.stallStartedAt = null;
    }
  });
  video.addEventListener('waiting', () => {
    if (firstShown() === null || state.stallStartedAt !== null) return;
    state.stalls += 1;
    state.stallStartedAt = performance.now();
  });
  video.requestVideoFrameCallback?.((now) => (state.firstFrameAt = now));
  setInterval(() => {
    if (firstShown() === null || video.paused || video.ended) return;
    if (video.currentTime === state.lastTime) state.frozenMs += 500;
    state.lastTime = video.currentTime;
    if (state.stallStartedAt === null && video.readyState >= 3 && video.videoHeight > 0) state.heights.push(video.videoHeight);
  }, 500);
  video.muted = true;
  const press = () => video.play().catch((error: Error) => error);
  void press().then((error) => {
    if (!error) return;
    // Refused before a source was attached (hls.js's chunk still on its way): pressed again when it can play.
    state.playError = `${error.name}: ${error.message}`;
    video.addEventListener('canplay', () => void press(), { once: true });
  });
}

/** In the page: the figures `seconds` after the play press. */
function collect(seconds: number): Omit<Measured, 'mediaMegabytes' | 'segmentsByRendition'> {
  // The files on the way to the first frame, from the page's resource timing (the MP4 itself, fetched by the media element, is not in it).
  const files: Array<[string, RegExp]> = [
    ['play call', /\/play\/[^/]+$/],
    ['hls.js chunk', /\/hls\.[0-9a-f]+\.js$/],
    ['master', /\/master\.m3u8$/],
    ['playlist', /\/playlist\.m3u8$/],
    ['init', /\/init\.mp4$/],
    ['segment 1', /\/segment-1\.m4s$/],
  ];
  const state = (
    window as unknown as {
      playbackBench: { dayChosenAt: number; playAt: number; firstPlayingAt: number | null; firstFrameAt: number | null; stallStartedAt: number | null; stalls: number; stalledMs: number; heights: number[]; frozenMs: number; playError: string | null };
    }
  ).playbackBench;
  const video = document.querySelector('video')!;
  const end = state.playAt + seconds * 1000;
  const stalledMs = state.stalledMs + (state.stallStartedAt === null ? 0 : Math.max(0, end - state.stallStartedAt));
  const shown = state.firstFrameAt ?? state.firstPlayingAt;
  const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  const at = (time: number) => ((time - state.playAt) / 1000).toFixed(2);
  const beforeFirstFrame = files
    .map(([name, pattern]) => {
      const entry = entries.find((candidate) => candidate.responseEnd >= state.dayChosenAt && pattern.test(new URL(candidate.name).pathname));
      return entry ? `${name} ${at(entry.startTime)}…${at(entry.responseEnd)}` : undefined;
    })
    .filter(Boolean)
    .join(', ');
  const average = state.heights.length ? state.heights.reduce((sum, height) => sum + height, 0) / state.heights.length : null;
  return {
    firstFrame: shown === null ? null : (shown - state.playAt) / 1000,
    firstFrameFromDay: shown === null ? null : (shown - state.dayChosenAt) / 1000,
    stalls: state.stalls,
    stalledSeconds: stalledMs / 1000,
    playedSeconds: video.currentTime,
    averageHeight: average,
    frozenSeconds: state.frozenMs / 1000,
    playError: state.playError,
    beforeFirstFrame: `${beforeFirstFrame}; first frame ${shown === null ? 'none' : at(shown)}, first \`playing\` ${state.firstPlayingAt === null ? 'none' : at(state.firstPlayingAt)}`,
  };
}

function report(playbacks: Playback[], transcodingPerMinute: number, transcodingSeconds: number): void {
  const s = (value: number | null) => (value === null ? 'none' : `${value.toFixed(2)} s`);
  console.log('\nstalls: `waiting` events after the first frame, and their time until `playing`; frozen: the playhead seen still in 500 ms samples while not paused');
  console.log(
    `\nThrottled: ${link.latencyMs} ms per request, ${(link.downloadBytesPerSecond * 8) / 1e6} Mbit/s down, ${(link.uploadBytesPerSecond * 8) / 1e3} kbit/s up; ` +
      `${observedSeconds} s observed from the play press; lesson ${videoSeconds} s, ${((lessonBytes * 8) / videoSeconds / 1e6).toFixed(2)} Mbit/s MP4\n`,
  );
  const columns = ['variant', 'first frame', '(from day)', 'stalls', 'stalled', 'frozen', 'played', 'avg picture', 'media MB', 'segments', 'load'];
  const widths = [8, 12, 12, 7, 10, 9, 9, 12, 9, 28, 16];
  const row = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index]!)).join('');
  console.log(row(columns));
  for (const playback of playbacks) {
    const segments = Object.entries(playback.segmentsByRendition).map(([name, count]) => `${name}×${count}`).join(' ') || '-';
    console.log(
      row([
        playback.variant,
        s(playback.firstFrame),
        s(playback.firstFrameFromDay),
        String(playback.stalls),
        s(playback.stalledSeconds),
        `${playback.frozenSeconds.toFixed(1)} s`,
        `${playback.playedSeconds.toFixed(1)} s`,
        playback.averageHeight === null ? 'none' : `${playback.averageHeight.toFixed(0)}p`,
        playback.mediaMegabytes.toFixed(2),
        segments,
        playback.load,
      ]),
    );
    console.log(`  ${playback.variant} before the first frame (s from the play press): ${playback.beforeFirstFrame}`);
    if (playback.playError) console.log(`  (${playback.variant}: the first play() was refused, ${playback.playError}; pressed again at canplay)`);
  }
  for (const hls of playbacks.filter((playback) => playback.variant === 'HLS')) {
    const frame = hls.firstFrame;
    const isFrameMet = frame !== null && frame <= goals.firstFrameSeconds;
    console.log(
      `HLS goal, first frame ≤ ${goals.firstFrameSeconds} s: ${isFrameMet ? 'met' : `missed (${s(frame)})`}; ` +
        `${goals.stalls} stalls in ${observedSeconds} s: ${hls.stalls <= goals.stalls ? 'met' : `missed (${hls.stalls}, ${s(hls.stalledSeconds)})`}`,
    );
  }
  for (const mp4 of playbacks.filter((playback) => playback.variant === 'MP4')) {
    console.log(`MP4 for comparison: first frame ${s(mp4.firstFrame)}, ${mp4.stalls} stalls for ${s(mp4.stalledSeconds)}, ${mp4.playedSeconds.toFixed(1)} s of the lesson played in ${observedSeconds} s`);
  }
  console.log(`transcoding: ${transcodingSeconds.toFixed(1)} s for ${videoSeconds} s of 1280x720 = ${transcodingPerMinute.toFixed(1)} s per minute of video on this machine`);
}
