// The administrator's journeys: a real video (made by ffmpeg) uploaded with its progress
// watched, published, put into a lesson bundle and a Monster plan; a learner's request approved; the
// learner then plays the video. And the learners' work: an exam result and a read-aloud recording.
import type { Locator, Page } from 'playwright-core';
import { testAdmin } from '@learning/testing';
import { catalogKnowsLearner } from '@learning/testing/catalog';
import { expectVisible, useJourneys, waitForPath } from './fixture.js';
import { sendRecording, takeExam } from './learner-work.js';
import { makeMediaFiles, type MediaFiles } from './media-files.js';
import { texts } from './texts.js';

// The demo plans and bundles give the requests journey something to ask for; an exam of three
// questions lets a three-line bank file make one.
const journeys = useJourneys({ platform: { env: { SEED_DEMO: '1', EXAM_QUESTION_COUNT: '3' } } });
let media: MediaFiles;

beforeAll(async () => {
  media = await makeMediaFiles();
}, 60_000);
afterAll(() => media?.remove());

/** The right answer of each question in media.questions, by its highlighted word. */
const rightAnswers: Record<string, string> = { run: 'гүйх', eat: 'идэх', sleep: 'унтах' };

const adminPage = async () => journeys.openPage({ token: await journeys.platform.signIn(testAdmin.email, testAdmin.password) });

/** Uploads the video on /administrator/videos (of the kind shown) with the upload slowed down, and answers every progress value seen. */
async function uploadWatchingProgress(page: Page): Promise<number[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // About 2 s for the 1.6 MB file: slow enough to see the bar move.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 800 * 1024 });
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('progress');
      if (bar && seen.at(-1) !== bar.value) seen.push(bar.value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
  });
  await page.getByLabel('Видео файл', { exact: true }).setInputFiles(media.video);
  await expectVisible(page.getByRole('progressbar'));
  await expectVisible(page.getByText('Амжилттай хуулагдлаа.', { exact: true }));
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await cdp.detach();
  return page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
}

async function publish(page: Page, name: string): Promise<void> {
  const publishButton = page.getByRole('button', { name: texts.admin.publish, exact: true });
  await page.getByLabel('Видеоны нэр', { exact: true }).fill(name);
  await page.getByLabel('Орчуулгын баримтын холбоос (translate doc url)', { exact: true }).fill('https://docs.example.com/translation');
  await publishButton.click();
  await expectVisible(page.getByText('Видео нийтлэгдлээ.', { exact: true }));
  await expectVisible(page.getByRole('table').getByText(name, { exact: true }));
  if (await publishButton.isEnabled()) throw new Error('Publish stays enabled after publishing: the upload was not reset');
}

/** Approves the learner's request in its row of a requests panel: 'Зөвшөөрөх', then 'Тийм'. */
async function approve(row: Locator, email: string, bundleName: string): Promise<void> {
  await row.getByRole('button', { name: texts.admin.approveLabel(email, bundleName), exact: true }).click();
  await row.getByRole('button', { name: texts.admin.yes, exact: true }).click();
  await expectVisible(row.getByText(texts.admin.approved, { exact: true }));
}

/**
 * Fills and submits a bundle form; the catalog learns of a published video from media's event, so a
 * submit that came before it is answered 'video_not_found' and is tried again.
 */
async function createBundle(page: Page, formName: string, fields: { name: string; price: string; video: string }): Promise<void> {
  const form = page.getByRole('form', { name: formName });
  await form.getByLabel('Нэр', { exact: true }).fill(fields.name);
  await form.getByLabel('Үнэ', { exact: true }).fill(fields.price);
  await form.getByRole('checkbox', { name: fields.video, exact: true }).check();
  for (let attempt = 1; ; attempt += 1) {
    await form.getByRole('button', { name: 'Багц хичээл үүсгэх' }).click();
    const outcome = await Promise.race([
      page.getByText(`Үүслээ: ${fields.name}`, { exact: true }).waitFor().then(() => 'created' as const),
      form.getByRole('alert').waitFor().then(() => 'refused' as const),
    ]);
    if (outcome === 'created') return;
    if (attempt === 5) throw new Error(`the bundle was refused: ${await form.getByRole('alert').textContent()}`);
  }
}

