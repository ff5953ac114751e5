// Paying a request through QPay, against the QPay stand-in and the whole platform: the invoice and
// its reuse, the callback that is never believed, approval through the administrator's path,
// idempotence, the poller, mismatched payments, cancelling, QPay's failures, the e-receipt and the
// reconciliation report.
import { eventually, expectStatus, startTestPlatform } from '@learning/testing';
import { adminOnly, anyone, expectWhoMayCall, signedIn, type Caller, type Route } from '@learning/testing/authorization';
import { catalogFixtureOn, mediaSigningSecret, type CatalogFixture, type Learner } from '@learning/testing/catalog';
import { qpayEnv, startQpayStandIn, type QpayStandIn } from '@learning/testing/qpay';

let qpay: QpayStandIn;
let fixture: CatalogFixture;
const publicUrl = 'https://learn.example.mn';

beforeAll(async () => {
  qpay = await startQpayStandIn();
  qpay.slowMs = 2_500;
  const platform = await startTestPlatform({
    env: {
      MEDIA_SIGNING_SECRET: mediaSigningSecret,
      PUBLIC_URL: publicUrl,
      ...qpayEnv(qpay),
      QPAY_CHECK_SECONDS: '1',
      QPAY_TIMEOUT_SECONDS: '1',
      QPAY_EBARIMT: '1',
    },
  });
  qpay.callbacksReach = platform.url;
  fixture = await catalogFixtureOn(platform);
});
afterAll(async () => {
  await fixture?.close();
  await qpay?.close();
});

async function pendingPlanRequest(price = '49,000₮') {
  const plan = await fixture.createMonsterplan({ price });
  const learner = await fixture.learner();
  const request = await fixture.requestMonsterplan(learner, plan._id);
  return { plan, learner, request };
}

async function invoiceFor(learner: Learner, body: object, status = 201) {
  return expectStatus(await fixture.call('POST', '/v1/payments/qpay/invoices', { token: learner.token, body }), status, 'opening a QPay invoice');
}

/** The calls made since `index`, but the poller's payment checks, which come on their own clock. */
const callsSince = (index: number) => qpay.calls.slice(index).filter((call) => call !== 'POST /v2/payment/check');

const requestOf = async (requestId: string, kind = 'monsterplan') =>
  expectStatus(await fixture.call('GET', `/v1/${kind}-requests/${requestId}`, { token: fixture.admin }), 200, 'reading the request');

it('offers QPay when the centre configured it', async () => {
  expect((await fixture.call('GET', '/v1/payments/qpay')).body).toEqual({ isEnabled: true });
});

it('makes one invoice for the amount the request recorded, shown again until it expires', async () => {
  const { plan, learner, request } = await pendingPlanRequest('39,000₮');
  const invoice = await invoiceFor(learner, { monsterplan: plan._id });
  expect(invoice).toMatchObject({ request: { _id: request._id, kind: 'monsterplan' }, amount: 39_000, status: 'open', receipt: null });
  expect(invoice.qrText).not.toBe('');
  expect(Buffer.from(invoice.qrImage, 'base64').subarray(1, 4).toString()).toBe('PNG');
  expect(invoice.urls[0]).toEqual(expect.objectContaining({ name: expect.any(String), logo: expect.any(String), link: expect.stringContaining(invoice.qrText) }));

  const made = qpay.invoiceOf(request._id)!;
  expect(made).toMatchObject({ amount: 39_000, invoiceCode: qpay.invoiceCode, receiverCode: learner.id, description: plan.name });
  // Built from PUBLIC_URL, never from the Host the learner's call came with.
  expect(made.callbackUrl).toBe(`${publicUrl}/v1/payments/qpay/callback/${invoice._id}`);

  const again = await invoiceFor(learner, { monsterplan: plan._id }, 200);
  expect(again._id).toBe(invoice._id);
  expect([...qpay.invoices.values()].filter((each) => each.senderInvoiceNo === request._id)).toHaveLength(1);
  expect((await requestOf(request._id)).openInvoice).toEqual({ _id: invoice._id, amount: 39_000, expiresAt: invoice.expiresAt });
});

