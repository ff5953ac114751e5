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
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { mediaUrlExpiry, openPayload, sealPayload, signMediaUrl } from '@learning/contracts';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../e2e/browser.js';
import { expectStatus, type Call } from '../client.js';
import { approvedLearner, exitUnlessPrepared, ladderReady, learnerContext, link, loadAverage, makeLesson, masterPlaylist, planWithLesson, signedInAdmin, startLessonPlatform, throttleToTheLink, uploadFile, type Learner } from '../lesson-day.js';
import { stopProcess } from '../processes.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback);
const rounds = Number(option('rounds', '1'));
const observedSeconds = Number(option('seconds', '60'));
const videoSeconds = Number(option('video-seconds', '80'));

const goals = { firstFrameSeconds: 2, stalls: 0 };
const port = 8196;
const baseUrl = `http://127.0.0.1:${port}`;
const secrets = { payload: 'bench-playback-payload-secret', mediaSigning: 'bench-playback-media-signing-secret' };
const transcodingTimeoutMs = 20 * 60_000;

type Variant = 'MP4' | 'HLS';

exitUnlessPrepared('shell/dist/index.html', 'No build in shell/dist: run `npm run build` first.');

const work = await mkdtemp(path.join(tmpdir(), 'bench-playback-'));
const { file: lessonFile, bytes: lessonBytes } = await makeLesson(work, videoSeconds);
console.log(`lesson: ${(lessonBytes / 1e6).toFixed(1)} MB, ${((lessonBytes * 8) / videoSeconds / 1e6).toFixed(2)} Mbit/s over ${videoSeconds} s`);

const platform = startLessonPlatform(port, work, secrets);
let browser: Browser | undefined;
let isBroken = false;

try {
  const { key, call, adminToken } = await signedInAdmin(baseUrl, secrets.payload);

  const lesson = new Blob([await readFile(lessonFile)], { type: 'video/mp4' });
  const uploadStarted = performance.now();
  const videoId = await uploadFile(baseUrl, adminToken, key, { route: '/v1/files/monsterplan-videos', field: 'video', file: lesson, name: 'lesson.mp4' });
  console.log(`uploaded in ${((performance.now() - uploadStarted) / 1000).toFixed(1)} s`);
  const uploadedAt = performance.now();
  const loadAtUpload = loadAverage();
  expectStatus(await call('PUT', `/v1/files/monsterplan-videos/${videoId}`, { token: adminToken, body: { id: videoId, name: 'Playback lesson', translateUrl: '' } }), 200, 'publishing the lesson');
  const transcodingSeconds = await ladderReady(call, adminToken, videoId, uploadedAt, transcodingTimeoutMs);
  const transcodingPerMinute = (transcodingSeconds / videoSeconds) * 60;
  console.log(`ladder ready ${transcodingSeconds.toFixed(1)} s after the upload's answer (load ${loadAtUpload} then, ${loadAverage()} now)`);

  const planId = await planWithLesson(call, adminToken, 'Playback plan', videoId, '');
  await describeLadder(call, await approvedLearner(call, adminToken, planId, 'ladder'), planId, videoId);

  // The browser journeys' Chromium, with autoplay allowed: play() is pressed by the bench, not a gesture.
  browser = await launchChromium(['--autoplay-policy=no-user-gesture-required']);
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

/** Waits until the play call answers the master playlist, then prints the ladder's renditions and their first segments' sizes. */
async function describeLadder(call: Call, learner: Learner, planId: string, videoId: string): Promise<void> {
  const master = await masterPlaylist(call, baseUrl, learner, planId, videoId);
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
  const context = await learnerContext(browser, baseUrl, learner.token);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await throttleToTheLink(cdp);
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
