// A day downloaded for listening without a connection, in Chromium with the service worker
// installed: an approved learner sees each way's size and downloads the day's audio with its
// subtitles, words and read-aloud PDF; the connection goes (DevTools network emulation) and the
// reloaded page plays the day from the worker's copy, with its sentence list, a replayed line and a
// dictation line; back online, what was heard and scored offline reaches the server and is counted
// once; the access revoked, the next page removes the download.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { catalog } from '@learning/contracts';
import { eventually, expectStatus } from '@learning/testing';
import { type CatalogFixture, catalogFixtureOn } from '@learning/testing/catalog';
import type { Page } from 'playwright-core';
import { makePdf } from '../services/media/src/demo/pdf.js';
import { expectVisible, useJourneys } from './fixture.js';
import { ladderMade, publishedListeningVideo } from './media-files.js';
import { controlledByTheWorker } from './service-worker.js';

const journeys = useJourneys();

const videoSeconds = 10;
const subtitles = ['WEBVTT', '', '00:00.000 --> 00:03.000', 'Good morning, teacher.', '', '00:03.000 --> 00:06.000', 'Where is the station?', '', '00:06.000 --> 00:09.000', 'Сайн байна уу?', ''].join('\n');

let fixture: CatalogFixture;
let plan: catalog.Monsterplan;
let videoId: string;
let folder: string;

beforeAll(async () => {
  fixture = await catalogFixtureOn(journeys.platform);
  folder = await mkdtemp(join(tmpdir(), 'offline-e2e-'));
  videoId = await publishedListeningVideo(journeys.platform, fixture.admin, { folder, name: 'Замд сонсох', seconds: videoSeconds, subtitles });
  await ladderMade(journeys.platform, fixture.admin, videoId);
  plan = await fixture.createMonsterplan({ videos: [{ _id: videoId, week: 1, dayOfWeek: 1, monsterWords: 'station\nteacher' }] });
  // The day's read-aloud text, as the administrator puts it.
  const form = new FormData();
  form.append('document', new Blob([new Uint8Array(makePdf('Чанга унших', [{ color: [0.2, 0.3, 0.8], title: 'Week 1, day 1', lines: ['Where is the station?'] }]))], { type: 'application/pdf' }), 'aloud.pdf');
  const pdf = await fetch(`${journeys.platform.url}/v1/documents/monsterplans/${plan._id}/aloud/week-1-day-1.pdf`, { method: 'PUT', headers: { authorization: `Bearer ${fixture.admin}` }, body: form });
  expect(pdf.status).toBe(200);
}, 120_000);
afterAll(() => (folder ? rm(folder, { recursive: true, force: true }) : undefined));

const video = (page: Page) => page.locator('video');
const lines = (page: Page) => page.getByRole('region', { name: 'Өгүүлбэрүүд' });
const download = (page: Page) => page.getByRole('region', { name: 'Интернэтгүй сонсох' });

/** What the offline cache holds of the downloaded days. */
const offlineFiles = (page: Page) => page.evaluate(async () => (await (await caches.open('offline-days')).keys()).map((request) => new URL(request.url).pathname));

/** How many progress reports wait in this browser's offline queue. */
const queuedReports = (page: Page) =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('learning-offline');
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    const count = await new Promise<number>((resolve, reject) => {
      const counting = db.transaction('reports').objectStore('reports').count();
      counting.onsuccess = () => resolve(counting.result);
      counting.onerror = () => reject(counting.error);
    });
    db.close();
    return count;
  });

async function listenedSeconds(token: string): Promise<number> {
  const progress = expectStatus(await journeys.platform.call('GET', `/v1/progress/monsterplans/${plan._id}`, { token }), 200, 'the progress');
  return progress.videos.find((entry: { videoId: string }) => entry.videoId === videoId)?.listenedSeconds ?? 0;
}