it('approves the request when QPay says the invoice is paid, through the same events as Approve', async () => {
  const { plan, learner, request } = await pendingPlanRequest();
  const invoice = await invoiceFor(learner, { monsterplan: plan._id });
  const payment = await qpay.pay(qpay.invoiceOf(request._id)!.invoiceId);
  expect(qpay.callbackAnswers.at(-1)).toEqual({ status: 200, body: 'SUCCESS' });

  // The learner's access comes by the request events auth consumes, as an administrator's Approve gives it.
  await fixture.meOnce(learner, (me) => me.monsterplans.includes(plan._id));
  const approved = await requestOf(request._id);
  expect(approved).toMatchObject({ isApproved: true, openInvoice: null, flaggedPayments: [] });
  expect(approved.payment).toEqual({ method: 'qpay', paymentId: payment.paymentId, amount: 49_000, paidAt: payment.paidAt.toISOString() });
  const notifications = expectStatus(await fixture.call('GET', '/v1/notifications', { token: learner.token }), 200, 'reading notifications');
  expect(JSON.stringify(notifications)).toContain(plan.name);

  // The invoice reads paid, and the e-receipt is asked for and shown.
  const paid = await eventually(async () => {
    const seen = (await fixture.call('GET', `/v1/payments/qpay/invoices/${invoice._id}`, { token: learner.token })).body;
    return seen.receipt ? seen : undefined;
  }, 'the e-receipt');
  expect(paid).toMatchObject({ status: 'paid', receipt: { number: qpay.receipts.get(payment.paymentId)!.receiptId, qrData: qpay.receipts.get(payment.paymentId)!.qrData } });
  expect(Buffer.from(paid.receipt.qrImage, 'base64').subarray(1, 4).toString()).toBe('PNG');
  expect(qpay.receipts.get(payment.paymentId)!.receiverType).toBe('CITIZEN');
  // The learner's paid invoices, for /me.
  const receipts = expectStatus(await fixture.call('GET', '/v1/payments/qpay/receipts', { token: learner.token }), 200, 'the receipts');
  expect(receipts.result).toEqual([
    { invoiceId: invoice._id, request: { _id: request._id, kind: 'monsterplan' }, name: plan.name, amount: 49_000, paidAt: payment.paidAt.toISOString(), paymentId: payment.paymentId, receipt: paid.receipt },
  ]);
});

it('approves once when QPay calls back twice, by POST', async () => {
  const { plan, learner, request } = await pendingPlanRequest();
  await invoiceFor(learner, { monsterplan: plan._id });
  await qpay.pay(qpay.invoiceOf(request._id)!.invoiceId, { callback: 'twice', method: 'POST' });
  await fixture.meOnce(learner, (me) => me.monsterplans.includes(plan._id));
  const db = fixture.platform.services.catalog.context.db;
  await eventually(async () => (await db.selectFrom('qpay_invoice').select('status').where('request_id', '=', request._id).executeTakeFirst())?.status === 'paid', 'the invoice paid');
  const payments = await db.selectFrom('qpay_payment').selectAll().innerJoin('qpay_invoice', 'qpay_invoice.id', 'qpay_payment.invoice_id').where('qpay_invoice.request_id', '=', request._id).execute();
  expect(payments).toHaveLength(1);
  expect(payments[0]!.outcome).toBe('approved');
});

it('never believes a callback: one for an unpaid invoice approves nothing', async () => {
  const { plan, learner, request } = await pendingPlanRequest();
  const invoice = await invoiceFor(learner, { monsterplan: plan._id });
  const checks = () => qpay.calls.filter((call) => call === 'POST /v2/payment/check').length;
  const before = checks();
  expect(await qpay.forgeCallback(qpay.invoiceOf(request._id)!.invoiceId)).toBe(200);
  // The callback woke a check, and QPay said nothing was paid.
  await eventually(() => checks() > before, 'a payment check');
  expect(await requestOf(request._id)).toMatchObject({ isApproved: false, payment: null, openInvoice: { _id: invoice._id } });
});

it('still grants access when the callback never comes: the poller asks', async () => {
  const { plan, learner, request } = await pendingPlanRequest();
  await invoiceFor(learner, { monsterplan: plan._id });
  await qpay.pay(qpay.invoiceOf(request._id)!.invoiceId, { callback: 'never' });
  await fixture.meOnce(learner, (me) => me.monsterplans.includes(plan._id));
  expect((await requestOf(request._id)).payment).toMatchObject({ method: 'qpay', amount: 49_000 });
});

