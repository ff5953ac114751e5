// One plan day downloaded for offline listening on bench/playback's weak link: Chromium, throttled by
// the DevTools protocol to 1.5 Mbit/s down, 750 kbit/s up and 150 ms of latency on every request,
// downloads the day through the plan page's "Интернэтгүй сонсох" as an approved learner does, once
// audio only and once as 360p video, and, in the same run on the same link, the MP4 the
// administrator uploaded, which is what a learner would have to keep without the ladder.
//
//   npx tsx bench/offline-download/run.ts          # needs `npm run build` (the front-ends and the service worker)
//   options: --video-seconds 180 (the lesson's length), --reference-seconds 60 (how long the MP4 is
//   downloaded before its whole time is worked out from its rate; 0 downloads it whole)
//
// The platform runs as `npm start` runs it, in a temp folder; the lesson is made by ffmpeg as
// bench/playback makes it (1280x720 at 30 fps, ~3 Mbit/s, a speech-like tone), uploaded with
// subtitles, its ladder awaited, put in a plan with a read-aloud PDF. Each download is a fresh
// approved learner in a fresh browser context with the service worker allowed and the HTTP cache
// off (the player buffers the day's start on opening; the download fetches it again over the link):
// the plan page opened on the day, the worker controlling it, the player's own buffering let finish,
// then the way chosen and "Татаж авах" pressed. Measured: the size the page shows before, the
// seconds from the press until the page says the day is downloaded, and what the download's record
// in IndexedDB keeps (its bytes and files). The page's DevTools session counts the requests and bytes it sees during the
// download, which shows the throttle applies to them: the page fetches the files itself, and the
// service worker leaves /v1 to the network. Exits 1 only on a broken run.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { mediaUrlExpiry, signMediaUrl } from '@learning/contracts';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../../e2e/browser.js';
import { controlledByTheWorker } from '../../e2e/service-worker.js';
import { makePdf } from '../../services/media/src/demo/pdf.js';
import { expectStatus, type Call } from '../client.js';
import { approvedLearner, exitUnlessPrepared, ladderReady, learnerContext, link, loadAverage, makeLesson, masterPlaylist, planWithLesson, signedInAdmin, startLessonPlatform, throttleToTheLink, uploadFile, type Learner } from '../lesson-day.js';
import { stopProcess } from '../processes.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback);
const videoSeconds = Number(option('video-seconds', '180'));
const referenceSeconds = Number(option('reference-seconds', '60'));

const port = 8197;
const baseUrl = `http://127.0.0.1:${port}`;
const secrets = { payload: 'bench-offline-payload-secret', mediaSigning: 'bench-offline-media-signing-secret' };
const transcodingTimeoutMs = 30 * 60_000;
const downloadTimeoutMs = 60 * 60_000;
/** The ways the page offers, by the start of their radio button's name. */
const choices = [
  { name: 'audio only', radio: 'Зөвхөн дуу' },
  { name: '360p video', radio: '360p видео' },
] as const;

exitUnlessPrepared('shell/dist/sw.js', 'No service worker in shell/dist: run `npm run build` first.');

const work = await mkdtemp(path.join(tmpdir(), 'bench-offline-'));
const { file: lessonFile, bytes: lessonBytes } = await makeLesson(work, videoSeconds);
console.log(`lesson: ${videoSeconds} s, ${mb(lessonBytes)} MB, ${mbits((lessonBytes * 8) / videoSeconds)} Mbit/s`);

const platform = startLessonPlatform(port, work, secrets);
let browser: Browser | undefined;
let isBroken = false;

