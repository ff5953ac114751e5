// The learner's media journeys: a learner approved for a demo plan plays a day's
// video from the media service, seeks (the position moves and playback goes on), switches speed and
// subtitles with the mouse and the keyboard, comes back to where they stopped, and sends read-aloud
// recordings (a real MP3 made by ffmpeg, and one recorded in the page from Chromium's fake
// microphone). A bundle plays on as a playlist. The workshop (/boosterz) draws its brochure's pages
// with pdf.js, and zooms them on a phone. No page may break the gateway's Content-Security-Policy on the way.
import type { Page } from 'playwright-core';
import { type CatalogFixture, catalogFixtureOn } from '@learning/testing/catalog';
import { eventually, expectStatus } from '@learning/testing';
import { expectVisible, useJourneys } from './fixture.js';
import { makeMediaFiles, type MediaFiles } from './media-files.js';

const journeys = useJourneys({
  platform: { env: { SEED_DEMO: '1' } },
  // A microphone for MediaRecorder: Chromium's fake device (a beep), allowed without a prompt.
  browserArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
});
let catalog: CatalogFixture;
let media: MediaFiles;

beforeAll(async () => {
  [catalog, media] = await Promise.all([catalogFixtureOn(journeys.platform), makeMediaFiles({ videoSeconds: 1 })]);
}, 60_000);
afterAll(() => media?.remove());

/** Collects what the page reports breaking the Content-Security-Policy, so a journey can say none did. */
function watchCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

const video = (page: Page) => page.locator('video');
const videoState = (page: Page) =>
  video(page).evaluate((element: HTMLVideoElement) => ({
    currentTime: element.currentTime,
    duration: element.duration,
    paused: element.paused,
    seeking: element.seeking,
    playbackRate: element.playbackRate,
    subtitles: Array.from(element.textTracks, (track) => ({ mode: track.mode, cues: track.cues?.length ?? 0 })),
  }));

/** Waits until the video plays past `seconds` (it moves on by itself: playback goes on). */
async function playsPast(page: Page, seconds: number): Promise<void> {
  await page.waitForFunction((past) => {
    const element = document.querySelector('video');
    return !!element && !element.paused && !element.seeking && element.currentTime > past;
  }, seconds);
}

