// QPay's merchant API v2, the calls the catalog makes: a token (Basic authentication of the client id
// and secret), renewed with the refresh token before it expires; invoices made and cancelled; an
// invoice's payments checked; an e-receipt made for a payment. QPay writes `expires_in` and
// `refresh_expires_in` as absolute Unix times, as its own clients read them, not as durations.
// Every failure (refused credentials, 5xx, a timeout, an answer of another shape) is a
// QpayUnavailable, so the caller tells the learner and leaves the manual path open.
import type { payments } from '@learning/contracts';
import { z } from 'zod';

export interface QpaySettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  invoiceCode: string;
  timeoutMs: number;
}

export interface NewInvoice {
  /** Ours: the request's id. */
  senderInvoiceNo: string;
  receiverCode: string;
  description: string;
  amount: number;
  callbackUrl: string;
}

export interface QpayInvoice {
  invoiceId: string;
  qrText: string;
  qrImage: string;
  urls: payments.BankApp[];
}

export interface QpayPayment {
  paymentId: string;
  status: string;
  amount: number;
  paidAt: Date;
}

export interface QpayClient {
  createInvoice(invoice: NewInvoice): Promise<QpayInvoice>;
  cancelInvoice(invoiceId: string): Promise<void>;
  /** Every payment QPay holds for the invoice, whatever its status. */
  paymentsOf(invoiceId: string): Promise<QpayPayment[]>;
  /** The e-receipt (eBarimt) of a payment, for a citizen. */
  createReceipt(paymentId: string): Promise<{ number: string; qrData: string }>;
}

export class QpayUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'QpayUnavailable';
  }
}

/** Whether QPay answered and refused the call (4xx: an invoice already paid, unknown…), rather than failing. */
export function isRefusedByQpay(error: unknown): boolean {
  return error instanceof QpayAnswered && error.status >= 400 && error.status < 500;
}

/** QPay answered, with a status other than 2xx. */
class QpayAnswered extends QpayUnavailable {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number(),
  refresh_expires_in: z.number(),
});

const invoiceAnswer = z.object({
  invoice_id: z.string().min(1),
  qr_text: z.string(),
  qr_image: z.string(),
  urls: z.array(z.object({ name: z.string(), description: z.string().default(''), logo: z.string().default(''), link: z.string() })).default([]),
});

const checkAnswer = z.object({
  rows: z
    .array(
      z.object({
        payment_id: z.coerce.string(),
        payment_status: z.string(),
        payment_amount: z.coerce.number(),
        payment_date: z.string().optional(),
      }),
    )
    .default([]),
});

const receiptAnswer = z.object({ ebarimt_receipt_id: z.coerce.string(), ebarimt_qr_data: z.string() });

/** A token is renewed this long before QPay says it expires, so no call carries one that lapses on the way. */
const renewalMarginMs = 60_000;

interface Tokens {
  access: string;
  accessExpiresAt: number;
  refresh: string;
  refreshExpiresAt: number;
}

export function createQpayClient(settings: QpaySettings): QpayClient {
  let tokens: Tokens | undefined;
  let pending: Promise<Tokens> | undefined;

  async function call(method: string, path: string, init: { body?: unknown; authorization: string }): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${settings.baseUrl}${path}`, {
        method,
        headers: { authorization: init.authorization, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      throw new QpayUnavailable(`QPay did not answer ${method} ${path}`, { cause: error });
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) throw new QpayAnswered(response.status, `QPay answered ${response.status} to ${method} ${path}`);
    try {
      return text ? JSON.parse(text) : {};
    } catch (error) {
      throw new QpayUnavailable(`QPay's answer to ${method} ${path} is not JSON`, { cause: error });
    }
  }

  function readTokens(answer: unknown): Tokens {
    const parsed = tokenAnswer.safeParse(answer);
    if (!parsed.success) throw new QpayUnavailable("QPay's token answer has another shape");
    return {
      access: parsed.data.access_token,
      accessExpiresAt: parsed.data.expires_in * 1000,
      refresh: parsed.data.refresh_token,
      refreshExpiresAt: parsed.data.refresh_expires_in * 1000,
    };
  }

  async function freshTokens(): Promise<Tokens> {
    const now = Date.now();
    if (tokens && tokens.refreshExpiresAt - renewalMarginMs > now) {
      try {
        return readTokens(await call('POST', '/v2/auth/refresh', { authorization: `Bearer ${tokens.refresh}` }));
      } catch (error) {
        // A refresh token QPay no longer takes: sign in again with the credentials.
        if (!(error instanceof QpayAnswered && error.status === 401)) throw error;
      }
    }
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    return readTokens(await call('POST', '/v2/auth/token', { authorization: `Basic ${basic}` }));
  }

  /** The access token, renewed once for all callers when it is near its end. */
  async function accessToken(): Promise<string> {
    if (tokens && tokens.accessExpiresAt - renewalMarginMs > Date.now()) return tokens.access;
    pending ??= freshTokens().finally(() => {
      pending = undefined;
    });
    tokens = await pending;
    return tokens.access;
  }

  /** A call with the access token; one QPay refuses (revoked before its time) is tried once more with a new one. */
  async function authorized(method: string, path: string, body?: unknown): Promise<unknown> {
    try {
      return await call(method, path, { body, authorization: `Bearer ${await accessToken()}` });
    } catch (error) {
      if (!(error instanceof QpayAnswered && error.status === 401)) throw error;
      if (tokens) tokens = { ...tokens, accessExpiresAt: 0 };
      return call(method, path, { body, authorization: `Bearer ${await accessToken()}` });
    }
  }

  return {
    async createInvoice(invoice) {
      const answer = await authorized('POST', '/v2/invoice', {
        invoice_code: settings.invoiceCode,
        sender_invoice_no: invoice.senderInvoiceNo,
        invoice_receiver_code: invoice.receiverCode,
        invoice_description: invoice.description,
        amount: invoice.amount,
        callback_url: invoice.callbackUrl,
      });
      const parsed = invoiceAnswer.safeParse(answer);
      if (!parsed.success) throw new QpayUnavailable("QPay's invoice answer has another shape");
      const { invoice_id: invoiceId, qr_text: qrText, qr_image: qrImage, urls } = parsed.data;
      return { invoiceId, qrText, qrImage, urls };
    },
    async cancelInvoice(invoiceId) {
      await authorized('DELETE', `/v2/invoice/${encodeURIComponent(invoiceId)}`);
    },
    async paymentsOf(invoiceId) {
      const answer = await authorized('POST', '/v2/payment/check', { object_type: 'INVOICE', object_id: invoiceId, offset: { page_number: 1, page_limit: 100 } });
      const parsed = checkAnswer.safeParse(answer);
      if (!parsed.success) throw new QpayUnavailable("QPay's payment check answer has another shape");
      return parsed.data.rows.map((row) => {
        const paidAt = row.payment_date ? new Date(row.payment_date) : new Date();
        return { paymentId: row.payment_id, status: row.payment_status, amount: row.payment_amount, paidAt: Number.isNaN(paidAt.getTime()) ? new Date() : paidAt };
      });
    },
    async createReceipt(paymentId) {
      const answer = await authorized('POST', '/v2/ebarimt_v3/create', { payment_id: paymentId, ebarimt_receiver_type: 'CITIZEN' });
      const parsed = receiptAnswer.safeParse(answer);
      if (!parsed.success) throw new QpayUnavailable("QPay's e-receipt answer has another shape");
      return { number: parsed.data.ebarimt_receipt_id, qrData: parsed.data.ebarimt_qr_data };
    },
  };
}