it('flags a partial or an excess payment with its figures, and approves neither', async () => {
  for (const [amount, outcome] of [
    [20_000, 'partial'],
    [60_000, 'excess'],
  ] as const) {
    const { plan, learner, request } = await pendingPlanRequest();
    await invoiceFor(learner, { monsterplan: plan._id });
    const payment = await qpay.pay(qpay.invoiceOf(request._id)!.invoiceId, { amount });
    const flagged = await eventually(async () => {
      const seen = await requestOf(request._id);
      return seen.flaggedPayments.some((each: { outcome: string }) => each.outcome !== 'received') ? seen : undefined;
    }, `the ${outcome} payment flagged`);
    expect(flagged.isApproved).toBe(false);
    expect(flagged.flaggedPayments).toEqual([{ paymentId: payment.paymentId, amount, invoiceAmount: 49_000, outcome, paidAt: payment.paidAt.toISOString() }]);
  }
});

it('flags a payment for a request cancelled meanwhile, and cancels the invoice of a request approved by hand', async () => {
  const cancelled = await pendingPlanRequest();
  await invoiceFor(cancelled.learner, { monsterplan: cancelled.plan._id });
  const atQpay = qpay.invoiceOf(cancelled.request._id)!;
  expectStatus(await fixture.call('DELETE', `/v1/monsterplan-requests/${cancelled.request._id}`, { token: fixture.admin }), 204, 'cancelling the request');
  // The request's cancellation cancels its invoice at QPay (the catalog's consumer).
  await eventually(() => atQpay.status === 'CANCELLED', 'the invoice cancelled at QPay');
  // A bank app that had it open pays all the same.
  atQpay.status = 'OPEN';
  const payment = await qpay.pay(atQpay.invoiceId);
  const report = await eventually(async () => {
    const page = expectStatus(await fixture.call('GET', '/v1/payments?perPage=100', { token: fixture.admin }), 200, 'the payments');
    return page.result.find((each: { paymentId: string; outcome: string }) => each.paymentId === payment.paymentId && each.outcome !== 'received');
  }, 'the payment reported');
  expect(report).toMatchObject({ outcome: 'request_gone', amount: 49_000, invoiceAmount: 49_000, user: { _id: cancelled.learner.id, email: cancelled.learner.email } });

  const byHand = await pendingPlanRequest();
  await invoiceFor(byHand.learner, { monsterplan: byHand.plan._id });
  expectStatus(await fixture.call('PUT', `/v1/monsterplan-requests/${byHand.request._id}`, { token: fixture.admin }), 200, 'approving by hand');
  await eventually(() => qpay.invoiceOf(byHand.request._id)!.status === 'CANCELLED', 'the invoice cancelled at QPay');
  const approved = await eventually(async () => {
    const seen = await requestOf(byHand.request._id);
    return seen.openInvoice === null ? seen : undefined;
  }, 'no open invoice');
  expect(approved.payment).toEqual({ method: 'manual', approvedAt: expect.any(String) });
});

it('lets the administrator cancel an open invoice', async () => {
  const { plan, learner, request } = await pendingPlanRequest();
  const invoice = await invoiceFor(learner, { monsterplan: plan._id });
  const cancelled = expectStatus(await fixture.call('DELETE', `/v1/payments/qpay/invoices/${invoice._id}`, { token: fixture.admin }), 200, 'cancelling the invoice');
  expect(cancelled.status).toBe('cancelled');
  expect(qpay.invoiceOf(request._id)!.status).toBe('CANCELLED');
  const again = await fixture.call('DELETE', `/v1/payments/qpay/invoices/${invoice._id}`, { token: fixture.admin });
  expect(again).toMatchObject({ status: 409, body: { code: 'invoice_not_open', message: 'Зөвхөн төлөгдөөгүй нэхэмжлэхийг цуцлах боломжтой.' } });
  // The learner gets a new one; the request is still pending.
  const next = await invoiceFor(learner, { monsterplan: plan._id });
  expect(next._id).not.toBe(invoice._id);
});

it('pays a lesson bundle the same way', async () => {
  const lesson = await fixture.createLesson({ price: '59,000₮' });
  const learner = await fixture.learner();
  const request = await fixture.requestLesson(learner, lesson._id);
  const invoice = await invoiceFor(learner, { lesson: lesson._id });
  expect(invoice).toMatchObject({ amount: 59_000, request: { _id: request._id, kind: 'lesson' } });
  await qpay.pay(qpay.invoiceOf(request._id)!.invoiceId);
  await fixture.meOnce(learner, (me) => lesson.videos.every((video: string) => me.lessons.includes(video)));
  expect((await requestOf(request._id, 'lesson')).payment).toMatchObject({ method: 'qpay', amount: 59_000 });
});

