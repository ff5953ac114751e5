// Listening progress in the browser: a learner plays 20 seconds of a day's video,
// closes the browser, signs in from a fresh one (nothing stored) and finds /me and the plan offering to
// continue that day at 0:20, the day in progress, and the video opened there before play; a learner who
// listens to the whole of a short video sees it and its day complete, and the catalog's outbox holds
// the completion once. The videos are real (ffmpeg), uploaded and published through media, which
// probes their length for the catalog: an 8-second day 1 and a 44-second day 2.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { openPayload, payloadEncryptionHeader, payloadKey, type catalog } from '@learning/contracts';
import { eventually, expectStatus, testPayloadSecret } from '@learning/testing';
import { type CatalogFixture, catalogFixtureOn, type Learner } from '@learning/testing/catalog';
import type { Page } from 'playwright-core';
import { completeSignIn, expectVisible, useJourneys, waitForPath } from './fixture.js';
import { makeListeningVideo } from './media-files.js';
import { texts } from './texts.js';

const journeys = useJourneys();

// Copied from packages/platform/src/i18n/common.ts, mfe-monster/src/i18n.ts and shell/src/i18n.ts (see texts.ts for why).
const progressTexts = {
  complete: 'Дууссан',
  inProgress: 'Үргэлжилж байна',
  notStarted: 'Эхлээгүй',
  minutes: /^\d+ минутаас \d+ минут сонссон$/,
  /** 'Үргэлжлүүлэх: {{day}}-р өдөр, {{time}} ({{week}}-р долоо хоног)', at 0:17 to 0:23. */
  continueNear20: (day: number, week: number) => new RegExp(`^Үргэлжлүүлэх: ${day}-р өдөр, 0:(1[7-9]|2[0-3]) \\(${week}-р долоо хоног\\)$`),
  speed2: 'Хурд 2×',
};

const shortSeconds = 8;
const longSeconds = 44;
let fixture: CatalogFixture;
let plan: catalog.Monsterplan;
let shortVideo: string;
let longVideo: string;
let folder: string;

beforeAll(async () => {
  fixture = await catalogFixtureOn(journeys.platform);
  folder = await mkdtemp(join(tmpdir(), 'progress-e2e-'));
  shortVideo = await publishedVideo(makeListeningVideo(join(folder, 'short.webm'), shortSeconds), 'Богино видео');
  longVideo = await publishedVideo(makeListeningVideo(join(folder, 'long.webm'), longSeconds), 'Урт видео');
  plan = await fixture.createMonsterplan({
    videos: [
      { _id: shortVideo, week: 1, dayOfWeek: 1, monsterWords: '' },
      { _id: longVideo, week: 1, dayOfWeek: 2, monsterWords: '' },
    ],
  });
}, 120_000);
afterAll(() => (folder ? rm(folder, { recursive: true, force: true }) : undefined));

/** Uploads and publishes the file as the administrator does, and waits until the catalog knows its probed length. */
async function publishedVideo(file: string, name: string): Promise<string> {
  const { platform, admin } = fixture;
  const form = new FormData();
  form.append('video', new Blob([await readFile(file)], { type: 'video/webm' }), basename(file));
  const response = await fetch(`${platform.url}/v1/files/monsterplan-videos`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
  let uploaded = JSON.parse(await response.text());
  if (response.status !== 201) throw new Error(`Uploading ${file} answered ${response.status}: ${JSON.stringify(uploaded)}`);
  if (response.headers.get(payloadEncryptionHeader)) uploaded = JSON.parse(await openPayload(await payloadKey(testPayloadSecret), uploaded.payload));
  const id = uploaded._id as string;
  expectStatus(await platform.call('PUT', `/v1/files/monsterplan-videos/${id}`, { token: admin, body: { id, name, translateUrl: '' } }), 200, 'publishing a video');
  const catalogDb = platform.services.catalog.context.db;
  await eventually(
    () => catalogDb.selectFrom('video').select('id').where('id', '=', id).where('duration_seconds', 'is not', null).executeTakeFirst(),
    `the catalog knows the length of ${name}`,
  );
  return id;
}

async function approvedLearner(): Promise<Learner> {
  const learner = await fixture.approvedForMonsterplan(plan._id);
  await fixture.meOnce(learner, (me) => me.monsterplans.includes(plan._id));
  return learner;
}

const planPath = () => `/product-monster-plan/${plan._id}`;
const schedule = (page: Page) => page.getByRole('region', { name: 'Хичээлийн хуваарь' });
const week1 = (page: Page) => schedule(page).getByRole('region', { name: '1-р долоо хоног' });
const dayButton = (page: Page, day: number) => week1(page).getByRole('button', { name: new RegExp(`^${day}-р өдөр`) });
const video = (page: Page) => page.locator('video');
const videoState = (page: Page) =>
  video(page).evaluate((element: HTMLVideoElement) => ({ currentTime: element.currentTime, paused: element.paused, played: element.played.length, ended: element.ended }));

/** Presses play from the keyboard once the video has loaded (muted: headless Chromium may refuse sound without a gesture). */
async function play(page: Page): Promise<void> {
  await expectVisible(video(page));
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  await video(page).evaluate((element: HTMLVideoElement) => (element.muted = true));
  await video(page).focus();
  await page.keyboard.press('k');
  await page.waitForFunction(() => {
    const element = document.querySelector('video');
    return !!element && !element.paused && element.currentTime > 0;
  });
}

/** The positions of the listening reports the server answered 200, as they arrive. */
function watchReports(page: Page): number[] {
  const positions: number[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && new URL(response.url()).pathname.startsWith('/v1/progress/videos/') && response.status() === 200) {
      positions.push(JSON.parse(request.postData() ?? '{}').position);
    }
  });
  return positions;
}

