// The centre's loop in the browser: a learner asks for a plan and is told how to pay; the
// administrator approves on the requests screen and, without a reload, the learner's menu counts a new
// notification that names the plan. Two learners record a day's read-aloud, one within 24 hours of the
// day's assignment and one after: the refund report and the learner pages tell them apart, "mark paid"
// records who and when, and the report's CSV keeps its Cyrillic. A learner who passed the exam gives
// their bank account on a phone; the administrator pays the claim by QPay refund and the learner's
// page says so.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expectStatus, eventually, testAdmin } from '@learning/testing';
import { type CatalogFixture, catalogFixtureOn, type Learner } from '@learning/testing/catalog';
import { sql } from 'kysely';
import { expectVisible, useJourneys, waitForPath } from './fixture.js';
import { makeMediaFiles, type MediaFiles } from './media-files.js';
import { texts } from './texts.js';

const journeys = useJourneys();

// Copied from packages/platform/src/i18n/common.ts, shell/src/i18n.ts, mfe-admin/src/i18n.ts and
// services/auth/src/notifications.ts (see texts.ts for why).
const loopTexts = {
  paymentTitle: 'Төлбөр төлөх заавар',
  requested: 'Хүсэлт илгээгдлээ.',
  notificationsUnread: (count: number) => `Мэдэгдэл, ${count} уншаагүй мэдэгдэл`,
  approvedMessage: (name: string) => `"${name}" хөтөлбөрт нэвтрэх эрх нээгдлээ. Одоо үзэж эхлээрэй.`,
  aloud: 'Уншлага',
  unpaid: 'Төлөөгүй',
  paid: 'Төлсөн',
  markPaid: 'Төлсөн гэж тэмдэглэх',
  csv: 'CSV татах',
  onTime: 'Хугацаандаа',
  late: 'Хоцорсон',
  planDay: '1-р долоо хоног, 1-р өдөр',
  claims: 'Буцаан олголт',
  claimEarned: 'Олгох эрх үүссэн',
  claimPaid: 'Олгосон',
  giveAccount: 'Дансны мэдээлэл оруулах',
  accountSection: 'Буцаан олголт хүлээн авах данс',
  accountSaved: 'Дансны мэдээлэл хадгалагдлаа.',
  payableTitle: 'Олгох буцаан олголт',
  markClaimPaid: (email: string, plan: string) => `Олгосон: ${email}, ${plan}, Шалгалт`,
  qpayRefund: 'QPay төлбөрөөс буцаасан',
  confirmPaid: 'Олгосон гэж тэмдэглэх',
};

const instructions = 'Хаан банк 5000 1234 56 (Сургалтын төв ХХК), утга дээр имэйлээ бичнэ үү.\nQPay эсвэл төвд бэлнээр.';
let fixture: CatalogFixture;
let files: MediaFiles;

beforeAll(async () => {
  fixture = await catalogFixtureOn(journeys.platform);
  files = await makeMediaFiles({ videoSeconds: 1 });
}, 120_000);
afterAll(() => files?.remove());

const adminPage = async () => journeys.openPage({ token: await journeys.platform.signIn(testAdmin.email, testAdmin.password) });

