// Adaptive playback in the browser: an administrator uploads a video and its
// subtitles, media makes its HLS ladder, and an approved learner's player plays the master playlist
// through hls.js in Chromium (which plays no HLS by itself): segments are fetched, the playhead moves,
// a seek keeps the app's own WebVTT subtitles, and the quality menu switches to the audio-only
// rendition at the same moment. /home, a page without a player, never fetches hls.js.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { catalog } from '@learning/contracts';
import { eventually, expectStatus } from '@learning/testing';
import { type CatalogFixture, catalogFixtureOn } from '@learning/testing/catalog';
import type { Page } from 'playwright-core';
import { expectVisible, useJourneys } from './fixture.js';
import { ladderMade, publishedListeningVideo } from './media-files.js';

const journeys = useJourneys();

// 14 s: the ladder's first 6 s in three 2 s segments, then one 6 s segment of three fragments (6–12 s) and the rest.
const videoSeconds = 14;
const subtitles = ['WEBVTT', '', '00:00.000 --> 00:06.000', 'First line', '', '00:06.000 --> 00:14.000', 'Second line', ''].join('\n');

let fixture: CatalogFixture;
let plan: catalog.Monsterplan;
let videoId: string;
let folder: string;

beforeAll(async () => {
  fixture = await catalogFixtureOn(journeys.platform);
  folder = await mkdtemp(join(tmpdir(), 'hls-e2e-'));
  videoId = await publishedListeningVideo(journeys.platform, fixture.admin, { folder, name: 'HLS видео', seconds: videoSeconds, subtitles });
  await ladderMade(journeys.platform, fixture.admin, videoId);
  plan = await fixture.createMonsterplan({ videos: [{ _id: videoId, week: 1, dayOfWeek: 1, monsterWords: '' }] });
}, 120_000);
afterAll(() => (folder ? rm(folder, { recursive: true, force: true }) : undefined));

/** Every address the page requests, as it requests it. */
function watchRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

const video = (page: Page) => page.locator('video');
const isHlsChunk = (url: string) => /\/hls\.[0-9a-f]+\.js$/.test(new URL(url).pathname);

it('an uploaded video becomes adaptive and plays in Chromium through hls.js, with its subtitles after a seek', async () => {
  const learner = await fixture.approvedForMonsterplan(plan._id);
  await fixture.meOnce(learner, (me) => me.monsterplans.includes(plan._id));
  const play = expectStatus(await journeys.platform.call('GET', `/v1/monsterplans/${plan._id}/play/${videoId}`, { token: learner.token }), 200, 'the play call');
  expect(new URL(play.url, journeys.platform.url).pathname).toMatch(new RegExp(`^/v1/media/hls/\\d+/[^/]+/${videoId}/master\\.m3u8$`));

  const page = await journeys.openPage({ token: learner.token });
  const requests = watchRequests(page);
  await page.goto('/home');
  await expectVisible(page.getByRole('heading', { level: 1 }));
  await page.waitForLoadState('networkidle');
  expect(requests.filter(isHlsChunk)).toEqual([]);

  await page.goto(`/product-monster-plan/${plan._id}`);
  await page.getByRole('region', { name: 'Хичээлийн хуваарь' }).getByRole('region', { name: '1-р долоо хоног' }).getByRole('button', { name: /^1-р өдөр/ }).click();
  await expectVisible(video(page));
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  // hls.js's chunk came with the video, and the element plays from its MediaSource (blob:), not the playlist's address.
  expect(requests.some(isHlsChunk)).toBe(true);
  expect(requests.some((url) => new URL(url).pathname.endsWith('/master.m3u8'))).toBe(true);
  expect(await video(page).evaluate((element: HTMLVideoElement) => element.currentSrc)).toMatch(/^blob:/);

  // Play (muted: headless Chromium may refuse sound without a gesture), from the keyboard.
  await video(page).evaluate((element: HTMLVideoElement) => (element.muted = true));
  await video(page).focus();
  await page.keyboard.press('k');
  await page.waitForFunction(() => {
    const element = document.querySelector('video');
    return !!element && !element.paused && element.currentTime > 0.3;
  });
  expect(requests.some((url) => new URL(url).pathname.endsWith('.m4s'))).toBe(true);

  // Seek into the joined 6 s segment (6–12 s) with the keyboard's 7 (70 %, 9.8 s): its cue is the one shown.
  await page.keyboard.press('7');
  await page.waitForFunction(() => {
    const element = document.querySelector('video');
    return !!element && !element.seeking && element.currentTime >= 9.4 && element.currentTime < 11.9;
  });
  await page.waitForFunction(() => {
    const track = document.querySelector('video')?.textTracks[0];
    return track?.mode === 'showing' && Array.from(track.activeCues ?? [], (cue) => (cue as VTTCue).text).includes('Second line');
  });
  // It plays on through the joined segment's fragments.
  await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 10.8);

  // The quality menu: the ladder's renditions and audio only, which plays on from the same moment.
  const quality = page.getByLabel('Чанар');
  await expectVisible(quality);
  expect(await quality.locator('option').allTextContents()).toEqual(['Автомат', '360p', 'Зөвхөн дуу']);
  await page.keyboard.press('0');
  await page.waitForFunction(() => {
    const element = document.querySelector('video');
    return !!element && !element.seeking && element.currentTime < 2 && !element.paused;
  });
  await quality.selectOption({ label: 'Зөвхөн дуу' });
  await eventually(() => requests.some((url) => new URL(url).pathname.endsWith('/audio/playlist.m3u8')), 'the audio-only playlist is fetched');
  await page.waitForFunction(() => {
    const element = document.querySelector('video');
    return !!element && !element.paused && element.currentTime > 2.5;
  });
  expect(await page.evaluate(() => localStorage.getItem('lp.video.quality'))).toBe('audio');
});