try {
  const { key, call, adminToken } = await signedInAdmin(baseUrl, secrets.payload);

  const lesson = new Blob([await readFile(lessonFile)], { type: 'video/mp4' });
  const videoId = await uploadFile(baseUrl, adminToken, key, { route: '/v1/files/monsterplan-videos', field: 'video', file: lesson, name: 'lesson.mp4' });
  const uploadedAt = performance.now();
  const subtitles = new Blob([subtitlesFor(videoSeconds)], { type: 'text/vtt' });
  await uploadFile(baseUrl, adminToken, key, { route: `/v1/files/monsterplan-videos/${videoId}/subtitle`, field: 'subtitle', file: subtitles, name: 'lesson.vtt' });
  expectStatus(await call('PUT', `/v1/files/monsterplan-videos/${videoId}`, { token: adminToken, body: { id: videoId, name: 'Offline lesson', translateUrl: '' } }), 200, 'publishing the lesson');
  console.log(`ladder ready ${(await ladderReady(call, adminToken, videoId, uploadedAt, transcodingTimeoutMs)).toFixed(1)} s after the upload (load ${loadAverage()})`);

  const planId = await planWithLesson(call, adminToken, 'Offline plan', videoId, 'station\nteacher');
  await putAloudPdf(adminToken, planId);
  await describeLadder(call, await approvedLearner(call, adminToken, planId, 'ladder'), planId, videoId);

  browser = await launchChromium();
  const rows: Row[] = [];
  for (const choice of choices) {
    const learner = await approvedLearner(call, adminToken, planId, choice.name.replace(/\W+/g, '-'));
    const row = await downloadTheDay(browser, choice, learner, planId, videoId);
    rows.push(row);
    console.log(`${choice.name}: ${mb(row.bytes)} MB in ${row.seconds.toFixed(1)} s (load ${loadAverage()})`);
  }
  const reference = await downloadTheMp4(browser, videoId);
  console.log(`uploaded MP4: ${mb(reference.bytes)} MB in ${reference.seconds.toFixed(1)} s${reference.isWhole ? '' : ', stopped there'} (load ${loadAverage()})`);
  report(rows, reference);
} catch (error) {
  isBroken = true;
  console.error(error);
} finally {
  await browser?.close();
  await stopProcess(platform);
  await rm(work, { recursive: true, force: true });
}
process.exit(isBroken ? 1 : 0);

function mb(bytes: number): string {
  return (bytes / 1e6).toFixed(1);
}

function mbits(bitsPerSecond: number): string {
  return (bitsPerSecond / 1e6).toFixed(2);
}

/** A line of subtitles every 3 s, as a lesson's are. */
function subtitlesFor(seconds: number): string {
  const time = (at: number) => `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}.000`;
  const cues = [];
  for (let at = 0; at + 3 <= seconds; at += 3) cues.push(`${time(at)} --> ${time(at + 3)}\nWhere is the station? Line ${at / 3 + 1}.\n`);
  return ['WEBVTT', '', ...cues].join('\n');
}

/** The day's read-aloud text, as the administrator puts it. */
async function putAloudPdf(token: string, planId: string): Promise<void> {
  const pdf = makePdf('Changa unshih', [{ color: [0.2, 0.3, 0.8], title: 'Week 1, day 1', lines: ['Good morning, teacher.', 'Where is the station?'] }]);
  const form = new FormData();
  form.append('document', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'aloud.pdf');
  const response = await fetch(`${baseUrl}/v1/documents/monsterplans/${planId}/aloud/week-1-day-1.pdf`, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: form });
  if (response.status !== 200) throw new Error(`the read-aloud PDF answered ${response.status}`);
}

/**
 * Waits until the play call answers the master playlist, then prints each rendition of the ladder:
 * its bit rate, the size the page would estimate from it, and its files' actual bytes (fetched here,
 * not on the throttled link).
 */