describe('the administrator', () => {
  it("sees the new requests, approves a learner's bundle request and cancels a plan request; the learner's access follows", async () => {
    const { platform } = journeys;
    const lessons = (await platform.call('GET', '/v1/lessons')).body as Array<{ _id: string; name: string; videos: string[] }>;
    const plans = (await platform.call('GET', '/v1/monsterplans')).body as Array<{ _id: string; name: string; isActive: boolean }>;
    const lesson = lessons[0]!;
    const plan = plans.find((each) => each.isActive)!;
    const learner = await platform.learner('Сурагч Болор');
    await catalogKnowsLearner(platform, learner.id);
    expect((await platform.call('POST', '/v1/lesson-requests', { token: learner.token, body: { lesson: lesson._id } })).status).toBe(201);
    expect((await platform.call('POST', '/v1/monsterplan-requests', { token: learner.token, body: { monsterplan: plan._id } })).status).toBe(201);

    const page = await adminPage();
    await page.goto('/administrator');
    await waitForPath(page, '/administrator/lessons');
    const sections = page.getByRole('navigation', { name: texts.admin.sections });
    await expectVisible(sections.getByRole('link', { name: 'Багц хичээл 1 шинэ хүсэлт' }));
    const requests = page.getByRole('region', { name: texts.admin.lessonRequests, exact: true });
    await expectVisible(requests.getByText(texts.admin.newRequests(1), { exact: true }));
    const row = requests.getByRole('row').filter({ hasText: learner.email });
    await expectVisible(row.getByText(lesson.name, { exact: true }));
    // Approving asks first: 'Үгүй' leaves the request as it was.
    await row.getByRole('button', { name: texts.admin.approveLabel(learner.email, lesson.name), exact: true }).click();
    await row.getByRole('button', { name: texts.admin.no, exact: true }).click();
    await expectVisible(requests.getByText(texts.admin.newRequests(1), { exact: true }));
    await approve(row, learner.email, lesson.name);
    await expectVisible(requests.getByText(texts.admin.newRequests(0), { exact: true }));
    await expectVisible(sections.getByRole('link', { name: 'Багц хичээл', exact: true }));

    // The learner's bundle reads approved.
    expect(lesson.videos.length).toBeGreaterThan(0);
    await platform.meOnce(learner, (me) => lesson.videos.every((video) => me.lessons.includes(video)));
    const learnerPage = await journeys.openPage({ token: learner.token });
    await learnerPage.goto('/product-remote-lesson');
    const card = learnerPage.getByRole('article').filter({ has: learnerPage.getByRole('heading', { name: lesson.name, exact: true }) });
    await expectVisible(card.getByText('Эрх нээгдсэн', { exact: true }));

    // The plan request is cancelled, which removes it.
    await sections.getByRole('link', { name: texts.admin.monsterplanRequests, exact: true }).click();
    await waitForPath(page, '/administrator/monsterplans/requests');
    const planRow = page.getByRole('region', { name: texts.admin.monsterplanRequests, exact: true }).getByRole('row').filter({ hasText: learner.email });
    await planRow.getByRole('button', { name: texts.admin.cancelLabel(learner.email, plan.name), exact: true }).click();
    await planRow.getByRole('button', { name: texts.admin.yes, exact: true }).click();
    await planRow.waitFor({ state: 'detached' });
    await platform.meOnce(learner, (me) => !me.pendingMonsterplans.includes(plan._id));

    // Back returns to the bundles; the users list names the learner.
    await page.goBack();
    await waitForPath(page, '/administrator/lessons');
    await sections.getByRole('link', { name: 'Хэрэглэгчид', exact: true }).click();
    await expectVisible(page.getByRole('table', { name: 'Хэрэглэгчид' }).getByRole('cell', { name: learner.email, exact: true }));
  });

  it('uploads a real video watching its progress, publishes it, makes a bundle and a plan with it, approves a request, and the learner plays it', async () => {
    const page = await adminPage();
    const videoName = `Өглөөний дасгал ${Date.now()}`;

    // A Monster plan video, then a lesson video, from the same file.
    await page.goto('/administrator/videos');
    const progress = await uploadWatchingProgress(page);
    expect(progress[0]).toBe(0);
    expect(progress.some((value) => value > 0 && value < 100)).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    await publish(page, videoName);

    await page.getByRole('link', { name: 'Багц хичээлийн видео' }).click();
    // The upload area is remade for the new kind: pick the file only once that render is in.
    await expectVisible(page.locator('a[aria-current="page"]', { hasText: 'Багц хичээлийн видео' }));
    await page.getByLabel('Видео файл', { exact: true }).setInputFiles(media.video);
    await expectVisible(page.getByText('Амжилттай хуулагдлаа.', { exact: true }));
    await publish(page, `${videoName} (лекц)`);

    // A lesson bundle with the lesson video, a plan with the plan video.
    await page.goto('/administrator/lessons');
    await createBundle(page, 'Шинэ багц хичээл', { name: `Багц ${videoName}`, price: '39000', video: `${videoName} (лекц)` });
    await expectVisible(page.getByRole('table', { name: 'Багц хичээлүүд' }).getByRole('cell', { name: `Багц ${videoName}`, exact: true }));

    await page.goto('/administrator/monsterplans');
    const planName = `Plan ${videoName}`;
    await createBundle(page, 'Шинэ Monster plan', { name: planName, price: '49000', video: videoName });
    const plans = (await journeys.platform.call('GET', '/v1/monsterplans')).body as Array<{ _id: string; name: string }>;
    const plan = plans.find((each) => each.name === planName)!;

    // A learner asks for the plan; the administrator approves it.
    const learner = await journeys.platform.learner('Сурагч Дорж');
    await catalogKnowsLearner(journeys.platform, learner.id);
    expect((await journeys.platform.call('POST', '/v1/monsterplan-requests', { token: learner.token, body: { monsterplan: plan._id } })).status).toBe(201);
    await page.reload();
    const requests = page.getByRole('region', { name: texts.admin.monsterplanRequests, exact: true });
    await approve(requests.getByRole('row').filter({ hasText: learner.email }), learner.email, planName);
    await journeys.platform.meOnce(learner, (me) => me.monsterplans.includes(plan._id));

    // The learner plays the video of the plan's first day.
    const learnerPage = await journeys.openPage({ token: learner.token });
    await learnerPage.goto(`/product-monster-plan/${plan._id}`);
    await learnerPage.getByRole('region', { name: 'Хичээлийн хуваарь' }).getByRole('button', { name: /1-р өдөр/ }).click();
    const video = learnerPage.locator('video');
    await expectVisible(video);
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await learnerPage.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5);
  });

  it("imports a question bank, sees a learner's exam result and plays a learner's read-aloud recording", async () => {
    const { platform } = journeys;
    const adminToken = await platform.adminToken();
    const plans = (await platform.call('GET', '/v1/monsterplans')).body as Array<{ _id: string; name: string; exam: boolean }>;
    const plan = plans.find((each) => each.exam)!;

    // The administrator replaces the plan's bank with three questions from a CSV file.
    const page = await adminPage();
    await page.goto('/administrator/monsterplans');
    const bank = page.getByRole('region', { name: 'Асуултын сан оруулах' });
    await bank.getByLabel('Monster plan', { exact: true }).selectOption({ label: plan.name });
    await bank.getByLabel('Асуултын файл (CSV, JSON)', { exact: true }).setInputFiles(media.questions);
    await bank.getByRole('checkbox', { name: 'Одоогийн сангаа энэ файлаар солих' }).check();
    await bank.getByRole('button', { name: 'Оруулах', exact: true }).click();
    await expectVisible(bank.getByText('3 асуулт орлоо.', { exact: true }));

    // A learner approved for the plan takes the exam: two right, one wrong.
    const learner = await platform.learner('Шалгуулагч Сүрэн');
    const request = await platform.call('POST', '/v1/monsterplan-requests', { token: learner.token, body: { monsterplan: plan._id } });
    expect((await platform.call('PUT', `/v1/monsterplan-requests/${request.body._id}`, { token: adminToken, body: {} })).status).toBe(200);
    const graded = await takeExam(platform, learner, plan._id, (question, index) => {
      const right = question.answers.find((answer) => answer.name === rightAnswers[question.niceWord])!;
      return index === 0 ? question.answers.find((answer) => answer !== right)!.identifier : right.identifier;
    });
    expect(graded.body).toMatchObject({ correctQuestions: 2, totalQuestions: 3 });

    // And sends a read-aloud recording.
    expect(await sendRecording(platform, learner.token, media.audio)).toBe(201);

    // The administrator sees the result and plays the recording.
    await page.reload();
    const results = page.getByRole('region', { name: 'Шалгалтын дүн' });
    const result = results.getByRole('row').filter({ hasText: learner.email });
    await expectVisible(result);
    expect(await result.getByRole('cell').allTextContents()).toEqual([learner.email, plan.name, '2', '3']);
    const alouds = page.getByRole('region', { name: 'Чанга уншлага' });
    const recording = alouds.getByRole('row').filter({ hasText: learner.email }).locator('audio');
    await expectVisible(recording);
    await recording.evaluate(async (element: HTMLAudioElement) => {
      element.muted = true;
      await element.play();
    });
    await page.waitForFunction(() => ((document.querySelector('.admin-recordings audio') as HTMLAudioElement | null)?.currentTime ?? 0) > 0.3);
  });
});
