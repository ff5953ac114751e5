// Paying by QPay in the browser, against the QPay stand-in: a learner asks for a Monster plan on its
// page, opens "QPay-ээр төлөх" and sees the QR code and the amount; closed and opened again it is the
// same invoice. The stand-in pays it as a bank app would, and the plan page turns approved with no
// administrator. On a phone the bank apps come before the code.
import type { Page } from 'playwright-core';
import { expectStatus } from '@learning/testing';
import { catalogFixtureOn, type CatalogFixture, type Learner } from '@learning/testing/catalog';
import { qpayEnv, startQpayStandIn, type QpayStandIn } from '@learning/testing/qpay';
import { expectVisible, useJourneys } from './fixture.js';
import { texts } from './texts.js';

let qpay: QpayStandIn;
// Before the platform starts, which reads the stand-in's address.
beforeAll(async () => {
  qpay = await startQpayStandIn();
});
afterAll(() => qpay?.close());

const journeys = useJourneys({
  platform: () => ({
    env: {
      ...qpayEnv(qpay),
      QPAY_CHECK_SECONDS: '1',
    },
  }),
});
let catalog: CatalogFixture;

beforeAll(async () => {
  qpay.callbacksReach = journeys.platform.url;
  catalog = await catalogFixtureOn(journeys.platform);
});

/** The learner's request for the plan, as the administrator's list has it. */
async function requestIdOf(learner: Learner, monsterplanId: string): Promise<string> {
  const list = expectStatus(await catalog.call('GET', '/v1/monsterplan-requests?perPage=100&currentPage=1', { token: catalog.admin }), 200, 'the request list');
  const request = list.result.find((each: any) => each.user._id === learner.id && each.monsterplan._id === monsterplanId);
  if (!request) throw new Error(`no request of ${learner.id} for ${monsterplanId}`);
  return request._id;
}

/** Presses "QPay-ээр төлөх" on the page and waits for the invoice's dialog with its QR code. */
async function openInvoice(page: Page) {
  await page.getByRole('button', { name: texts.qpay.pay, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: texts.qpay.dialog });
  const code = dialog.getByRole('img', { name: texts.qpay.codeAlt });
  await expectVisible(code);
  return { dialog, code };
}

it('a learner asks for a plan, pays its QPay invoice, and the plan page turns approved with no administrator', async () => {
  const plan = await catalog.createMonsterplan();
  const learner = await catalog.learner();
  const page = await journeys.openPage({ token: learner.token });
  await page.goto(`/product-monster-plan/${plan._id}`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: texts.catalog.requestPlan(plan.name) }).click();
  await expectVisible(main.getByText(texts.qpay.planPending));

  const { dialog, code } = await openInvoice(page);
  expect(await code.getAttribute('src')).toMatch(/^data:image\/png;base64,iVBOR/);
  await expectVisible(dialog.getByText('49,000₮', { exact: true }));
  const shown = await code.getAttribute('src');

  // Closed and opened again: the same invoice, not a second one at QPay.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  const again = await openInvoice(page);
  expect(await again.code.getAttribute('src')).toBe(shown);
  const requestId = await requestIdOf(learner, plan._id);
  expect([...qpay.invoices.values()].filter((invoice) => invoice.senderInvoiceNo === requestId)).toHaveLength(1);

  await qpay.pay(qpay.invoiceOf(requestId)!.invoiceId);
  // The player asks for a day where the pending notice was, and the page says approved.
  await expectVisible(main.getByText(texts.qpay.planChooseDay, { exact: true }));
  await expectVisible(main.getByText(texts.catalog.approved, { exact: true }));
  expect(await main.getByText(texts.qpay.planPending).count()).toBe(0);
  // The panel went with the pending request, and its dialog with it.
  expect(await page.getByRole('button', { name: texts.qpay.pay, exact: true }).count()).toBe(0);
  expect(await page.getByRole('dialog').count()).toBe(0);
});

it('lists the bank apps before the QR code on a phone', async () => {
  const plan = await catalog.createMonsterplan();
  const learner = await catalog.learner();
  await catalog.requestMonsterplan(learner, plan._id);
  const page = await journeys.openPage({ token: learner.token, viewport: 'phone' });
  await page.goto(`/product-monster-plan/${plan._id}`);

  const { dialog, code } = await openInvoice(page);
  const firstApp = dialog.getByRole('region', { name: texts.qpay.apps }).getByRole('link').first();
  await expectVisible(firstApp);
  const [appBox, codeBox] = await Promise.all([firstApp.boundingBox(), code.boundingBox()]);
  expect(appBox!.y + appBox!.height).toBeLessThanOrEqual(codeBox!.y);
});
