// The administrator's screens on a phone (390 × 844) and a desktop (1366 × 900): axe-core finds no
// label-content-name-mismatch (a control's visible words missing from its name, which speech users
// say) and no scrollable-region-focusable (a box that scrolls but no keyboard can reach); and at 390 px
// every action of every table lies inside the viewport, with no sideways scroll to find it. One
// page per width goes through the twelve screens; the checks see the same screens a fresh load shows.
import { readFile } from 'node:fs/promises';
import axe from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { eventually, expectStatus, testAdmin } from '@learning/testing';
import { catalogKnowsLearner } from '@learning/testing/catalog';
import { qpayEnv, startQpayStandIn, type QpayStandIn } from '@learning/testing/qpay';
import { expectVisible, useJourneys, viewports, type ViewportName } from './fixture.js';
import { sendRecording, takeExam } from './learner-work.js';
import { makeMediaFiles, type MediaFiles } from './media-files.js';
import { texts } from './texts.js';

let qpay: QpayStandIn;
// Before the platform starts, which reads the stand-in's address.
beforeAll(async () => {
  qpay = await startQpayStandIn();
});
afterAll(() => qpay?.close());

// The demo plans and bundles fill the lists; an exam of three questions lets media.questions make
// one; the QPay stand-in gives the requests an invoice and a payment.
const journeys = useJourneys({
  platform: () => ({
    env: {
      SEED_DEMO: '1',
      EXAM_QUESTION_COUNT: '3',
      ...qpayEnv(qpay),
      QPAY_CHECK_SECONDS: '1',
    },
  }),
});
const checkedRules = ['label-content-name-mismatch', 'scrollable-region-focusable'];
/** The right answer of each question in media.questions, by its highlighted word. */
const rightAnswers: Record<string, string> = { run: 'гүйх', eat: 'идэх', sleep: 'унтах' };

let media: MediaFiles;
let adminToken: string;
let planId: string;
let planName: string;
let learnerId: string;
const learnerName = 'Сурагч Анударь';

/**
 * Every list with rows: a pending and an approved request of each kind (the pending bundle with an
 * open QPay invoice, the pending plan paid too little through QPay, which lists a payment), a
 * learner's exam result (which earns a refund, to pay once the learner gives an account), a
 * read-aloud recording, and the learner's own page.
 */