/** The data of the catalog's recorded events of `type` about the learner. */
async function recordedEvents(type: string, userId: string): Promise<any[]> {
  const catalogDb = journeys.platform.services.catalog.context.db;
  const rows = await catalogDb.selectFrom('outbox').select('data').where('type', '=', type).orderBy('position').execute();
  return rows.map((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data)).filter((data) => data.userId === userId);
}

it('a learner plays 20 s of a day, closes the browser, signs in from a fresh one: /me and the plan offer day 2 at 0:20, the day is in progress and the video opens there before play', async () => {
  const learner = await approvedLearner();
  const first = await journeys.openPage({ token: learner.token });
  const reports = watchReports(first);
  await first.goto(planPath());
  await dayButton(first, 2).click();
  await play(first);
  // At 2× (the fastest the server counts whole): 20 seconds of the video in 10.
  await first.getByRole('button', { name: progressTexts.speed2 }).click();
  await first.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) >= 20);
  await video(first).focus();
  await first.keyboard.press('k');
  const { currentTime: stoppedAt, paused } = await videoState(first);
  expect(paused).toBe(true);
  // The pause's report has reached the server before the browser goes.
  await eventually(() => reports.includes(Math.round(stoppedAt * 100) / 100), 'the pause is reported');
  await first.context().close();

  // Another browser: nothing stored, the learner signs in from /me and comes back to it.
  const page = await journeys.openPage();
  await page.goto('/me');
  await waitForPath(page, '/signin');
  await completeSignIn(page, learner);
  await waitForPath(page, '/me');
  const main = page.getByRole('main');
  await expectVisible(main.getByRole('heading', { level: 1, name: texts.learning.title }));
  const entry = main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: plan.name }) });
  await expectVisible(entry.getByText(texts.catalog.approved));
  await expectVisible(entry.getByText(progressTexts.inProgress));
  await expectVisible(entry.getByText(progressTexts.minutes));
  expect(Number(await entry.locator('progress').evaluate((bar: HTMLProgressElement) => bar.value))).toBeCloseTo(stoppedAt, 0);
  const continueLink = entry.getByRole('link', { name: progressTexts.continueNear20(2, 1) });
  expect(await continueLink.getAttribute('href')).toBe(`${planPath()}?video=${longVideo}`);

  // The plan itself, opened by its name: it offers the same, with the day marked.
  await entry.getByRole('link', { name: plan.name }).click();
  await waitForPath(page, planPath());
  const continueButton = page.getByRole('button', { name: progressTexts.continueNear20(2, 1) });
  await expectVisible(continueButton);
  await expectVisible(dayButton(page, 2).getByText(progressTexts.inProgress));
  await expectVisible(dayButton(page, 1).getByText(progressTexts.notStarted));
  await expectVisible(week1(page).locator('.plan-week__head').getByText(progressTexts.inProgress));

  await continueButton.click();
  await page.waitForURL((url) => url.searchParams.get('video') === longVideo);
  // The day becomes current once the page has read the URL: waited for, not read at once.
  await expectVisible(dayButton(page, 2).and(page.locator('[aria-current="true"]')));
  // The video opens at the server's position once it loads, before the learner presses play.
  await page.waitForFunction(() => {
    const element = document.querySelector('video');
    return !!element && element.readyState >= 1 && element.currentTime > 0 && !element.seeking;
  });
  const opened = await videoState(page);
  expect(opened.paused).toBe(true);
  expect(opened.played).toBe(0);
  expect(Math.abs(opened.currentTime - 20)).toBeLessThanOrEqual(3);
  expect(opened.currentTime).toBeCloseTo(stoppedAt, 0);
});

it('a learner who listens to the whole of a short video sees it and its day complete, and the outbox holds one progress.video-completed for them', async () => {
  const learner = await approvedLearner();
  const page = await journeys.openPage({ token: learner.token });
  await page.goto(planPath());
  await expectVisible(dayButton(page, 1).getByText(progressTexts.notStarted));
  await dayButton(page, 1).click();
  await play(page);
  await page.waitForFunction(() => document.querySelector('video')?.ended === true);

  // Day 1 holds this one video: the day is complete; the week, with day 2 not started, is in progress.
  await expectVisible(dayButton(page, 1).getByText(progressTexts.complete));
  await expectVisible(dayButton(page, 2).getByText(progressTexts.notStarted));
  await expectVisible(week1(page).locator('.plan-week__head').getByText(progressTexts.inProgress));

  expect(await recordedEvents('progress.video-completed', learner.id)).toEqual([{ userId: learner.id, videoId: shortVideo, monsterplanId: plan._id, lessonId: null }]);
  expect(await recordedEvents('progress.day-completed', learner.id)).toEqual([{ userId: learner.id, monsterplanId: plan._id, week: 1, dayOfWeek: 1 }]);
  expect(await recordedEvents('progress.plan-completed', learner.id)).toEqual([]);
});
