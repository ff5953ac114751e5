// Focused listening in the browser: an approved learner opens a day whose video has
// subtitles, finds its lines beside the video (from Chromium's own parsing of the app's WebVTT),
// plays from a line, replays a sentence from the keyboard, loops a sentence twice with a pause
// between (after which the video goes on), sees the day's words, and writes one line in dictation,
// whose score the catalog keeps with the learner's progress and the day shows. The video is real (ffmpeg), uploaded with its subtitles and
// published through media. Where the lines sit, from their laid-out boxes: beside the video on a desktop, under it on a phone.
// Space on the focused video plays or pauses once, though Chromium's own controls answer it too.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { catalog } from '@learning/contracts';
import { expectStatus } from '@learning/testing';
import { type CatalogFixture, catalogFixtureOn } from '@learning/testing/catalog';
import type { Page } from 'playwright-core';
import { expectVisible, useJourneys } from './fixture.js';
import { publishedListeningVideo } from './media-files.js';

const journeys = useJourneys();

const videoSeconds = 10;
const subtitles = ['WEBVTT', '', '00:00.000 --> 00:02.500', 'Good morning, teacher.', '', '00:02.500 --> 00:05.000', 'Where is the station?', '', '00:05.000 --> 00:08.000', 'Сайн байна уу?', ''].join('\n');

let fixture: CatalogFixture;
let plan: catalog.Monsterplan;
let videoId: string;
let folder: string;

beforeAll(async () => {
  fixture = await catalogFixtureOn(journeys.platform);
  folder = await mkdtemp(join(tmpdir(), 'listening-e2e-'));
  videoId = await publishedListeningVideo(journeys.platform, fixture.admin, { folder, name: 'Сонсгол', seconds: videoSeconds, subtitles });
  plan = await fixture.createMonsterplan({ videos: [{ _id: videoId, week: 1, dayOfWeek: 1, monsterWords: 'station\nteacher' }] });
}, 120_000);
afterAll(() => (folder ? rm(folder, { recursive: true, force: true }) : undefined));

const video = (page: Page) => page.locator('video');
const lines = (page: Page) => page.getByRole('region', { name: 'Өгүүлбэрүүд' });

/** Where the video is, and what it did since `watchVideo`: its seeks' landing points and its pauses. */
async function watched(page: Page) {
  return page.evaluate(() => {
    const element = document.querySelector('video')!;
    const log = (window as unknown as { listeningLog: { seeks: number[]; pauses: number } }).listeningLog;
    return { time: element.currentTime, paused: element.paused, seeks: [...log.seeks], pauses: log.pauses };
  });
}

/** Where the sentence list sits against the video, from their boxes as laid out: beside it (level with it, left or right) or under it. */
async function placeOfLines(page: Page): Promise<'beside' | 'below' | 'elsewhere'> {
  const [videoBox, linesBox] = await Promise.all([video(page).boundingBox(), lines(page).boundingBox()]);
  if (!videoBox || !linesBox) throw new Error('the video or its lines are not laid out');
  const isLevel = linesBox.y < videoBox.y + videoBox.height && linesBox.y + linesBox.height > videoBox.y;
  if (isLevel && (linesBox.x >= videoBox.x + videoBox.width || linesBox.x + linesBox.width <= videoBox.x)) return 'beside';
  if (linesBox.y >= videoBox.y + videoBox.height) return 'below';
  return 'elsewhere';
}

async function watchVideo(page: Page) {
  await page.evaluate(() => {
    const element = document.querySelector('video')!;
    const log = { seeks: [] as number[], pauses: 0 };
    (window as unknown as { listeningLog: typeof log }).listeningLog = log;
    element.addEventListener('seeked', () => log.seeks.push(Math.round(element.currentTime * 10) / 10));
    element.addEventListener('pause', () => log.pauses++);
  });
}