beforeAll(async () => {
  const { platform } = journeys;
  qpay.callbacksReach = platform.url;
  media = await makeMediaFiles({ videoSeconds: 1 });
  adminToken = await platform.signIn(testAdmin.email, testAdmin.password);
  const lessons = (await platform.call('GET', '/v1/lessons')).body as Array<{ _id: string }>;
  const plans = (await platform.call('GET', '/v1/monsterplans')).body as Array<{ _id: string; name: string; isActive: boolean; exam: boolean }>;
  const lesson = lessons[0]!;
  const plan = plans.find((each) => each.isActive && each.exam)!;
  planId = plan._id;
  planName = plan.name;

  const bank = new FormData();
  bank.append('file', new Blob([await readFile(media.questions)], { type: 'text/csv' }), 'questions.csv');
  const imported = await fetch(`${platform.url}/v1/monsterplans/${planId}/questions`, { method: 'PUT', headers: { authorization: `Bearer ${adminToken}` }, body: bank });
  expect(imported.status).toBe(200);

  const [waiting, approved] = [await platform.learner('Сурагч Номин'), await platform.learner(learnerName)];
  learnerId = approved.id;
  for (const learner of [waiting, approved]) {
    await catalogKnowsLearner(platform, learner.id);
    expectStatus(await platform.call('POST', '/v1/lesson-requests', { token: learner.token, body: { lesson: lesson._id } }), 201, 'the bundle request');
    expectStatus(await platform.call('POST', '/v1/monsterplan-requests', { token: learner.token, body: { monsterplan: planId } }), 201, 'the plan request');
  }
  for (const body of [{ lesson: lesson._id }, { monsterplan: planId }]) {
    expectStatus(await platform.call('POST', '/v1/payments/qpay/invoices', { token: waiting.token, body }), 201, 'the QPay invoice');
  }
  const planInvoice = [...qpay.invoices.values()].find((invoice) => invoice.receiverCode === waiting.id && invoice.description === planName)!;
  await qpay.pay(planInvoice.invoiceId, { amount: planInvoice.amount - 1000 });
  await eventually(async () => {
    const payments = await platform.call('GET', '/v1/payments?perPage=10&currentPage=1', { token: adminToken });
    return payments.status === 200 && (payments.body as { result: Array<{ outcome: string }> }).result.some((payment) => payment.outcome === 'partial');
  }, 'the short payment is flagged');
  for (const path of ['/v1/lesson-requests', '/v1/monsterplan-requests']) {
    const requests = (await platform.call('GET', `${path}?perPage=10&currentPage=1`, { token: adminToken })).body as { result: Array<{ _id: string; user: { _id: string } }> };
    const request = requests.result.find((each) => each.user._id === approved.id)!;
    expectStatus(await platform.call('PUT', `${path}/${request._id}`, { token: adminToken, body: {} }), 200, `approving at ${path}`);
  }
  const graded = await takeExam(platform, approved, planId, (question) => question.answers.find((answer) => answer.name === rightAnswers[question.niceWord])!.identifier);
  expect(graded.body).toMatchObject({ correctQuestions: 3, totalQuestions: 3 });
  expect(await sendRecording(platform, approved.token, media.audio)).toBe(201);
  await eventually(async () => {
    const report = await platform.call('GET', `/v1/monsterplans/${planId}/refunds`, { token: adminToken });
    return report.status === 200 && (report.body as { result: unknown[] }).result.length > 0;
  }, 'the passed exam earns a refund');
  // The learner's account makes the refund one to pay.
  const account = { bankName: 'Хаан банк', accountNumber: '5012345678', accountHolder: 'Сурагч Анударь' };
  expectStatus(await platform.call('PUT', '/v1/me/bank-account', { token: approved.token, body: account }), 200, 'the account for refunds');
}, 120_000);
afterAll(() => media?.remove());

interface Screen {
  name: string;
  path: () => string;
  /** What this screen shows and none of the others does: the page has gone on to it. */
  shows: (page: Page) => Locator;
}

const title = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const videoKind = (page: Page, kind: keyof typeof texts.admin.videoKind) =>
  page.getByRole('navigation', { name: texts.admin.videoKinds }).locator('[aria-current="page"]', { hasText: texts.admin.videoKind[kind] });

const screens: readonly Screen[] = [
  { name: 'the bundles', path: () => '/administrator/lessons', shows: (page) => title(page, texts.admin.lessons) },
  { name: 'the bundle requests', path: () => '/administrator/lessons/requests', shows: (page) => title(page, texts.admin.lessonRequests) },
  { name: 'the plans', path: () => '/administrator/monsterplans', shows: (page) => page.getByRole('heading', { name: texts.admin.createMonsterplan, exact: true }) },
  {
    name: 'a plan being edited',
    path: () => `/administrator/monsterplans?edit=${planId}`,
    shows: (page) => page.getByRole('heading', { name: texts.admin.updateMonsterplan(planName), exact: true }),
  },
  { name: 'the plan requests', path: () => '/administrator/monsterplans/requests', shows: (page) => title(page, texts.admin.monsterplanRequests) },
  { name: "a plan's refund report", path: () => `/administrator/monsterplans/${planId}/refunds`, shows: (page) => title(page, texts.admin.refundsFor(planName)) },
  { name: 'the refunds to pay', path: () => '/administrator/refunds', shows: (page) => title(page, texts.admin.refundsToPay) },
  { name: 'the payments', path: () => '/administrator/payments', shows: (page) => title(page, texts.admin.payments) },
  { name: 'the users', path: () => '/administrator/users', shows: (page) => title(page, texts.admin.users) },
  { name: 'a learner', path: () => `/administrator/users/${learnerId}`, shows: (page) => title(page, learnerName) },
  { name: 'the plan videos', path: () => '/administrator/videos', shows: (page) => videoKind(page, 'monsterplan') },
  { name: 'the lesson videos', path: () => '/administrator/videos?kind=lesson', shows: (page) => videoKind(page, 'lesson') },
];