describe("QPay's failures cost the learner nothing", () => {
  it.each([
    ['5xx', '5xx'],
    ['slow', 'slow'],
    ['refused credentials', 'refuse'],
  ] as const)('%s: a Mongolian message, the request still pending', async (_name, failure) => {
    const { plan, learner, request } = await pendingPlanRequest();
    qpay.expireAccessTokens();
    qpay.failNext(failure, 3);
    const answer = await fixture.call('POST', '/v1/payments/qpay/invoices', { token: learner.token, body: { monsterplan: plan._id } });
    expect(answer).toMatchObject({ status: 502, body: { code: 'qpay_unavailable', message: expect.stringMatching(/QPay-тэй холбогдож чадсангүй/) } });
    expect(JSON.stringify(answer.body)).not.toContain(qpay.clientSecret);
    // Nothing was kept, and the manual path is open: the request waits, and the administrator approves it.
    expect(await requestOf(request._id)).toMatchObject({ isApproved: false, openInvoice: null });
    await eventually(async () => {
      return (await fixture.call('POST', '/v1/payments/qpay/invoices', { token: learner.token, body: { monsterplan: plan._id } })).status === 201;
    }, 'QPay back');
  });
});

it('renews a token QPay refuses, or one near the end QPay wrote as a Unix time, with the refresh token', async () => {
  // Tokens the catalog holds and QPay still takes (a failure before may have left it without).
  const warm = await pendingPlanRequest();
  await invoiceFor(warm.learner, { monsterplan: warm.plan._id });
  const { plan, learner } = await pendingPlanRequest();
  qpay.expireAccessTokens();
  let before = qpay.calls.length;
  await invoiceFor(learner, { monsterplan: plan._id });
  // The poller shares the client, so its own renewals may come between: what matters is that the
  // refresh token renewed it, and the credentials were not asked again.
  expect(callsSince(before)).toContain('POST /v2/auth/refresh');
  expect(callsSince(before)).not.toContain('POST /v2/auth/token');

  // Tokens that end in 30 s: read as the absolute time it is, each call renews first; read as a
  // duration, it would look good for decades.
  qpay.tokenSeconds.access = 30;
  try {
    qpay.expireAccessTokens();
    const other = await pendingPlanRequest();
    await invoiceFor(other.learner, { monsterplan: other.plan._id });
    before = qpay.calls.length;
    const third = await pendingPlanRequest();
    await invoiceFor(third.learner, { monsterplan: third.plan._id });
    const calls = callsSince(before);
    expect(calls.indexOf('POST /v2/auth/refresh')).toBeGreaterThanOrEqual(0);
    expect(calls.indexOf('POST /v2/auth/refresh')).toBeLessThan(calls.indexOf('POST /v2/invoice'));
    expect(calls).not.toContain('POST /v2/auth/token');
  } finally {
    qpay.tokenSeconds.access = 24 * 60 * 60;
  }
});

it('refuses bad input with Mongolian messages', async () => {
  const learner = await fixture.learner();
  const plan = await fixture.createMonsterplan();
  const cases: Array<[object, number, string]> = [
    [{}, 400, 'validation_failed'],
    [{ monsterplan: 'not-an-id' }, 400, 'validation_failed'],
    [{ monsterplan: plan._id }, 404, 'request_not_found'],
  ];
  for (const [body, status, code] of cases) {
    const answer = await fixture.call('POST', '/v1/payments/qpay/invoices', { token: learner.token, body });
    expect(answer.status).toBe(status);
    expect(answer.body.code).toBe(code);
    expect(answer.body.message).toMatch(/[А-Яа-яӨөҮү]/);
  }
  const approved = await fixture.approvedForMonsterplan(plan._id);
  expect((await fixture.call('POST', '/v1/payments/qpay/invoices', { token: approved.token, body: { monsterplan: plan._id } })).body.code).toBe('request_approved');
  const free = await pendingPlanRequest('Үнэгүй');
  expect((await fixture.call('POST', '/v1/payments/qpay/invoices', { token: free.learner.token, body: { monsterplan: free.plan._id } })).body.code).toBe('price_not_payable');
  expect((await fixture.call('GET', '/v1/payments/qpay/callback/not-an-id')).status).toBe(404);
  expect((await fixture.call('GET', '/v1/payments?from=2026-13-01', { token: fixture.admin })).status).toBe(400);
});

it("shows a learner only their own invoice", async () => {
  const { plan, learner } = await pendingPlanRequest();
  const invoice = await invoiceFor(learner, { monsterplan: plan._id });
  const other = await fixture.learner();
  expect((await fixture.call('GET', `/v1/payments/qpay/invoices/${invoice._id}`, { token: other.token })).status).toBe(404);
  expect((await fixture.call('GET', `/v1/payments/qpay/invoices/${invoice._id}`, { token: fixture.admin })).status).toBe(200);
});