describe('a learner approved for a plan', () => {
  it("plays a day's video, seeks, switches speed and subtitles, and resumes where they stopped", async () => {
    const plans = expectStatus(await journeys.platform.call('GET', '/v1/monsterplans'), 200, 'the plans') as Array<{ _id: string }>;
    const plan = expectStatus(await journeys.platform.call('GET', `/v1/monsterplans/${plans[0]!._id}`), 200, 'the plan');
    const day = plan.populatedVideos[0].videos[1] as { _id: string; name: string; dayOfWeek: number };
    const learner = await catalog.approvedForMonsterplan(plan._id);
    await catalog.meOnce(learner, (me) => me.monsterplans.includes(plan._id));

    const page = await journeys.openPage({ token: learner.token });
    const violations = watchCspViolations(page);
    await page.goto(`/product-monster-plan/${plan._id}`);
    const week1 = page.getByRole('region', { name: 'Хичээлийн хуваарь' }).getByRole('region', { name: '1-р долоо хоног' });
    await week1.getByRole('button', { name: new RegExp(`^${day.dayOfWeek}-р өдөр`) }).click();
    await expectVisible(video(page));
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    const { duration } = await videoState(page);
    expect(duration).toBeGreaterThan(2);

    // Play (muted: headless Chromium may refuse sound without a gesture), from the keyboard.
    await video(page).evaluate((element: HTMLVideoElement) => (element.muted = true));
    await video(page).focus();
    await page.keyboard.press('k');
    await playsPast(page, 0.2);

    // Seek to the middle with the keyboard: the position moves there and playback goes on.
    await page.keyboard.press('5');
    await page.waitForFunction((middle) => (document.querySelector('video')?.currentTime ?? 0) >= middle - 0.1, duration / 2);
    await playsPast(page, duration / 2 + 0.2);
    // Back 5 seconds with the arrow key (never before the start).
    const beforeBack = (await videoState(page)).currentTime;
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction((before) => (document.querySelector('video')?.currentTime ?? Infinity) < before - 1, beforeBack);
    await playsPast(page, 0);

    // Speeds: a button, then the keyboard.
    await page.getByRole('button', { name: 'Хурд 1.5×' }).click();
    expect((await videoState(page)).playbackRate).toBe(1.5);
    await video(page).focus();
    await page.keyboard.press('>');
    expect((await videoState(page)).playbackRate).toBe(2);
    await expectVisible(page.getByRole('button', { name: 'Хурд 2×', pressed: true }));
    await page.keyboard.press('<');
    await page.keyboard.press('<');
    await page.keyboard.press('<');
    // The keys step through the finer slow speeds too: 2, 1.5, 1, 0.9, 0.8, 0.7.
    expect((await videoState(page)).playbackRate).toBe(0.9);
    await page.keyboard.press('<');
    await page.keyboard.press('<');
    expect((await videoState(page)).playbackRate).toBe(0.7);

    // Subtitles: the WebVTT from its signed address, shown, then off and on again.
    await page.waitForFunction(() => (document.querySelector('video')?.textTracks[0]?.cues?.length ?? 0) > 0);
    expect((await videoState(page)).subtitles[0]?.mode).toBe('showing');
    await page.getByRole('button', { name: 'Хадмал', pressed: true }).click();
    expect((await videoState(page)).subtitles[0]?.mode).toBe('hidden');
    await video(page).focus();
    await page.keyboard.press('c');
    expect((await videoState(page)).subtitles[0]?.mode).toBe('showing');
    await expectVisible(page.getByRole('button', { name: 'Хадмал', pressed: true }));

    // Stopped in the middle, the page reopened: it resumes there, at the speed chosen. The position is
    // reported before the page reopens and asks for it: by the pause's report when the seek came
    // before its 'pause' event, else by the report of a page being left (the same body is sent once).
    const reported = page.waitForResponse((response) => {
      const request = response.request();
      if (request.method() !== 'POST' || new URL(response.url()).pathname !== `/v1/progress/videos/${day._id}`) return false;
      return Math.abs(JSON.parse(request.postData() ?? '{}').position - duration / 2) < 0.2;
    });
    await video(page).evaluate((element: HTMLVideoElement) => {
      element.pause();
      element.currentTime = element.duration / 2;
    });
    await page.waitForFunction(() => {
      const element = document.querySelector('video');
      return !!element && !element.seeking && Math.abs(element.currentTime - element.duration / 2) < 0.2;
    });
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    expect((await reported).status()).toBe(200);
    await page.reload();
    await expectVisible(page.getByText(/Өмнө зогссон газраас \(0:0[34]\) үргэлжлүүллээ\./));
    const resumed = await videoState(page);
    expect(Math.abs(resumed.currentTime - duration / 2)).toBeLessThan(0.5);
    expect(resumed.playbackRate).toBe(0.7);

    expect(violations).toEqual([]);
  });

  it('sends a read-aloud recording as a file and one recorded in the page, and the administrator sees both', async () => {
    const plans = expectStatus(await journeys.platform.call('GET', '/v1/monsterplans'), 200, 'the plans') as Array<{ _id: string }>;
    const plan = expectStatus(await journeys.platform.call('GET', `/v1/monsterplans/${plans[0]!._id}`), 200, 'the plan');
    const learner = await catalog.approvedForMonsterplan(plan._id);
    await catalog.meOnce(learner, (me) => me.monsterplans.includes(plan._id));
    const page = await journeys.openPage({ token: learner.token });
    const violations = watchCspViolations(page);
    await page.goto(`/product-monster-plan/${plan._id}?video=${plan.populatedVideos[0].videos[0]._id}`);
    const aloud = page.getByRole('region', { name: 'Чанга уншлагын бичлэг' });

    // The day's read-aloud PDF is there to download.
    const pdfLink = page.getByRole('link', { name: 'Чанга унших материал' });
    const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');

    await aloud.getByLabel('Аудио файл сонгох').setInputFiles(media.audio);
    await expectVisible(aloud.getByText('Амжилттай хуулагдлаа', { exact: true }));

    await aloud.getByRole('button', { name: 'Бичиж эхлэх' }).click();
    await expectVisible(aloud.getByRole('timer').getByText('Бичиж байна: 0:01'));
    await aloud.getByRole('button', { name: 'Бичлэг зогсоох' }).click();
    await expectVisible(aloud.getByLabel('Таны бичлэг'));
    await aloud.getByRole('button', { name: 'Бичлэг илгээх' }).click();
    await expectVisible(aloud.getByText('Амжилттай хуулагдлаа', { exact: true }));
    await aloud.getByLabel('Таны бичлэг').waitFor({ state: 'detached' });

    const entry = await eventually(async () => {
      const list = expectStatus(await journeys.platform.call('GET', '/v1/monsterplans/aloud?perPage=100&currentPage=1', { token: catalog.admin }), 200, 'the recordings');
      return (list.result as Array<{ user: { email: string }; alouds: unknown[] }>).find((each) => each.user.email === learner.email && each.alouds.length === 2);
    }, 'the administrator sees both recordings');
    expect(entry.alouds).toHaveLength(2);
    expect(violations).toEqual([]);
  });
});