async function describeLadder(call: Call, learner: Learner, planId: string, videoId: string): Promise<void> {
  const master = await masterPlaylist(call, baseUrl, learner, planId, videoId);
  const lines = (await (await fetch(master)).text()).split('\n').map((line) => line.trim());
  console.log('ladder (master.m3u8):');
  for (const [index, line] of lines.entries()) {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const playlist = new URL(lines[index + 1]!, master);
    const peak = Number(/[:,]BANDWIDTH=(\d+)/.exec(line)?.[1] ?? 0);
    const average = /[:,]AVERAGE-BANDWIDTH=(\d+)/.exec(line)?.[1];
    const entries = (await (await fetch(playlist)).text()).split('\n').map((entry) => entry.trim());
    const seconds = entries.filter((entry) => entry.startsWith('#EXTINF:')).reduce((sum, entry) => sum + Number.parseFloat(entry.slice('#EXTINF:'.length)), 0);
    // As the page estimates a download: AVERAGE-BANDWIDTH where given, else BANDWIDTH.
    const estimate = (Number(average ?? peak) * seconds) / 8;
    const files = [...entries.flatMap((entry) => /^#EXT-X-MAP:.*URI="([^"]+)"/.exec(entry)?.[1] ?? []), ...entries.filter((entry) => entry !== '' && !entry.startsWith('#'))];
    let bytes = 0;
    for (const file of files) bytes += (await (await fetch(new URL(file, playlist))).arrayBuffer()).byteLength;
    console.log(
      `  ${path.basename(path.dirname(playlist.pathname)).padEnd(6)} BANDWIDTH ${(peak / 1000).toFixed(0)} kbit/s, AVERAGE-BANDWIDTH ${average ? `${(Number(average) / 1000).toFixed(0)} kbit/s` : 'none'}; ` +
        `${files.length} files, ${mb(bytes)} MB (estimated ${mb(estimate)} MB) = ${(bytes / link.downloadBytesPerSecond).toFixed(0)} s on the link`,
    );
  }
}

/** What the page's DevTools session sees of its requests. */
interface Traffic {
  /** Requests started and not yet finished or failed. */
  inFlight: Set<string>;
  requests: number;
  /** Bytes of the requests finished, as they came over the network; of those, the lesson's files' (/v1/media/). */
  bytes: number;
  mediaBytes: number;
  /** Answers from the HTTP cache or the service worker. */
  notFromTheNetwork: number;
  lastActivity: number;
}

/** A context as a learner's browser: signed in, the service worker allowed (or not), the page's network throttled to the link. */
async function throttledPage(browser: Browser, token: string | null, serviceWorkers: 'allow' | 'block'): Promise<{ context: BrowserContext; page: Page; traffic: Traffic }> {
  const context = await learnerContext(browser, baseUrl, token, { serviceWorkers });
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // The player buffers the day's start when the page opens: without the HTTP cache, the download fetches those segments again over the link.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await throttleToTheLink(cdp);
  const traffic: Traffic = { inFlight: new Set(), requests: 0, bytes: 0, mediaBytes: 0, notFromTheNetwork: 0, lastActivity: performance.now() };
  const seen = () => (traffic.lastActivity = performance.now());
  const media = new Set<string>();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (new URL(event.request.url).pathname.startsWith('/v1/media/')) media.add(event.requestId);
    traffic.inFlight.add(event.requestId);
    traffic.requests += 1;
    seen();
  });
  cdp.on('Network.dataReceived', seen);
  cdp.on('Network.responseReceived', (event) => {
    if (event.response.fromDiskCache || event.response.fromServiceWorker) traffic.notFromTheNetwork += 1;
  });
  cdp.on('Network.loadingFinished', (event) => {
    traffic.inFlight.delete(event.requestId);
    traffic.bytes += event.encodedDataLength;
    if (media.has(event.requestId)) traffic.mediaBytes += event.encodedDataLength;
    seen();
  });
  cdp.on('Network.loadingFailed', (event) => {
    traffic.inFlight.delete(event.requestId);
    seen();
  });
  return { context, page, traffic };
}

/** Waits until the page has had no request under way and received nothing for `quietMs`. */
async function quiet(traffic: Traffic, quietMs = 3000, timeoutMs = 180_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (traffic.inFlight.size > 0 || performance.now() - traffic.lastActivity < quietMs) {
    if (performance.now() > deadline) throw new Error(`the page's requests did not settle within ${timeoutMs / 1000} s (${traffic.inFlight.size} under way)`);
    await sleep(250);
  }
}

