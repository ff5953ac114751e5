// Screenshots of the learner's media screens at phone and desktop widths, for a person to
// look at before calling a screen done: /home with its carousel, the workshop's brochure, a plan day
// playing with its materials and the read-aloud upload (sent, and a recording made in the page), and
// a lesson bundle's playlist. Not a test, never committed: they go to /tmp/media-shots/ or the
// folder given. Run: npx tsx e2e/media-screenshots.ts [folder]
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { catalogFixtureOn } from '@learning/testing/catalog';
import { startTestPlatform } from '@learning/testing';
import { assertFrontEndsBuilt, expectVisible, launchChromium, openPageIn, viewports, type ViewportName } from './browser.js';
import { makeMediaFiles } from './media-files.js';

const folder = process.argv[2] ?? '/tmp/media-shots';

assertFrontEndsBuilt();
await mkdir(folder, { recursive: true });
const platform = await startTestPlatform({ env: { SEED_DEMO: '1' } });
const browser = await launchChromium(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
const media = await makeMediaFiles({ videoSeconds: 1 });

try {
  const catalog = await catalogFixtureOn(platform);
  const plans = (await platform.call('GET', '/v1/monsterplans')).body as Array<{ _id: string }>;
  const plan = (await platform.call('GET', `/v1/monsterplans/${plans[0]!._id}`)).body;
  const lessons = (await platform.call('GET', '/v1/lessons')).body as Array<{ _id: string; videos: string[] }>;
  const learner = await catalog.approvedForMonsterplan(plan._id);
  const request = await catalog.requestLesson(learner, lessons[0]!._id);
  await platform.call('PUT', `/v1/lesson-requests/${request._id}`, { token: catalog.admin });
  await catalog.meOnce(learner, (me) => me.monsterplans.includes(plan._id) && lessons[0]!.videos.every((video) => me.lessons.includes(video)));
  const day = plan.populatedVideos[0].videos[1];

  for (const viewport of Object.keys(viewports) as ViewportName[]) {
    const shoot = (page: Page, name: string) => page.screenshot({ path: join(folder, `${viewport}-${name}.png`), fullPage: true, animations: 'disabled' });
    const guest = (await openPageIn(browser, platform.url, { viewport })).page;
    await guest.goto('/home');
    await expectVisible(guest.getByRole('region', { name: 'Онцлох мэдээ' }));
    await shoot(guest, 'home');
    await guest.getByRole('button', { name: /^2-р слайд/ }).click();
    await guest.mouse.move(0, 0);
    await shoot(guest, 'home-slide-2');
    await guest.goto('/boosterz');
    await guest.locator('.brochure[aria-busy="false"]').waitFor();
    await shoot(guest, 'workshop');
    await guest.context().close();

    const page = (await openPageIn(browser, platform.url, { viewport, token: learner.token })).page;
    await page.goto(`/product-monster-plan/${plan._id}?video=${day._id}`);
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2);
    await shoot(page, 'plan-day');
    await page.getByText('Товчлуурууд').click();
    const aloud = page.getByRole('region', { name: 'Чанга уншлагын бичлэг' });
    await aloud.getByLabel('Аудио файл сонгох').setInputFiles(media.audio);
    await expectVisible(aloud.getByText('Амжилттай хуулагдлаа', { exact: true }));
    await shoot(page, 'plan-day-sent');
    await aloud.getByRole('button', { name: 'Бичиж эхлэх' }).click();
    await expectVisible(aloud.getByRole('timer').getByText('Бичиж байна: 0:01'));
    await shoot(page, 'plan-day-recording');
    await aloud.getByRole('button', { name: 'Бичлэг зогсоох' }).click();
    await expectVisible(aloud.getByLabel('Таны бичлэг'));
    await shoot(page, 'plan-day-recorded');

    await page.goto(`/product-remote-lesson/${lessons[0]!._id}`);
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2);
    await page.screenshot({ path: join(folder, `${viewport}-lesson-playlist.png`), animations: 'disabled' });
    await page.context().close();
  }
  console.log(`Screenshots in ${folder}`);
} finally {
  await media.remove();
  await browser.close();
  await platform.close();
}
