// A stand-in for QPay's merchant API v2 on loopback, speaking the calls the platform makes with
// QPay's JSON shapes: tokens (Basic authentication, `expires_in` and `refresh_expires_in` as absolute
// Unix times, refresh), invoices (create, cancel), the payment check and the e-receipt. A test pays
// an invoice the way a bank app would, and the stand-in then calls the invoice's `callback_url` as
// QPay does: with GET and no proof of its own. It can also fail each way a real one does: answer 5xx,
// answer slowly, refuse the credentials, never call back, call back twice, or be called back for an
// invoice nobody paid.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

export interface QpayInvoiceRecord {
  invoiceId: string;
  invoiceCode: string;
  senderInvoiceNo: string;
  receiverCode: string;
  description: string;
  amount: number;
  callbackUrl: string;
  status: 'OPEN' | 'PAID' | 'CANCELLED';
  payments: QpayPaymentRecord[];
}

export interface QpayPaymentRecord {
  paymentId: string;
  amount: number;
  paidAt: Date;
}

/** What the stand-in answers the next calls with, instead of doing its work. */
export type QpayFailure = '5xx' | 'slow' | 'refuse';

export interface QpayStandIn {
  /** QPay's root, without `/v2`: the platform's QPAY_BASE_URL. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  invoiceCode: string;
  invoices: Map<string, QpayInvoiceRecord>;
  /** Each call the platform made, as `METHOD /path`, in order. */
  calls: string[];
  /** What the platform answered each callback, in order. */
  callbackAnswers: Array<{ status: number; body: string }>;
  /** The e-receipts made, by payment id. */
  receipts: Map<string, { receiptId: string; qrData: string; receiverType: string }>;
  /**
   * A bank app pays the invoice: a payment of `amount` (the invoice's by default) is recorded and,
   * unless `callback` is 'never', the invoice's `callback_url` is called once or twice (GET unless
   * `method` says POST). Resolves with the payment once the callbacks were answered.
   */
  pay(invoiceId: string, options?: { amount?: number; callback?: 'once' | 'twice' | 'never'; method?: 'GET' | 'POST' }): Promise<QpayPaymentRecord>;
  /** Calls an invoice's callback URL without any payment, as anyone who learned it could. */
  forgeCallback(invoiceId: string): Promise<number>;
  /**
   * The next `count` calls (tokens included) fail this way; with `route` ('POST /v2/invoice'), the
   * next `count` calls of that route only, so a poller's calls meanwhile go on as usual. 'slow'
   * answers after `slowMs`.
   */
  failNext(failure: QpayFailure, count?: number, route?: string): void;
  /** Makes every access token issued so far expire now, so the next call needs a refresh. */
  expireAccessTokens(): void;
  /**
   * Where callbacks are delivered: the platform's address, standing for PUBLIC_URL's host as DNS
   * would resolve it. The invoice keeps the callback URL the platform gave; only its origin is
   * replaced when the call is made. Unset, the URL is called as given.
   */
  callbacksReach: string | undefined;
  /** How long a 'slow' answer takes; the platform's timeout should be shorter. */
  slowMs: number;
  /** Lifetimes of the tokens it issues, in seconds. */
  tokenSeconds: { access: number; refresh: number };
  /** The invoice the platform made for a request (its `sender_invoice_no`). */
  invoiceOf(requestId: string): QpayInvoiceRecord | undefined;
  close(): Promise<void>;
}

/** The platform's settings (docs/operating.md) that point it at the stand-in, with its credentials. */
export function qpayEnv(standIn: QpayStandIn): Record<'QPAY_BASE_URL' | 'QPAY_CLIENT_ID' | 'QPAY_CLIENT_SECRET' | 'QPAY_INVOICE_CODE', string> {
  return { QPAY_BASE_URL: standIn.baseUrl, QPAY_CLIENT_ID: standIn.clientId, QPAY_CLIENT_SECRET: standIn.clientSecret, QPAY_INVOICE_CODE: standIn.invoiceCode };
}

/** QPay's bank apps, as its invoice answer lists them (a few; the real list is longer). */
const bankApps = [
  { name: 'Khan bank', description: 'Хаан банк', logo: 'https://qpay.mn/q/logo/khanbank.png', link: 'khanbank://q?qPay_QRcode=' },
  { name: 'Golomt bank', description: 'Голомт банк', logo: 'https://qpay.mn/q/logo/golomtbank.png', link: 'golomtbank://q?qPay_QRcode=' },
  { name: 'Trade and Development bank', description: 'Худалдаа хөгжлийн банк', logo: 'https://qpay.mn/q/logo/tdbbank.png', link: 'tdbbank://q?qPay_QRcode=' },
  { name: 'State bank', description: 'Төрийн банк', logo: 'https://qpay.mn/q/logo/statebank.png', link: 'statebank://q?qPay_QRcode=' },
];