interface Row {
  choice: string;
  /** The size the page showed before the download, as shown. */
  estimate: string;
  /** What the download's record keeps. */
  bytes: number;
  files: number;
  seconds: number;
  /** What the page's DevTools session saw from the press until the page said it was done. */
  requests: number;
  receivedBytes: number;
  notFromTheNetwork: number;
  /** Received by the page before the press, and of it the lesson's files: the player's own buffering of the day, the download's playlists. */
  bufferedBefore: number;
  mediaBefore: number;
}

/** One learner downloads the day as `choice` through the plan page, in a fresh context on the throttled link. */
async function downloadTheDay(browser: Browser, choice: (typeof choices)[number], learner: Learner, planId: string, videoId: string): Promise<Row> {
  const { context, page, traffic } = await throttledPage(browser, learner.token, 'allow');
  try {
    await page.goto(`/product-monster-plan/${planId}?video=${videoId}`, { timeout: 180_000 });
    await controlledByTheWorker(page);
    const region = page.getByRole('region', { name: 'Интернэтгүй сонсох' });
    const radio = region.getByRole('radio', { name: new RegExp(`^${choice.radio} — ≈`) });
    await radio.waitFor({ state: 'visible', timeout: 180_000 });
    await radio.check();
    const estimate = /≈(.+)$/.exec((await radio.locator('xpath=..').textContent()) ?? '')?.[1]?.trim() ?? '?';
    // The player buffers the day's start on its own when the page opens: the download is measured alone on the link.
    await quiet(traffic);
    const bufferedBefore = traffic.bytes;
    const mediaBefore = traffic.mediaBytes;
    const requestsBefore = traffic.requests;
    const notFromTheNetworkBefore = traffic.notFromTheNetwork;
    const started = performance.now();
    await region.getByRole('button', { name: 'Татаж авах' }).click();
    await region.getByText(/^Энэ өдрийн хичээлийг татаж авсан/).waitFor({ state: 'visible', timeout: downloadTimeoutMs });
    const seconds = (performance.now() - started) / 1000;
    const record = await page.evaluate(downloadRecord, `${learner.id}:${videoId}`);
    if (!record) throw new Error(`no download record for ${learner.id}:${videoId} in IndexedDB`);
    return {
      choice: choice.name,
      estimate,
      bytes: record.bytes,
      files: record.files,
      seconds,
      requests: traffic.requests - requestsBefore,
      receivedBytes: traffic.bytes - bufferedBefore,
      notFromTheNetwork: traffic.notFromTheNetwork - notFromTheNetworkBefore,
      bufferedBefore,
      mediaBefore,
    };
  } finally {
    await context.close();
  }
}

/** In the page: the day's download record, from IndexedDB `learning-offline`, store `days`. */
async function downloadRecord(key: string): Promise<{ bytes: number; files: number; choice: string } | null> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const opening = indexedDB.open('learning-offline');
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
  const day = await new Promise<{ bytes: number; files: string[]; choice: string } | undefined>((resolve, reject) => {
    const reading = db.transaction('days').objectStore('days').get(key);
    reading.onsuccess = () => resolve(reading.result);
    reading.onerror = () => reject(reading.error);
  });
  db.close();
  return day ? { bytes: day.bytes, files: day.files.length, choice: day.choice } : null;
}

interface Reference {
  /** The uploaded MP4's size, and what of it arrived in `seconds`. */
  totalBytes: number;
  bytes: number;
  seconds: number;
  isWhole: boolean;
}

/**
 * The reference: the page fetches the MP4 the administrator uploaded through its signed address (the
 * address the play call answers before the ladder is ready), on the same link, for `referenceSeconds`
 * or whole.
 */
async function downloadTheMp4(browser: Browser, videoId: string): Promise<Reference> {
  const { context, page, traffic } = await throttledPage(browser, null, 'block');
  try {
    await page.goto('/robots.txt', { timeout: 60_000 }).catch(() => page.goto('/', { timeout: 60_000 }));
    await quiet(traffic, 1000);
    const address = await signMediaUrl(secrets.mediaSigning, 'video', videoId, mediaUrlExpiry(3600));
    return await page.evaluate(fetchFor, { address, limitSeconds: referenceSeconds });
  } finally {
    await context.close();
  }
}