describe('a learner approved for a lesson bundle', () => {
  it('watches the bundle as a playlist: when a video ends, the next one plays by itself', async () => {
    const lessons = expectStatus(await journeys.platform.call('GET', '/v1/lessons'), 200, 'the bundles') as Array<{ _id: string; videos: string[] }>;
    const lesson = lessons[0]!;
    const learner = await catalog.approvedForLesson(lesson._id);
    await catalog.meOnce(learner, (me) => lesson.videos.every((videoId) => me.lessons.includes(videoId)));
    const page = await journeys.openPage({ token: learner.token });
    await page.goto(`/product-remote-lesson/${lesson._id}`);
    const dialog = page.getByRole('dialog');
    const playlist = dialog.getByRole('region', { name: 'Хичээлүүд' });
    await expectVisible(playlist);
    expect(await playlist.getByRole('button').first().getAttribute('aria-current')).toBe('true');
    const first = await video(page).getAttribute('src');
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);

    await video(page).evaluate((element: HTMLVideoElement) => (element.muted = true));
    await video(page).focus();
    await page.keyboard.press('k');
    await playsPast(page, 0.2);
    await page.keyboard.press('9');
    await page.waitForFunction((firstSrc) => document.querySelector('video')?.getAttribute('src') !== firstSrc, first);
    await video(page).evaluate((element: HTMLVideoElement) => (element.muted = true));
    await playsPast(page, 0.2);
    expect(await playlist.getByRole('button').nth(1).getAttribute('aria-current')).toBe('true');
  });
});

describe('the workshop (/boosterz)', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`draws every page of the brochure with pdf.js, as wide as the page (${viewport})`, async () => {
      const page = await journeys.openPage({ viewport });
      const violations = watchCspViolations(page);
      await page.goto('/boosterz');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Воркшоп' }));
      const pages = page.getByRole('list', { name: 'Воркшопын товхимол' }).getByRole('img');
      await expectVisible(pages.first());
      // The loading indicator goes once every page is drawn.
      await page.locator('.brochure[aria-busy="false"]').waitFor();
      const count = await pages.count();
      expect(count).toBeGreaterThan(0);
      expect(await page.locator('canvas[data-drawn]').count()).toBe(count);

      const drawn = await page.locator('canvas').first().evaluate((canvas: HTMLCanvasElement) => {
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        let inked = 0;
        for (let index = 0; index < data.length; index += 4) if (data[index]! < 200 || data[index + 1]! < 200 || data[index + 2]! < 200) inked += 1;
        const list = canvas.closest('ol')!;
        return { inked, pixels: data.length / 4, canvasWidth: canvas.width, shownWidth: canvas.clientWidth, listWidth: list.clientWidth, ratio: devicePixelRatio };
      });
      expect(drawn.inked).toBeGreaterThan(drawn.pixels * 0.005);
      expect(Math.abs(drawn.shownWidth - drawn.listWidth)).toBeLessThanOrEqual(1);
      expect(Math.abs(drawn.canvasWidth - drawn.listWidth * drawn.ratio)).toBeLessThanOrEqual(2);
      expect(violations).toEqual([]);
    });
  }

  it('zooms the brochure on a phone from its buttons and the keyboard, the pages drawn again sharp, and leaves pinch zoom to the browser', async () => {
    const page = await journeys.openPage({ viewport: 'phone' });
    await page.goto('/boosterz');
    await page.locator('.brochure[aria-busy="false"]').waitFor();
    const firstPage = () =>
      page.locator('canvas').first().evaluate((canvas: HTMLCanvasElement) => {
        const list = canvas.closest('ol')!;
        return { canvasWidth: canvas.width, shownWidth: canvas.clientWidth, listWidth: list.clientWidth, scrollWidth: list.scrollWidth, ratio: devicePixelRatio };
      });
    const atPageWidth = await firstPage();

    // Twice from the keyboard: 200 %.
    await page.getByRole('button', { name: 'Томруулах' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    await expectVisible(page.getByRole('group', { name: 'Томруулалт' }).getByText('200%'));
    // Drawn again at the new width, one canvas pixel to each screen pixel.
    await page.waitForFunction(() => {
      const canvas = document.querySelector('canvas')!;
      return Math.abs(canvas.width - canvas.clientWidth * devicePixelRatio) <= 2;
    });
    const zoomed = await firstPage();
    expect(Math.abs(zoomed.shownWidth - 2 * atPageWidth.listWidth)).toBeLessThanOrEqual(2);
    expect(zoomed.listWidth).toBe(atPageWidth.listWidth);
    expect(zoomed.scrollWidth).toBeGreaterThan(zoomed.listWidth * 1.9);

    // Nothing on the way from the page to the canvas takes the touch from the browser, nor does the viewport forbid zooming.
    const touch = await page.locator('canvas').first().evaluate((canvas: HTMLCanvasElement) => {
      const actions: string[] = [];
      for (let element: Element | null = canvas; element; element = element.parentElement) actions.push(getComputedStyle(element).touchAction);
      return { actions: [...new Set(actions)], viewport: document.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? '' };
    });
    expect(touch.actions).toEqual(['auto']);
    expect(touch.viewport).not.toMatch(/user-scalable\s*=\s*(no|0)|maximum-scale/);

    await page.getByRole('button', { name: 'Өргөнд тааруулах' }).click();
    await page.waitForFunction((width) => document.querySelector('canvas')!.clientWidth === width, atPageWidth.shownWidth);
    await page.waitForFunction(() => {
      const canvas = document.querySelector('canvas')!;
      return Math.abs(canvas.width - canvas.clientWidth * devicePixelRatio) <= 2;
    });
  });
});