export async function startQpayStandIn(): Promise<QpayStandIn> {
  const clientId = 'TEST_MERCHANT';
  const clientSecret = randomBytes(12).toString('base64url');
  const invoiceCode = 'TEST_INVOICE';
  const invoices = new Map<string, QpayInvoiceRecord>();
  const receipts = new Map<string, { receiptId: string; qrData: string; receiverType: string }>();
  const calls: string[] = [];
  const callbackAnswers: Array<{ status: number; body: string }> = [];
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Map<string, number>();
  const failures: Array<{ failure: QpayFailure; route: string | undefined }> = [];
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  const standIn: QpayStandIn = {
    baseUrl: '',
    clientId,
    clientSecret,
    invoiceCode,
    invoices,
    calls,
    callbackAnswers,
    receipts,
    callbacksReach: undefined,
    slowMs: 15_000,
    tokenSeconds: { access: 24 * 60 * 60, refresh: 2 * 24 * 60 * 60 },
    async pay(invoiceId, options = {}) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`the QPay stand-in has no invoice ${invoiceId}`);
      const payment = { paymentId: String(Date.now()) + String(Math.floor(Math.random() * 1e6)).padStart(6, '0'), amount: options.amount ?? invoice.amount, paidAt: new Date() };
      invoice.payments.push(payment);
      if (invoice.payments.reduce((sum, each) => sum + each.amount, 0) >= invoice.amount) invoice.status = 'PAID';
      const times = options.callback === 'never' ? 0 : options.callback === 'twice' ? 2 : 1;
      for (let index = 0; index < times; index += 1) await callBack(invoice, options.method ?? 'GET');
      return payment;
    },
    async forgeCallback(invoiceId) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`the QPay stand-in has no invoice ${invoiceId}`);
      return callBack(invoice, 'GET');
    },
    failNext(failure, count = 1, route) {
      for (let index = 0; index < count; index += 1) failures.push({ failure, route });
    },
    expireAccessTokens() {
      for (const token of accessTokens.keys()) accessTokens.set(token, 0);
    },
    invoiceOf(requestId) {
      return [...invoices.values()].find((invoice) => invoice.senderInvoiceNo === requestId);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function callBack(invoice: QpayInvoiceRecord, method: 'GET' | 'POST'): Promise<number> {
    const given = new URL(invoice.callbackUrl);
    const target = standIn.callbacksReach ? new URL(`${given.pathname}${given.search}`, standIn.callbacksReach) : given;
    const response = await fetch(target, { method, signal: AbortSignal.timeout(10_000) });
    callbackAnswers.push({ status: response.status, body: await response.text() });
    return response.status;
  }

  function issueTokens(response: ServerResponse) {
    const access = randomBytes(24).toString('base64url');
    const refresh = randomBytes(24).toString('base64url');
    const expiresIn = nowSeconds() + standIn.tokenSeconds.access;
    const refreshExpiresIn = nowSeconds() + standIn.tokenSeconds.refresh;
    accessTokens.set(access, expiresIn);
    refreshTokens.set(refresh, refreshExpiresIn);
    answer(response, 200, {
      token_type: 'bearer',
      refresh_expires_in: refreshExpiresIn,
      refresh_token: refresh,
      access_token: access,
      expires_in: expiresIn,
      scope: 'profile email',
      'not-before-policy': '0',
      session_state: randomUUID(),
    });
  }

  function bearerOf(request: IncomingMessage): string | undefined {
    const header = request.headers.authorization ?? '';
    return header.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
  }

  const isLive = (tokens: Map<string, number>, token: string | undefined) => token !== undefined && (tokens.get(token) ?? 0) > nowSeconds();

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', standIn.baseUrl);
    const route = `${request.method} ${url.pathname}`;
    calls.push(route);
    const body = await readJson(request);
    const failing = failures.findIndex((next) => next.route === undefined || next.route === route);
    const failure = failing === -1 ? undefined : failures.splice(failing, 1)[0]!.failure;
    if (failure === 'slow') await new Promise((resolve) => setTimeout(resolve, standIn.slowMs));
    if (failure === '5xx') return answer(response, 502, { error: 'BAD_GATEWAY', message: 'Bad gateway' });
    if (failure === 'refuse') return answer(response, 401, { error: 'CLIENT_NOTFOUND', message: 'Client not found' });

    if (route === 'POST /v2/auth/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (request.headers.authorization !== expected) return answer(response, 401, { error: 'CLIENT_NOTFOUND', message: 'Client not found' });
      return issueTokens(response);
    }
    if (route === 'POST /v2/auth/refresh') {
      const refresh = bearerOf(request);
      if (!isLive(refreshTokens, refresh)) return answer(response, 401, { error: 'NO_CREDENDIALS', message: 'Refresh token expired' });
      refreshTokens.delete(refresh!);
      return issueTokens(response);
    }
    if (!isLive(accessTokens, bearerOf(request))) return answer(response, 401, { error: 'NO_CREDENDIALS', message: 'Unauthorized' });

    if (route === 'POST /v2/invoice') return createInvoice(body, response);
    const cancel = /^DELETE \/v2\/invoice\/([^/]+)$/.exec(route);
    if (cancel) {
      const invoice = invoices.get(decodeURIComponent(cancel[1]!));
      if (!invoice) return answer(response, 404, { error: 'INVOICE_NOTFOUND', message: 'Invoice not found' });
      if (invoice.status === 'PAID') return answer(response, 422, { error: 'INVOICE_PAID', message: 'Invoice already paid' });
      invoice.status = 'CANCELLED';
      return answer(response, 200, { message: 'success' });
    }
    if (route === 'POST /v2/payment/check') {
      const { object_type: objectType, object_id: objectId } = (body ?? {}) as { object_type?: string; object_id?: string };
      const invoice = objectType === 'INVOICE' && objectId ? invoices.get(objectId) : undefined;
      if (!invoice) return answer(response, 404, { error: 'INVOICE_NOTFOUND', message: 'Invoice not found' });
      const rows = invoice.payments.map((payment) => ({
        payment_id: payment.paymentId,
        payment_status: 'PAID',
        payment_date: payment.paidAt.toISOString(),
        payment_fee: '0.00',
        payment_amount: payment.amount.toFixed(2),
        payment_currency: 'MNT',
        payment_wallet: 'Khan bank',
        transaction_type: 'P2P',
      }));
      return answer(response, 200, { count: rows.length, paid_amount: invoice.payments.reduce((sum, payment) => sum + payment.amount, 0), rows });
    }
    if (route === 'POST /v2/ebarimt_v3/create') {
      const { payment_id: paymentId, ebarimt_receiver_type: receiverType } = (body ?? {}) as { payment_id?: string; ebarimt_receiver_type?: string };
      const paid = [...invoices.values()].some((invoice) => invoice.payments.some((payment) => payment.paymentId === paymentId));
      if (!paymentId || !paid || !receiverType) return answer(response, 422, { error: 'PAYMENT_NOTFOUND', message: 'Payment not found' });
      const receipt = receipts.get(paymentId) ?? { receiptId: `0${Date.now()}${Math.floor(Math.random() * 1e4)}`, qrData: `${randomBytes(48).toString('hex')}`, receiverType };
      receipts.set(paymentId, receipt);
      return answer(response, 200, { id: randomUUID(), ebarimt_receipt_id: receipt.receiptId, ebarimt_qr_data: receipt.qrData, ebarimt_lottery: 'AB 12345678', ebarimt_receiver_type: receiverType, status: 'REGISTERED' });
    }
    return answer(response, 404, { error: 'NOT_FOUND', message: 'Not found' });
  }

  function createInvoice(body: unknown, response: ServerResponse) {
    const input = (body ?? {}) as Record<string, unknown>;
    const required = ['invoice_code', 'sender_invoice_no', 'invoice_receiver_code', 'invoice_description', 'amount', 'callback_url'];
    const missing = required.filter((field) => input[field] === undefined || input[field] === '');
    if (missing.length > 0) return answer(response, 400, { error: 'INVALID_REQUEST', message: `Missing ${missing.join(', ')}` });
    if (input.invoice_code !== invoiceCode) return answer(response, 422, { error: 'INVOICE_CODE_INVALID', message: 'Invoice code invalid' });
    if (typeof input.amount !== 'number' || !(input.amount > 0)) return answer(response, 400, { error: 'INVALID_AMOUNT', message: 'Invalid amount' });
    const invoiceId = randomUUID();
    const qrText = `0002010102121531279404962794049600220000${randomBytes(16).toString('hex')}`;
    invoices.set(invoiceId, {
      invoiceId,
      invoiceCode,
      senderInvoiceNo: String(input.sender_invoice_no),
      receiverCode: String(input.invoice_receiver_code),
      description: String(input.invoice_description),
      amount: input.amount,
      callbackUrl: String(input.callback_url),
      status: 'OPEN',
      payments: [],
    });
    return answer(response, 200, {
      invoice_id: invoiceId,
      qr_text: qrText,
      qr_image: qrPicture(qrText).toString('base64'),
      qPay_shortUrl: `${standIn.baseUrl}/s/${invoiceId}`,
      urls: bankApps.map((app) => ({ ...app, link: `${app.link}${qrText}` })),
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => answer(response, 500, { error: 'STAND_IN_FAILED', message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

function answer(response: ServerResponse, status: number, body: unknown) {
  if (response.headersSent) return;
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * A real PNG standing for the QR code: 21 × 21 modules, black and white, drawn from the text's bytes.
 * It is not a scannable code; nothing in a test scans it, and a browser shows it as QPay's would.
 */
function qrPicture(text: string): Buffer {
  const size = 21;
  const scale = 8;
  const pixels = size * scale;
  const bytes = Buffer.from(text);
  const rows: Buffer[] = [];
  for (let y = 0; y < pixels; y += 1) {
    const row = Buffer.alloc(1 + pixels);
    for (let x = 0; x < pixels; x += 1) {
      const module = Math.floor(y / scale) * size + Math.floor(x / scale);
      const isDark = ((bytes[module % bytes.length]! >> (module % 8)) & 1) === 1;
      row[1 + x] = isDark ? 0 : 255;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(pixels, 0);
  header.writeUInt32BE(pixels, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