it('reports every payment by day, and as a CSV with a byte order mark', async () => {
  const { plan, learner, request } = await pendingPlanRequest();
  await invoiceFor(learner, { monsterplan: plan._id });
  const payment = await qpay.pay(qpay.invoiceOf(request._id)!.invoiceId);
  await fixture.meOnce(learner, (me) => me.monsterplans.includes(plan._id));
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const page = expectStatus(await fixture.call('GET', `/v1/payments?from=${today}&to=${today}&perPage=100`, { token: fixture.admin }), 200, 'the payments');
  expect(page.result.find((each: { paymentId: string }) => each.paymentId === payment.paymentId)).toMatchObject({
    outcome: 'approved',
    amount: 49_000,
    request: { _id: request._id, kind: 'monsterplan', name: plan.name },
    user: { _id: learner.id, email: learner.email },
  });
  const earlier = expectStatus(await fixture.call('GET', '/v1/payments?to=2020-01-01', { token: fixture.admin }), 200, 'no payments before');
  expect(earlier).toEqual({ result: [], total: 0 });

  const csv = await fetch(`${fixture.platform.url}/v1/payments.csv?from=${today}`, { headers: { authorization: `Bearer ${fixture.admin}` } });
  expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const bytes = Buffer.from(await csv.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  expect(text).toContain('QPay төлбөрийн дугаар');
  expect(text).toContain(`${payment.paymentId},49000,49000,Баталгаажуулсан,${learner.email},Monster plan,${plan.name},${request._id}`);
});

describe('who may call what', () => {
  let learner: Learner;
  let otherLearner: Learner;
  beforeAll(async () => {
    [learner, otherLearner] = await Promise.all([fixture.learner(), fixture.learner()]);
  });
  /** A new plan the learner asked for, and its invoice when `withInvoice`. */
  const learnersRequest = async () => {
    const plan = await fixture.createMonsterplan();
    await fixture.requestMonsterplan(learner, plan._id);
    return plan;
  };
  const learnersInvoice = async () => (await invoiceFor(learner, { monsterplan: (await learnersRequest())._id }))._id as string;
  // The learner's invoice is theirs: another learner is told it does not exist; nobody but the
  // learner has a request to pay.
  const ownOrAdmin = { guest: 401, learner: 200, otherLearner: 404, admin: 200 };
  const routes: Route[] = [
    { method: 'GET', path: '/v1/payments/qpay', prepare: async () => ({ path: '/v1/payments/qpay' }), expected: anyone },
    {
      method: 'POST',
      path: '/v1/payments/qpay/invoices',
      prepare: async () => ({ path: '/v1/payments/qpay/invoices', body: { monsterplan: (await learnersRequest())._id } }),
      expected: { guest: 401, learner: 201, otherLearner: 404, admin: 404 },
    },
    { method: 'GET', path: '/v1/payments/qpay/invoices/{id}', prepare: async () => ({ path: `/v1/payments/qpay/invoices/${await learnersInvoice()}` }), expected: ownOrAdmin },
    { method: 'GET', path: '/v1/payments/qpay/receipts', prepare: async () => ({ path: '/v1/payments/qpay/receipts' }), expected: signedIn(200) },
    { method: 'DELETE', path: '/v1/payments/qpay/invoices/{id}', prepare: async () => ({ path: `/v1/payments/qpay/invoices/${await learnersInvoice()}` }), expected: adminOnly(200) },
    { method: 'GET', path: '/v1/payments/qpay/callback/{id}', prepare: async () => ({ path: `/v1/payments/qpay/callback/${await learnersInvoice()}` }), expected: anyone },
    { method: 'POST', path: '/v1/payments/qpay/callback/{id}', prepare: async () => ({ path: `/v1/payments/qpay/callback/${await learnersInvoice()}` }), expected: anyone },
    { method: 'GET', path: '/v1/payments', prepare: async () => ({ path: '/v1/payments' }), expected: adminOnly(200) },
    { method: 'GET', path: '/v1/payments.csv', prepare: async () => ({ path: '/v1/payments.csv' }), expected: adminOnly(200) },
  ];
  const tokenOf = (caller: Caller) => ({ guest: undefined, learner: learner.token, otherLearner: otherLearner.token, admin: fixture.admin })[caller];
  it.each(routes)('$method $path', (route) => expectWhoMayCall(route, fixture.call, tokenOf));
});