/** The administrator's page at each width, shared by the tests at that width. */
const pages = new Map<ViewportName, Page>();

/**
 * The administrator's page at this width showing `screen`, once its lists have loaded. The first
 * screen at a width loads the page; the next ones go through the router without a load (a history
 * entry and a popstate event, which it handles as it does Back and Forward), so the shell and the
 * remote load once per width.
 */
async function showScreen(viewport: ViewportName, screen: Screen): Promise<Page> {
  const path = screen.path();
  let page = pages.get(viewport);
  if (page) {
    await page.evaluate((path) => {
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  } else {
    page = await journeys.openFilePage({ token: adminToken, viewport });
    pages.set(viewport, page);
    await page.goto(path);
  }
  // The router puts the next screen on the page in one go: once its mark shows, the tables are its.
  await expectVisible(screen.shows(page));
  await expectVisible(page.getByRole('navigation', { name: texts.admin.sections }));
  await expectVisible(page.getByRole('table').first());
  await page.waitForFunction(() => document.querySelectorAll('.lp-spinner, [aria-busy="true"]').length === 0);
  return page;
}

interface AxeViolation {
  id: string;
  nodes: Array<{ target: unknown[]; html: string }>;
}

/**
 * axe-core's two rules on the page. Its source goes in by evaluation, once per page load: the
 * gateway's Content-Security-Policy refuses an inline <script>, which is what
 * page.addScriptTag({content}) adds.
 */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (rules) => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'rule', values: rules } });
    return violations.map(({ id, nodes }) => ({ id, nodes: nodes.map(({ target, html }) => ({ target, html })) }));
  }, checkedRules);
}

/** At 390 px, every action of every table lies inside the viewport, and the page does not scroll sideways. */
async function expectActionsInside(page: Page): Promise<void> {
  const width = viewports.phone.width;
  const tables = await page.getByRole('table').all();
  expect(tables.length).toBeGreaterThan(0);
  let actions = 0;
  for (const table of tables) {
    for (const action of [...(await table.getByRole('button').all()), ...(await table.getByRole('link').all())]) {
      const box = await action.boundingBox();
      const name = (await action.getAttribute('aria-label')) ?? (await action.textContent());
      expect({ name, left: box && box.x >= 0, right: box && box.x + box.width <= width }).toEqual({ name, left: true, right: true });
      actions += 1;
    }
  }
  expect(actions).toBeGreaterThan(0);
  // What sticks out past the right edge (and no box of its own hides), named, so that a failure says where to look.
  const outside = await page.evaluate((width) => {
    const isPast = (element: Element) => element.getBoundingClientRect().right > width + 0.5;
    const isClipped = (element: Element) => {
      for (let box = element.parentElement; box; box = box.parentElement) if (getComputedStyle(box).overflowX !== 'visible' && !isPast(box)) return true;
      return false;
    };
    return Array.from(document.body.querySelectorAll('*'))
      .filter((element) => isPast(element) && !isClipped(element))
      .map((element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')} ${Math.round(element.getBoundingClientRect().right)}`);
  }, width);
  expect({ scrollWidth: await page.evaluate(() => document.documentElement.scrollWidth), outside }).toEqual({ scrollWidth: width, outside: [] });
}

// A test per screen and width, so that a failure names the screen.
describe('at the phone width (390 px)', () => {
  it.each(screens)(
    `$name: every action of every table lies inside the viewport, the page does not scroll sideways, and axe-core finds no ${checkedRules.join(' or ')}`,
    async (screen) => {
      const page = await showScreen('phone', screen);
      await expectActionsInside(page);
      expect(await axeViolations(page)).toEqual([]);
    },
  );
});

describe('at the desktop width', () => {
  it.each(screens)(`$name: axe-core finds no ${checkedRules.join(' or ')}`, async (screen) => {
    const page = await showScreen('desktop', screen);
    expect(await axeViolations(page)).toEqual([]);
  });
});
