// The QPay client against the stand-in, without the platform: what a failure carries to the logs
// never holds the merchant's secret, whichever way QPay fails.
import { startQpayStandIn, type QpayStandIn } from '@learning/testing/qpay';
import { stdSerializers } from 'pino';
import { createQpayClient, QpayUnavailable, type QpayClient } from '../src/payments/qpay-client.js';

let qpay: QpayStandIn;
let client: QpayClient;

beforeAll(async () => {
  qpay = await startQpayStandIn();
  qpay.slowMs = 1_500;
  client = createQpayClient({ baseUrl: qpay.baseUrl, clientId: qpay.clientId, clientSecret: qpay.clientSecret, invoiceCode: qpay.invoiceCode, timeoutMs: 500 });
});
afterAll(() => qpay?.close());

const newInvoice = () => client.createInvoice({ senderInvoiceNo: 'request-1', receiverCode: 'learner-1', description: 'Monster plan', amount: 49_000, callbackUrl: 'https://learn.example.mn/v1/payments/qpay/callback/1' });

// A refusal is tried again with the refresh token, then with the credentials: three calls refused.
it.each([
  ['5xx', 1],
  ['slow', 1],
  ['refuse', 3],
] as const)('a %s failure is QpayUnavailable, and what is logged of it holds no secret', async (failure, calls) => {
  qpay.failNext(failure, calls);
  const error = await newInvoice().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(QpayUnavailable);
  // As the poller's warning writes it (pino's error serializer, causes included).
  const logged = JSON.stringify(stdSerializers.err(error as Error));
  const basic = Buffer.from(`${qpay.clientId}:${qpay.clientSecret}`).toString('base64');
  expect(logged).not.toContain(qpay.clientSecret);
  expect(logged).not.toContain(basic);
  // The slow answer is still on its way; the next call must not meet it.
  if (failure === 'slow') await new Promise((resolve) => setTimeout(resolve, qpay.slowMs));
});

it("reads a payment check's amounts, which QPay writes as text", async () => {
  const made = await newInvoice();
  await qpay.pay(made.invoiceId, { callback: 'never', amount: 49_000 });
  expect(await client.paymentsOf(made.invoiceId)).toEqual([{ paymentId: expect.any(String), status: 'PAID', amount: 49_000, paidAt: expect.any(Date) }]);
});
