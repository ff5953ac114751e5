// The learner's pages of the catalog (spec sections 2, 4 and 8): a learner asks for a
// Monster plan and a lesson bundle through the pages, the administrator approves through the API,
// and the learner's pages show the approved state. A guest's request goes to sign-in. The brochure
// PDFs are framed by our own page (the gateway's CSP lets them), and the site name keeps to one line.
import type { Page } from 'playwright-core';
import { type CatalogFixture, catalogFixtureOn } from '@learning/testing/catalog';
import { eventually, expectStatus } from '@learning/testing';
import { expectVisible, useJourneys, waitForPath } from './fixture.js';
import { texts } from './texts.js';

const journeys = useJourneys();
let catalog: CatalogFixture;

beforeAll(async () => {
  catalog = await catalogFixtureOn(journeys.platform);
});

/** The card of a plan or bundle in its list, found by its title. */
const cardOf = (page: Page, name: string) => page.getByRole('article', { name });

/** Approves the learner's request for the bundle or plan as the administrator's screen would. */
async function approveAsAdministrator(path: '/v1/monsterplan-requests' | '/v1/lesson-requests', userId: string, bundleId: string) {
  const page = expectStatus(await catalog.call('GET', `${path}?perPage=100&currentPage=1`, { token: catalog.admin }), 200, 'the request list');
  const request = page.result.find((request: any) => request.user._id === userId && (request.monsterplan ?? request.lesson)._id === bundleId);
  if (!request) throw new Error(`no request of ${userId} for ${bundleId} in ${path}`);
  expect(request.isApproved).toBe(false);
  expectStatus(await catalog.call('PUT', `${path}/${request._id}`, { token: catalog.admin, body: { id: request._id, isApproved: true } }), 200, 'approving');
}

describe('asking for a plan and a bundle', () => {
  it('a learner asks through the pages, the administrator approves, and the learner’s pages show the approved state', async () => {
    const plan = await catalog.createMonsterplan();
    const lesson = await catalog.createLesson();
    const learner = await catalog.learner();
    const page = await journeys.openPage({ token: learner.token });

    await page.goto('/product-monster-plan');
    const planCard = cardOf(page, plan.name);
    await planCard.getByRole('button', { name: texts.catalog.requestPlan(plan.name) }).click();
    await expectVisible(planCard.getByText(texts.catalog.pending, { exact: true }));

    await page.goto('/product-remote-lesson');
    const lessonCard = cardOf(page, lesson.name);
    await lessonCard.getByRole('button', { name: texts.catalog.requestLesson(lesson.name) }).click();
    await expectVisible(lessonCard.getByText(texts.catalog.pending, { exact: true }));

    await approveAsAdministrator('/v1/monsterplan-requests', learner.id, plan._id);
    await approveAsAdministrator('/v1/lesson-requests', learner.id, lesson._id);
    // The grant reaches the learner through events; the pages read it from /v1/auth/me.
    await catalog.meOnce(learner, (me) => me.monsterplans.includes(plan._id) && lesson.videos.every((video: string) => me.lessons.includes(video)));

    await page.goto('/product-monster-plan');
    await expectVisible(cardOf(page, plan.name).getByText(texts.catalog.approved, { exact: true }));
    await expectVisible(cardOf(page, plan.name).getByRole('link', { name: texts.catalog.openPlan(plan.name) }));
    expect(await cardOf(page, plan.name).getByRole('button', { name: texts.catalog.requestPlan(plan.name) }).count()).toBe(0);

    await page.goto('/product-remote-lesson');
    await expectVisible(cardOf(page, lesson.name).getByText(texts.catalog.approved, { exact: true }));
    await cardOf(page, lesson.name).getByRole('link', { name: texts.catalog.openLesson(lesson.name) }).click();
    await waitForPath(page, `/product-remote-lesson/${lesson._id}`);
    await expectVisible(page.getByRole('dialog'));
  });

  it("a guest who asks for a plan is sent to sign in, with continue = the plan's page and the request to send there", async () => {
    const plan = await catalog.createMonsterplan();
    const page = await journeys.openPage();
    await page.goto('/product-monster-plan');
    // Guests see the request button too: it sends them to sign in (spec section 8), the request kept for their return.
    await cardOf(page, plan.name).getByRole('button', { name: texts.catalog.requestPlan(plan.name) }).click();

    await waitForPath(page, '/signin');
    expect(new URL(page.url()).searchParams.get('continue')).toBe(`${journeys.siteUrl}/product-monster-plan/${plan._id}?request=${plan._id}`);
  });
});

describe('the page frame', () => {
  it('shows the brochure PDFs in a frame of our own page, which the gateway’s policy allows', async () => {
    const page = await journeys.openPage();
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors|Refused to (display|frame)/i.test(message.text())) refusals.push(message.text());
    });
    const brochure = page.waitForResponse((response) => response.url().endsWith('/v1/documents/brochure-1.pdf'));
    await page.goto('/product-remote-lesson');
    await expectVisible(page.locator('iframe[src="/v1/documents/brochure-1.pdf"]'));
    const answer = await brochure;
    expect(await answer.headerValue('content-security-policy')).toBe("frame-ancestors 'self'");
    // A frame the policy refuses ends on Chromium's error page (chrome-error://…) and logs why.
    const frame = await eventually(() => page.frames().find((child) => child !== page.mainFrame() && !['', 'about:blank'].includes(child.url())), 'the brochure frame has navigated');
    expect({ url: frame.url(), refusals }).toEqual({ url: `${journeys.siteUrl}/v1/documents/brochure-1.pdf`, refusals: [] });
  });

  it('keeps the site name on one line in the desktop menu', async () => {
    const page = await journeys.openPage({ viewport: 'desktop' });
    await page.goto('/help');
    const brand = page.getByRole('navigation').getByText(texts.siteName, { exact: true });
    await expectVisible(brand);
    const lines = await brand.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
  });
});