it('a learner asks for a plan and is told how to pay; the administrator approves and the learner’s notification appears without a reload', async () => {
  const plan = await fixture.createMonsterplan({ paymentInstructions: instructions });
  const learner = await fixture.learner('Сурагч Сарнай');
  const page = await journeys.openPage({ token: learner.token });
  await page.goto('/product-monster-plan');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: plan.name, exact: true }) });
  await card.getByRole('button', { name: texts.catalog.requestPlan(plan.name) }).click();

  const payment = card.getByRole('region', { name: loopTexts.paymentTitle });
  await expectVisible(payment.getByText(loopTexts.requested));
  await expectVisible(payment.getByText(/Хаан банк 5000 1234 56/));
  await expectVisible(payment.getByText(/49,000/));

  const admin = await adminPage();
  await admin.goto('/administrator/monsterplans/requests');
  const row = admin.getByRole('region', { name: texts.admin.monsterplanRequests, exact: true }).getByRole('row').filter({ hasText: learner.email });
  await row.getByRole('button', { name: texts.admin.approveLabel(learner.email, plan.name), exact: true }).click();
  await row.getByRole('button', { name: texts.admin.yes, exact: true }).click();
  await expectVisible(row.getByText(texts.admin.approved, { exact: true }));

  // The learner's page was never reloaded: the poll brings the count, and with it the approved card.
  const notifications = page.getByRole('navigation').getByRole('link', { name: loopTexts.notificationsUnread(1) });
  await expectVisible(notifications);
  await expectVisible(card.getByText(texts.catalog.approved, { exact: true }));
  expect(await card.getByRole('region', { name: loopTexts.paymentTitle }).count()).toBe(0);
  await notifications.click();
  await waitForPath(page, '/notifications');
  await expectVisible(page.getByRole('main').getByText(loopTexts.approvedMessage(plan.name)));
});

describe('the refund report', () => {
  let planId: string;
  let dayVideo: string;
  let onTime: Learner;
  let late: Learner;

  /** The learner opens day 1 (its first play is its assignment) and sends a recording for it. */
  async function recordDay(learner: Learner, { assignedHoursAgo }: { assignedHoursAgo: number }): Promise<void> {
    expectStatus(await fixture.call('GET', `/v1/monsterplans/${planId}/play/${dayVideo}`, { token: learner.token }), 200, 'opening day 1');
    if (assignedHoursAgo > 0) {
      const catalogDb = journeys.platform.services.catalog.context.db;
      await catalogDb
        .updateTable('day_assignment')
        .set({ assigned_at: sql<Date>`assigned_at - make_interval(hours => ${assignedHoursAgo})` })
        .where('user_id', '=', learner.id)
        .where('monsterplan_id', '=', planId)
        .execute();
    }
    const form = new FormData();
    form.append('monsterplan', planId);
    form.append('week', '1');
    form.append('dayOfWeek', '1');
    form.append('video', new Blob([await readFile(files.audio)], { type: 'audio/mpeg' }), 'aloud.mp3');
    const sent = await fetch(`${journeys.platform.url}/v1/monsterplans/aloud`, { method: 'POST', headers: { authorization: `Bearer ${learner.token}` }, body: form });
    expect(sent.status).toBe(201);
  }

  beforeAll(async () => {
    dayVideo = await fixture.publishVideo('monsterplan', { name: 'Өдөр 1', durationSeconds: 60 });
    const plan = await fixture.createMonsterplan({ videos: [{ _id: dayVideo, week: 1, dayOfWeek: 1, monsterWords: '' }] });
    planId = plan._id;
    [onTime, late] = await Promise.all([fixture.approvedForMonsterplan(planId), fixture.approvedForMonsterplan(planId)]);
    await recordDay(onTime, { assignedHoursAgo: 0 });
    await recordDay(late, { assignedHoursAgo: 25 });
    // The catalog learns of both recordings from media's events.
    const catalogDb = journeys.platform.services.catalog.context.db;
    await eventually(
      async () => (await catalogDb.selectFrom('aloud_recording').select('aloud_id').where('monsterplan_id', '=', planId).execute()).length === 2,
      'the catalog knows both recordings',
    );
  }, 120_000);

  it('lists the learner who recorded within 24 hours with the read-aloud refund, not the late one; mark paid records who and when', async () => {
    const page = await adminPage();
    await page.goto(`/administrator/monsterplans/${planId}/refunds`);
    const report = page.getByRole('table');
    const row = report.getByRole('row').filter({ hasText: onTime.email });
    await expectVisible(row.getByText(loopTexts.aloud, { exact: true }));
    await expectVisible(row.getByText(loopTexts.unpaid, { exact: true }));
    // The price the learner's request recorded.
    await expectVisible(row.getByRole('cell', { name: '49,000₮', exact: true }));
    expect(await report.getByRole('row').filter({ hasText: late.email }).count()).toBe(0);

    await row.getByRole('button', { name: loopTexts.markPaid }).click();
    await expectVisible(row.getByText(new RegExp(testAdmin.email)));
    await expectVisible(row.getByText(loopTexts.paid, { exact: true }));

    // The CSV, as Excel would get it: UTF-8 with a BOM, the Cyrillic intact.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: loopTexts.csv }).click()]);
    expect(download.suggestedFilename()).toBe(`refunds-${planId}.csv`);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3));
    const [heading, ...rows] = csv.trim().split(/\r?\n/);
    expect(heading).toBe('Имэйл,Хөтөлбөрийн үнэ,Төрөл,Дүн (₮),Олгох болсон,Дэлгэрэнгүй,Төлсөн,Төлсөн огноо,Төлсөн админ');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(onTime.email);
    // The price the learner's request recorded, quoted for its comma.
    expect(rows[0]).toContain(`${onTime.email},"49,000₮",Уншлага`);
    expect(rows[0]).toContain(',Уншлага,10000,');
    expect(rows[0]).toContain('Тийм');
    expect(rows[0]).toContain(testAdmin.email);
  });

  it("a learner's page shows each recording's plan day and whether it came on time", async () => {
    const page = await adminPage();
    for (const [learner, timeliness] of [
      [onTime, loopTexts.onTime],
      [late, loopTexts.late],
    ] as const) {
      await page.goto(`/administrator/users/${learner.id}`);
      await expectVisible(page.getByText(learner.email).first());
      const recording = page.getByRole('listitem').filter({ hasText: loopTexts.planDay });
      await expectVisible(recording.getByText(timeliness, { exact: true }));
    }
  });
});