it('plays a day sentence by sentence: the lines beside the video, a replay, a sentence looped twice with a pause, the day’s words and a dictation line', async () => {
  const learner = await fixture.approvedForMonsterplan(plan._id);
  await fixture.meOnce(learner, (me) => me.monsterplans.includes(plan._id));
  const page = await journeys.openPage({ token: learner.token });
  await page.goto(`/product-monster-plan/${plan._id}`);
  await page.getByRole('region', { name: 'Хичээлийн хуваарь' }).getByRole('region', { name: '1-р долоо хоног' }).getByRole('button', { name: /^1-р өдөр/ }).click();
  await expectVisible(video(page));
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  await video(page).evaluate((element: HTMLVideoElement) => (element.muted = true));

  // The lines, from Chromium's parsing of the WebVTT track.
  await expectVisible(lines(page));
  expect(await lines(page).getByRole('button').allTextContents()).toEqual(['0:00Good morning, teacher.', '0:02Where is the station?', '0:05Сайн байна уу?']);
  await watchVideo(page);

  // A tap on the third line plays from it, and it is marked as the one heard.
  await lines(page).getByRole('button', { name: /Сайн байна уу/ }).click();
  await page.waitForFunction(() => {
    const element = document.querySelector('video');
    return !!element && !element.paused && element.currentTime > 5.5;
  });
  await expectVisible(lines(page).locator('[aria-current="true"]', { hasText: 'Сайн байна уу?' }));

  // Replay from the keyboard (R): back to the line's start, at the speed chosen.
  await page.getByRole('combobox', { name: 'Удаан хурд' }).selectOption('0.8');
  await video(page).focus();
  await page.keyboard.press('r');
  await page.waitForFunction(() => {
    const element = document.querySelector('video');
    return !!element && !element.seeking && element.currentTime >= 4.9 && element.currentTime < 5.6 && element.playbackRate === 0.8;
  });

  // Loop the second line twice, with a 1-second pause before each repeat.
  await page.getByText('Давталтын тохиргоо').click();
  await page.getByRole('combobox', { name: 'Завсар' }).selectOption('1');
  await page.getByRole('combobox', { name: 'Давтах тоо' }).selectOption('2');
  await page.getByRole('button', { name: /Өгүүлбэр давтах/ }).click();
  await page.getByRole('combobox', { name: 'Удаан хурд' }).selectOption('0.9');
  await watchVideo(page);
  await lines(page).getByRole('button', { name: /Where is the station/ }).click();
  // The tap, then two repeats: after the second the video goes on into the third line.
  await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 5.6, undefined, { timeout: 30_000 });
  const after = await watched(page);
  expect(after.seeks.filter((at) => at >= 2.4 && at <= 2.6)).toHaveLength(3);
  // Each repeat waited its pause with the video paused.
  expect(after.pauses).toBeGreaterThanOrEqual(2);
  expect(after.paused).toBe(false);
  expect(await page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('lp.video.listening.')))).toBe(true);
  await page.getByRole('button', { name: /Өгүүлбэр давтах/ }).click();

  // The day's words beside the video: "station" was marked while its line played.
  const words = page.getByRole('region', { name: 'Өдрийн үгс' });
  expect(await words.getByRole('listitem').allTextContents()).toEqual(expect.arrayContaining(['teacher']));

  // Dictation: the subtitles hidden, a pause after the line, the answer marked and scored.
  await page.getByRole('button', { name: /Диктант/ }).click();
  expect(await video(page).evaluate((element: HTMLVideoElement) => element.textTracks[0]?.mode)).toBe('hidden');
  await lines(page).getByRole('button', { name: '3-р өгүүлбэр, 0:05' }).click();
  const answer = page.getByRole('textbox', { name: '3-р өгүүлбэрт сонссоноо бичнэ үү' });
  await expectVisible(answer);
  expect(await video(page).evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
  await answer.fill('сайн БАЙНА уу');
  await answer.press('Enter');
  await expectVisible(page.getByText('3 үгнээс 3 зөв', { exact: true }));
  await expectVisible(page.getByText('Нийт: 3 үгнээс 3 зөв (1 өгүүлбэр)'));
  // Kept with the learner's progress, and shown on the day.
  await expectVisible(page.getByText('Диктант: 3 үгнээс 3 зөв (1 өгүүлбэр)', { exact: false }));
  const progress = expectStatus(await journeys.platform.call('GET', `/v1/progress/monsterplans/${plan._id}`, { token: learner.token }), 200, 'the progress');
  expect(progress.videos[0]).toMatchObject({ videoId, dictation: { lines: 1, correctWords: 3, totalWords: 3 } });
});

it('plays, then pauses, once for each Space pressed on the focused video, though Chromium’s own controls answer Space too', async () => {
  const learner = await fixture.approvedForMonsterplan(plan._id);
  await fixture.meOnce(learner, (me) => me.monsterplans.includes(plan._id));
  const page = await journeys.openPage({ token: learner.token });
  await page.goto(`/product-monster-plan/${plan._id}?video=${videoId}`);
  await expectVisible(video(page));
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  type Toggles = { plays: number; pauses: number; lastAt: number };
  await video(page).evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    const log: Toggles = { plays: 0, pauses: 0, lastAt: 0 };
    (window as unknown as { toggles: Toggles }).toggles = log;
    element.addEventListener('play', () => {
      log.plays += 1;
      log.lastAt = performance.now();
    });
    element.addEventListener('pause', () => {
      log.pauses += 1;
      log.lastAt = performance.now();
    });
  });
  const toggles = () =>
    page.evaluate(() => {
      const { plays, pauses } = (window as unknown as { toggles: Toggles }).toggles;
      return { plays, pauses, paused: document.querySelector('video')!.paused };
    });
  /** Waits until the video has neither played nor paused for 400 ms: a second toggle of the same press would have come by then. */
  const settled = () =>
    page.waitForFunction(() => {
      const log = (window as unknown as { toggles: Toggles }).toggles;
      return log.plays + log.pauses > 0 && performance.now() - log.lastAt > 400;
    });

  await video(page).focus();
  await page.keyboard.press(' ');
  await settled();
  expect(await toggles()).toEqual({ plays: 1, pauses: 0, paused: false });
  await page.keyboard.press(' ');
  await page.waitForFunction(() => (window as unknown as { toggles: Toggles }).toggles.pauses > 0);
  await settled();
  expect(await toggles()).toEqual({ plays: 1, pauses: 1, paused: true });
});

it('lays the lines beside the video on a desktop (1366 and 1024 px wide), the schedule under the open day, and under the video on a phone', async () => {
  const learner = await fixture.approvedForMonsterplan(plan._id);
  await fixture.meOnce(learner, (me) => me.monsterplans.includes(plan._id));
  for (const viewport of ['desktop', 'phone'] as const) {
    const page = await journeys.openPage({ token: learner.token, viewport });
    await page.goto(`/product-monster-plan/${plan._id}?video=${videoId}`);
    await expectVisible(video(page));
    await expectVisible(lines(page).getByRole('button', { name: /Сайн байна уу/ }));
    if (viewport === 'phone') {
      expect(await placeOfLines(page)).toBe('below');
      continue;
    }
    expect(await placeOfLines(page)).toBe('beside');
    const schedule = await page.getByRole('region', { name: 'Хичээлийн хуваарь' }).boundingBox();
    const player = await video(page).boundingBox();
    expect(schedule!.y).toBeGreaterThan(player!.y + player!.height);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.waitForFunction(() => window.innerWidth === 1024);
    expect(await placeOfLines(page)).toBe('beside');
  }
});
