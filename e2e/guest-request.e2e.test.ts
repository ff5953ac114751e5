// A guest asks for a plan, on a phone (390 × 844)
// and a desktop (1366 × 900): the request button sends them to sign in, which says why; they register
// from there, the success view shows, and they land on the plan with their request sent once on the way
// back (no second press, nothing sent again by a reload), pending, with how to pay at the price it
// recorded: the early one. The administrator's request list shows that price.
import type { Page } from 'playwright-core';
import { eventually, expectStatus, testAdmin, uniqueSuffix } from '@learning/testing';
import { type CatalogFixture, catalogFixtureOn } from '@learning/testing/catalog';
import { expectVisible, useJourneys, type ViewportName } from './fixture.js';
import { texts } from './texts.js';

const journeys = useJourneys();
let catalog: CatalogFixture;

beforeAll(async () => {
  catalog = await catalogFixtureOn(journeys.platform);
});

const instructions = 'Хаан банк 5000 1234 56, утга дээр имэйлээ бичнэ үү.';

/** The learner's requests for the plan, as the administrator's API lists them. */
async function requestsFor(planId: string): Promise<Array<{ _id: string; user: { _id: string; email: string }; price: string }>> {
  const page = expectStatus(await catalog.call('GET', '/v1/monsterplan-requests?perPage=100&currentPage=1', { token: catalog.admin }), 200, 'the request list');
  return page.result.filter((request: { monsterplan: { _id: string } }) => request.monsterplan._id === planId);
}

/** Presses the plan's request button as a guest: on its card in the list, or on its own page. */
async function pressRequest(page: Page, plan: { _id: string; name: string }, from: 'list' | 'plan page') {
  if (from === 'list') {
    await page.goto('/product-monster-plan');
    await page.getByRole('article', { name: plan.name }).getByRole('button', { name: texts.catalog.requestPlan(plan.name) }).click();
  } else {
    await page.goto(`/product-monster-plan/${plan._id}`);
    await page.getByRole('main').getByRole('button', { name: texts.catalog.requestPlan(plan.name) }).click();
  }
}

describe.each([
  { viewport: 'phone' as ViewportName, from: 'list' as const },
  { viewport: 'desktop' as ViewportName, from: 'plan page' as const },
])('a guest asks for a plan ($viewport, from the $from)', ({ viewport, from }) => {
  it('signs in told why, registers, and lands on the plan with the request sent once, pending, at the recorded early price; the administrator sees that price', async () => {
    // An early price that lasts beyond the journey: 35,000₮ for the plan at 49,000₮ (spec section 9).
    const plan = await catalog.createMonsterplan({ price: '49,000₮', earlyPrice: '35,000₮', earlyPriceUntil: '2099-12-09T00:00:00+08:00', paymentInstructions: instructions });
    const page = await journeys.openPage({ viewport });
    const main = page.getByRole('main');
    await pressRequest(page, plan, from);

    // Sign-in says why the learner is there; nothing was sent as a guest.
    await page.waitForURL((url) => url.pathname === '/signin');
    await expectVisible(main.getByText(texts.signin.forRequest, { exact: true }));
    expect(await requestsFor(plan._id)).toHaveLength(0);

    // No account yet: on to registration, the request kept in `continue`.
    await main.getByRole('link', { name: texts.signin.register, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/create-account');
    await expectVisible(main.getByText(texts.createAccount.forRequest, { exact: true }));
    const email = `guest-${uniqueSuffix()}@test.mn`;
    await main.getByLabel(texts.createAccount.email, { exact: true }).fill(email);
    await main.getByLabel(texts.createAccount.name, { exact: true }).fill('Зочин Сувд');
    await main.getByLabel(texts.createAccount.password, { exact: true }).fill('guest-password-1');
    await main.getByLabel(texts.createAccount.repeatPassword, { exact: true }).fill('guest-password-1');
    await main.getByRole('button', { name: texts.createAccount.submit }).click();

    // The success view, signed in, then on by itself to the plan.
    const success = main.getByRole('status').filter({ hasText: texts.createAccount.successTitle });
    await expectVisible(success);
    expect(await success.textContent()).toContain(texts.createAccount.signedIn(email));
    await page.waitForURL((url) => url.pathname === `/product-monster-plan/${plan._id}` && !url.searchParams.has('request'));

    // Pending, and how to pay: the early price the request recorded, said once it was sent.
    const payment = main.getByRole('region', { name: texts.catalog.paymentTitle });
    await expectVisible(payment.getByText(texts.catalog.requested, { exact: true }));
    await expectVisible(payment.getByText(texts.catalog.amountToPay('35,000₮')));
    await expectVisible(payment.getByText(instructions));
    await expectVisible(main.getByText(texts.catalog.pending, { exact: true }));
    expect(await main.getByRole('button', { name: texts.catalog.requestPlan(plan.name) }).count()).toBe(0);

    const sent = await requestsFor(plan._id);
    expect(sent).toEqual([expect.objectContaining({ user: expect.objectContaining({ _id: expect.any(String) }), price: '35,000₮' })]);

    // A reload sends nothing again.
    await page.reload();
    await expectVisible(payment.getByText(texts.catalog.amountToPay('35,000₮')));
    expect(new URL(page.url()).searchParams.has('request')).toBe(false);
    expect(await requestsFor(plan._id)).toHaveLength(1);

    // The administrator's request list: the learner (once the catalog knows their email) and the price.
    await eventually(async () => (await requestsFor(plan._id))[0]?.user.email === email, 'the catalog knows the new learner');
    const admin = await journeys.openPage({ viewport, token: await journeys.platform.signIn(testAdmin.email, testAdmin.password) });
    await admin.goto('/administrator/monsterplans/requests');
    const requests = admin.getByRole('region', { name: texts.admin.monsterplanRequests, exact: true });
    const row = requests.getByRole('row').filter({ hasText: email });
    await expectVisible(row.getByRole('cell', { name: '35,000₮', exact: true }));
    await expectVisible(requests.getByRole('columnheader', { name: texts.admin.price, exact: true }));
  });
});