it('downloads a day, plays it offline with its listening tools, sends what was heard once, and removes it once access is revoked', async () => {
  const learner = await fixture.approvedForMonsterplan(plan._id);
  await fixture.meOnce(learner, (me) => me.monsterplans.includes(plan._id));
  const page = await journeys.openPage({ token: learner.token, serviceWorkers: 'allow' });
  await page.goto(`/product-monster-plan/${plan._id}?video=${videoId}`);
  await controlledByTheWorker(page);
  // A second load through the worker, which keeps the pages' files.
  await page.reload();
  await expectVisible(video(page));

  // Each way's size before anything is downloaded; audio only is chosen first.
  const audioOnly = download(page).getByRole('radio', { name: /^Зөвхөн дуу — ≈\d+\.\d МБ$/ });
  await expectVisible(audioOnly);
  expect(await audioOnly.isChecked()).toBe(true);
  await expectVisible(download(page).getByRole('radio', { name: /^360p видео — ≈\d+\.\d МБ$/ }));
  await download(page).getByRole('button', { name: 'Татаж авах' }).click();
  await expectVisible(download(page).getByText(/^Энэ өдрийн хичээлийг татаж авсан \(Зөвхөн дуу, \d+\.\d МБ\)/));
  const kept = await offlineFiles(page);
  expect(kept).toEqual(expect.arrayContaining([expect.stringMatching(/\/audio\/playlist\.m3u8$/), expect.stringMatching(/\/audio\/init\.mp4$/), expect.stringMatching(/\/subtitles\.vtt$/), expect.stringMatching(/\/aloud\.pdf$/)]));
  expect(kept.some((path) => /\/audio\/segment-\d+\.m4s$/.test(path))).toBe(true);
  // No picture rendition was fetched for it.
  expect(kept.some((path) => path.includes('/360p/'))).toBe(false);

  // The "Татаж авсан" list shows it with its size.
  await page.goto('/me/downloads');
  await expectVisible(page.getByRole('heading', { name: /1-р долоо хоног, 1-р өдөр/ }));
  await expectVisible(page.getByText(/Зөвхөн дуу · \d+\.\d МБ/));

  // Offline: the reloaded plan page plays the downloaded day.
  await page.context().setOffline(true);
  await page.goto(`/product-monster-plan/${plan._id}?video=${videoId}`);
  await expectVisible(page.getByRole('status').filter({ hasText: 'Энэ хөтөлбөрөөс татаж авсан өдрүүдээ сонсож болно' }));
  await expectVisible(video(page));
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  await video(page).evaluate((element: HTMLVideoElement) => (element.muted = true));
  await expectVisible(lines(page));
  expect(await lines(page).getByRole('button').allTextContents()).toEqual(['0:00Good morning, teacher.', '0:03Where is the station?', '0:06Сайн байна уу?']);
  await expectVisible(page.getByRole('link', { name: 'Чанга унших материал' }));

  // A line tapped plays from it; R replays it from its start.
  await lines(page).getByRole('button', { name: /Where is the station/ }).click();
  await page.waitForFunction(() => {
    const element = document.querySelector('video');
    return !!element && !element.paused && element.currentTime > 4;
  });
  await video(page).focus();
  await page.keyboard.press('r');
  await page.waitForFunction(() => {
    const element = document.querySelector('video');
    return !!element && !element.seeking && element.currentTime >= 2.9 && element.currentTime < 3.8;
  });
  await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 5);

  // Dictation of the third line, scored offline.
  await page.getByRole('button', { name: /Диктант/ }).click();
  await lines(page).getByRole('button', { name: '3-р өгүүлбэр, 0:06' }).click();
  const answer = page.getByRole('textbox', { name: '3-р өгүүлбэрт сонссоноо бичнэ үү' });
  await expectVisible(answer);
  await answer.fill('сайн байна уу');
  await answer.press('Enter');
  await expectVisible(page.getByText('Нийт: 3 үгнээс 3 зөв (1 өгүүлбэр)'));
  // A pause reports the listening: with no connection, it waits in the queue beside the dictation's score.
  await video(page).evaluate((element: HTMLVideoElement) => element.pause());
  await eventually(async () => ((await queuedReports(page)) >= 2 ? true : undefined), 'the listening and the dictation wait offline');
  expect(await listenedSeconds(learner.token)).toBe(0);

  // Back online: the next page sends what waited, and the server counts it.
  await page.context().setOffline(false);
  await page.goto(`/product-monster-plan/${plan._id}?video=${videoId}`);
  const heard = await eventually(async () => {
    const seconds = await listenedSeconds(learner.token);
    return seconds > 0 ? seconds : undefined;
  }, 'the listening heard offline reaches the server');
  expect(heard).toBeLessThanOrEqual(videoSeconds);
  const progress = expectStatus(await journeys.platform.call('GET', `/v1/progress/monsterplans/${plan._id}`, { token: learner.token }), 200, 'the progress');
  expect(progress.videos[0]).toMatchObject({ videoId, dictation: { lines: 1, correctWords: 3, totalWords: 3 } });
  // Counted once: the queue is empty, and another load sends nothing more.
  await eventually(async () => ((await queuedReports(page)) === 0 ? true : undefined), 'the offline queue is sent');
  await page.reload();
  await expectVisible(video(page));
  expect(await listenedSeconds(learner.token)).toBe(heard);

  // The access revoked: once the page has the learner without the plan, the download is gone.
  expectStatus(await journeys.platform.call('DELETE', `/v1/monsterplans/${plan._id}/learners/${learner.id}`, { token: fixture.admin }), 204, 'revoking the access');
  await fixture.meOnce(learner, (me) => !me.monsterplans.includes(plan._id));
  await page.goto('/me/downloads');
  await expectVisible(page.getByText('Татаж авсан хичээл алга.', { exact: false }));
  expect(await offlineFiles(page)).toEqual([]);
});

