// Screenshots of every administrator screen at phone, tablet and desktop widths, for a person to
// look at before calling a screen done. Not a test, never committed: they go to /tmp/admin-shots/ or
// the folder given. The platform starts with the demo content, learners' requests, an exam result
// and read-aloud recordings; the videos screen is shot with an upload on its way.
// Run: npx tsx e2e/admin-screenshots.ts [folder]
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startTestPlatform, testAdmin } from '@learning/testing';
import { assertFrontEndsBuilt, expectVisible, launchChromium } from './browser.js';
import { sendRecording, takeExam } from './learner-work.js';
import { makeMediaFiles } from './media-files.js';
import { texts } from './texts.js';

const folder = process.argv[2] ?? '/tmp/admin-shots';
const widths = { phone: { width: 390, height: 844 }, tablet: { width: 820, height: 1180 }, desktop: { width: 1366, height: 900 } } as const;

assertFrontEndsBuilt();
await mkdir(folder, { recursive: true });
const platform = await startTestPlatform({ env: { SEED_DEMO: '1' } });
const media = await makeMediaFiles();
const browser = await launchChromium();

try {
  const adminToken = await platform.signIn(testAdmin.email, testAdmin.password);
  const plans = (await platform.call('GET', '/v1/monsterplans')).body as Array<{ _id: string; name: string }>;
  const lessons = (await platform.call('GET', '/v1/lessons')).body as Array<{ _id: string }>;
  for (const name of ['Сараа Батболд', 'Тэмүүлэн']) {
    const learner = await platform.learner(name);
    await platform.call('POST', '/v1/monsterplan-requests', { token: learner.token, body: { monsterplan: plans[0]!._id } });
    await platform.call('POST', '/v1/lesson-requests', { token: learner.token, body: { lesson: lessons[0]!._id } });
  }
  // A learner with an exam result and two recordings.
  const examinee = await platform.learner('Шалгуулагч Сүрэн');
  const request = await platform.call('POST', '/v1/monsterplan-requests', { token: examinee.token, body: { monsterplan: plans[0]!._id } });
  await platform.call('PUT', `/v1/monsterplan-requests/${request.body._id}`, { token: adminToken, body: {} });
  await takeExam(platform, examinee, plans[0]!._id, (question, index) => (index % 3 === 0 ? 999 : question.answers[0]!.identifier));
  for (let recording = 0; recording < 2; recording += 1) await sendRecording(platform, examinee.token, media.audio);

  for (const [width, viewport] of Object.entries(widths)) {
    const context = await browser.newContext({
      baseURL: platform.url,
      viewport,
      ...(width === 'phone' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
      storageState: { cookies: [], origins: [{ origin: new URL(platform.url).origin, localStorage: [{ name: 'token', value: adminToken }] }] },
    });
    const page = await context.newPage();
    const shoot = (name: string) => page.screenshot({ path: join(folder, `${width}-${name}.png`), fullPage: true, animations: 'disabled' });
    for (const [name, path] of [
      ['lessons', '/administrator/lessons'],
      ['lesson-requests', '/administrator/lessons/requests'],
      ['monsterplans', '/administrator/monsterplans'],
      ['monsterplan-requests', '/administrator/monsterplans/requests'],
      ['users', '/administrator/users'],
      ['videos', '/administrator/videos'],
      ['videos-lesson', '/administrator/videos?kind=lesson'],
    ] as const) {
      await page.goto(path);
      await expectVisible(page.getByRole('navigation', { name: texts.admin.sections }));
      await settle(page);
      await shoot(name);
    }
    // An upload on its way (slowed down), then done.
    await page.goto('/administrator/videos');
    await settle(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 300 * 1024 });
    await page.getByLabel('Видео файл', { exact: true }).setInputFiles(media.video);
    await page.waitForFunction(() => (document.querySelector('progress')?.value ?? 0) >= 30);
    await shoot('videos-uploading');
    await page.getByText('Амжилттай хуулагдлаа.', { exact: true }).waitFor();
    await cdp.detach();
    await shoot('videos-uploaded');

    await page.goto('/administrator/monsterplans');
    await settle(page);
    await page.getByRole('button', { name: texts.admin.editLabel(plans[0]!.name) }).click();
    await settle(page);
    await shoot('monsterplan-edit');
    await page.goto('/administrator/lessons');
    await settle(page);
    await page.getByRole('button', { name: 'Багц хичээл үүсгэх' }).click();
    await shoot('lessons-invalid');
    await context.close();
  }
  console.log(`Screenshots in ${folder}`);
} finally {
  await browser.close();
  await platform.close();
  await media.remove();
}

async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => !Array.from(document.querySelectorAll('[role=status]')).some((element) => element.textContent?.includes('Ачаалж байна')));
}