/** In the page: fetches `address` and reads it to its end, or until `limitSeconds` (when above 0). */
async function fetchFor({ address, limitSeconds }: { address: string; limitSeconds: number }): Promise<Reference> {
  const controller = new AbortController();
  const started = performance.now();
  const timer = limitSeconds > 0 ? setTimeout(() => controller.abort(), limitSeconds * 1000) : undefined;
  const response = await fetch(address, { signal: controller.signal, cache: 'no-store' });
  if (!response.ok || !response.body) throw new Error(`the MP4 answered ${response.status}`);
  const totalBytes = Number(response.headers.get('content-length'));
  const reader = response.body.getReader();
  let bytes = 0;
  let isWhole = true;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
    isWhole = false;
  }
  clearTimeout(timer);
  return { totalBytes, bytes, seconds: (performance.now() - started) / 1000, isWhole };
}

function report(rows: Row[], reference: Reference): void {
  console.log(
    `\nThrottled: ${link.latencyMs} ms per request, ${(link.downloadBytesPerSecond * 8) / 1e6} Mbit/s down, ${(link.uploadBytesPerSecond * 8) / 1e3} kbit/s up; ` +
      `one day = a ${videoSeconds} s lesson (${(videoSeconds / 60).toFixed(1)} min) with subtitles and a read-aloud PDF\n`,
  );
  const columns = ['download', 'estimate shown', 'bytes kept', 'files', 'seconds', 'Mbit/s', 'link time', 'page saw', 'MB per minute'];
  const widths = [28, 16, 12, 7, 10, 8, 12, 30, 14];
  const row = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index]!)).join('');
  // What the link alone accounts for: every byte at its rate, and its latency once per request (the files come one after another).
  const linkTime = (bytes: number, requests: number) => bytes / link.downloadBytesPerSecond + (requests * link.latencyMs) / 1000;
  console.log(row(columns));
  for (const measured of rows) {
    console.log(
      row([
        measured.choice,
        measured.estimate,
        `${mb(measured.bytes)} MB`,
        String(measured.files),
        `${measured.seconds.toFixed(1)} s`,
        mbits((measured.bytes * 8) / measured.seconds),
        `${linkTime(measured.bytes, measured.requests).toFixed(1)} s`,
        `${measured.requests} req, ${mb(measured.receivedBytes)} MB${measured.notFromTheNetwork ? ` (${measured.notFromTheNetwork} cached)` : ''}`,
        mb((measured.bytes / videoSeconds) * 60),
      ]),
    );
  }
  const rate = reference.bytes / reference.seconds;
  const wholeSeconds = reference.isWhole ? reference.seconds : reference.totalBytes / rate;
  console.log(
    row([
      'reference: the uploaded MP4',
      '-',
      `${mb(reference.totalBytes)} MB`,
      '1',
      `${reference.isWhole ? '' : '≈'}${wholeSeconds.toFixed(1)} s`,
      mbits(rate * 8),
      `${linkTime(reference.totalBytes, 1).toFixed(1)} s`,
      `1 req, ${mb(reference.bytes)} MB read`,
      mb((reference.totalBytes / videoSeconds) * 60),
    ]),
  );
  if (!reference.isWhole) {
    console.log(`  (the MP4 was fetched for ${reference.seconds.toFixed(1)} s, ${mb(reference.bytes)} MB of it; its whole time is its size at that rate)`);
  }
  for (const measured of rows) {
    console.log(`  ${measured.choice}: before the press the page received ${mb(measured.bufferedBefore)} MB, ${mb(measured.mediaBefore)} MB of it the lesson's files (the player's buffering, the playlists sized)`);
  }
  const budgetBytes = 500e6;
  console.log(
    `\nIn a 500 MB budget: ${rows.map((measured) => `${Math.floor(budgetBytes / measured.bytes)} days ${measured.choice}`).join(', ')}, ` +
      `${Math.floor(budgetBytes / reference.totalBytes)} days as the uploaded MP4 (days of ${(videoSeconds / 60).toFixed(1)} min)`,
  );
}