/** Puts a downloaded day straight into this browser's record, as an earlier download would have left it. */
const recordDownload = (page: Page, day: { key: string; userId: string; bytes: number; downloadedAt: string; name: string }) =>
  page.evaluate(async ({ day, monsterplanId }) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('learning-offline');
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    await new Promise<void>((resolve, reject) => {
      const writing = db.transaction('days', 'readwrite');
      writing.objectStore('days').put({
        key: day.key,
        userId: day.userId,
        monsterplanId,
        planName: 'Өмнөх хөтөлбөр',
        week: 9,
        video: { _id: day.key, name: day.name, dayOfWeek: 1, monsterWords: '' },
        choice: '360p',
        playlist: '/offline/none/playlist.m3u8',
        subtitles: null,
        aloudPdf: null,
        files: [],
        bytes: day.bytes,
        downloadedAt: day.downloadedAt,
      });
      writing.oncomplete = () => resolve();
      writing.onerror = () => reject(writing.error);
    });
    db.close();
  }, { day, monsterplanId: plan._id });

it('warns before the budget would be passed, shows and cancels a slow download, forgets downloads older than OFFLINE_DAYS, and sends offline progress on Background Sync', async () => {
  const learner = await fixture.approvedForMonsterplan(plan._id);
  await fixture.meOnce(learner, (me) => me.monsterplans.includes(plan._id));
  const page = await journeys.openPage({ token: learner.token, serviceWorkers: 'allow' });
  await page.goto(`/product-monster-plan/${plan._id}?video=${videoId}`);
  await controlledByTheWorker(page);
  await expectVisible(download(page).getByRole('button', { name: 'Татаж авах' }));

  // What this browser already keeps: a day of 499.9 MB downloaded today, and one of 15 days ago.
  const day = 24 * 60 * 60 * 1000;
  await recordDownload(page, { key: `${learner.id}:big`, userId: learner.id, bytes: 499_900_000, downloadedAt: new Date().toISOString(), name: 'Том өдөр' });
  await recordDownload(page, { key: `${learner.id}:old`, userId: learner.id, bytes: 1_000, downloadedAt: new Date(Date.now() - 15 * day).toISOString(), name: 'Хуучин өдөр' });
  await page.reload();
  await controlledByTheWorker(page);
  // The old one is gone at the load; the big one stays, and the next download would pass 500 MB.
  await expectVisible(download(page).getByText('Энэ төхөөрөмжид 499.9 МБ хадгалсан, хязгаар 500.0 МБ.'));
  await download(page).getByRole('radio', { name: /^360p видео/ }).check();
  await download(page).getByRole('button', { name: 'Татаж авах' }).click();
  await expectVisible(download(page).getByText('Татвал энэ төхөөрөмжийн 500.0 МБ-ийн хязгаараас хэтэрнэ.', { exact: false }));
  expect(await offlineFiles(page)).toEqual([]);

  // On a slow link the download shows its progress; cancelled, it leaves nothing behind.
  const throttle = await page.context().newCDPSession(page);
  await throttle.send('Network.enable');
  await throttle.send('Network.emulateNetworkConditions', { offline: false, latency: 100, downloadThroughput: 40_000, uploadThroughput: 40_000 });
  await download(page).getByRole('button', { name: 'Ямар ч байсан татах' }).click();
  const bar = download(page).getByRole('progressbar', { name: /^Татаж байна… \d+%$/ });
  await expectVisible(bar);
  await eventually(async () => (Number(await bar.getAttribute('value')) > 0 ? true : undefined), 'the bar moves');
  await eventually(async () => ((await offlineFiles(page)).length > 0 ? true : undefined), 'some files are kept');
  await download(page).getByRole('button', { name: 'Цуцлах' }).click();
  await expectVisible(download(page).getByRole('button', { name: 'Татаж авах' }));
  expect(await offlineFiles(page)).toEqual([]);
  // Its own conditions end with the session, leaving the context's offline switch the only one.
  await throttle.detach();

  await download(page).getByRole('button', { name: 'Татаж авах' }).click();
  await download(page).getByRole('button', { name: 'Ямар ч байсан татах' }).click();
  await expectVisible(download(page).getByText(/^Энэ өдрийн хичээлийг татаж авсан \(360p видео, \d+\.\d МБ\)/));
  expect((await offlineFiles(page)).some((path) => path.includes('/360p/segment-'))).toBe(true);
  await page.goto('/me/downloads');
  await expectVisible(page.getByRole('heading', { name: /Өмнөх хөтөлбөр: 9-р долоо хоног/ }));
  expect(await page.getByRole('heading', { name: /Хуучин өдөр/ }).count()).toBe(0);
  await page.getByRole('button', { name: 'Устгах: Өмнөх хөтөлбөр: 9-р долоо хоног, 1-р өдөр' }).click();
  await eventually(async () => ((await page.getByRole('heading', { name: /Өмнөх хөтөлбөр/ }).count()) === 0 ? true : undefined), 'the removed download leaves the list');

  // Offline, a little of the day is heard; the report waits.
  await page.context().setOffline(true);
  await page.goto(`/product-monster-plan/${plan._id}?video=${videoId}`);
  await expectVisible(video(page));
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  await video(page).evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 2);
  await video(page).evaluate((element: HTMLVideoElement) => element.pause());
  await eventually(async () => ((await queuedReports(page)) >= 1 ? true : undefined), 'the listening waits offline');

  // No page of the site is open when the connection returns: only the worker's Background Sync can send it.
  const devtools = await page.context().newCDPSession(page);
  const registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> = [];
  devtools.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: typeof registrations }) => registrations.push(...event.registrations));
  await devtools.send('ServiceWorker.enable');
  await page.goto('about:blank');
  const registration = await eventually(() => registrations.find((entry) => !entry.isDeleted && entry.scopeURL.startsWith(journeys.siteUrl)), 'the worker is registered');
  expect(await listenedSeconds(learner.token)).toBe(0);
  // Chromium fires the sync itself once the connection is back; DevTools fires it too, in case that comes later.
  await page.context().setOffline(false);
  await devtools.send('ServiceWorker.dispatchSyncEvent', { origin: journeys.siteUrl, registrationId: registration.registrationId, tag: 'progress-reports', lastChance: false });
  const heard = await eventually(async () => {
    const seconds = await listenedSeconds(learner.token);
    return seconds > 0 ? seconds : undefined;
  }, 'Background Sync sends the listening heard offline');
  expect(heard).toBeGreaterThan(1.5);
});