it('a learner who passed the exam gives their account on a phone; the administrator pays the claim by QPay refund and the learner sees it paid', async () => {
  const plan = await fixture.createMonsterplan();
  const learner = await fixture.approvedForMonsterplan(plan._id);
  const catalog = journeys.platform.services.catalog.context;
  const data = { userId: learner.id, monsterplanId: plan._id, percent: 90, correctQuestions: 36, totalQuestions: 40, passed: true };
  await catalog.bus.publish({ id: randomUUID(), type: 'exam.completed', version: 1, occurredAt: new Date().toISOString(), producer: 'exam', data });
  await eventually(() => catalog.db.selectFrom('refund').select('id').where('user_id', '=', learner.id).executeTakeFirst(), 'the exam refund is earned');

  const page = await journeys.openPage({ token: learner.token, viewport: 'phone' });
  await page.goto('/me');
  const claims = page.getByRole('region', { name: loopTexts.claims, exact: true });
  await expectVisible(claims.getByText(loopTexts.claimEarned, { exact: true }));
  await claims.getByRole('link', { name: loopTexts.giveAccount }).click();
  await waitForPath(page, '/me/settings');
  const account = page.getByRole('region', { name: loopTexts.accountSection });
  await account.getByLabel('Банк').selectOption('Хаан банк');
  await account.getByLabel('Дансны дугаар').fill('5012 3456 78');
  await account.getByLabel('Данс эзэмшигчийн нэр').fill('Сурагч Болд');
  await account.getByLabel('Данс эзэмшигчийн нэр').press('Enter');
  await expectVisible(account.getByText(loopTexts.accountSaved));

  const admin = await adminPage();
  await admin.goto('/administrator/refunds');
  const row = admin.getByRole('table', { name: loopTexts.payableTitle }).getByRole('row').filter({ hasText: learner.email });
  await expectVisible(row.getByText('5012345678'));
  await row.getByRole('button', { name: loopTexts.markClaimPaid(learner.email, plan.name) }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('radio', { name: loopTexts.qpayRefund }).check();
  await dialog.getByRole('button', { name: loopTexts.confirmPaid }).click();
  await row.waitFor({ state: 'detached' });

  await page.goto('/me');
  await expectVisible(page.getByRole('region', { name: loopTexts.claims, exact: true }).getByText(loopTexts.claimPaid, { exact: true }));
});
