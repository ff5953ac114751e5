// Paying for a request through QPay (catalog): the learner's invoice, how a request was paid, and
// the administrator's list of payments for reconciliation.
import { z } from 'zod';
import { pageQuery } from './common.js';

/** GET /v1/payments/qpay: whether the centre takes QPay (its credentials are configured). */
export interface QpayOffer {
  isEnabled: boolean;
}

/** POST /v1/payments/qpay/invoices: the learner's pending request for this plan or bundle, one of the two. */
export const invoiceBody = z.union(
  [z.strictObject({ monsterplan: z.uuid('Monster plan олдсонгүй.') }), z.strictObject({ lesson: z.uuid('Багц хичээл олдсонгүй.') })],
  { error: 'Төлөх Monster plan эсвэл багц хичээлээ сонгоно уу.' },
);
export type InvoiceBody = z.infer<typeof invoiceBody>;

/** A bank app that opens the invoice (QPay's `urls`). */
export interface BankApp {
  name: string;
  description: string;
  logo: string;
  link: string;
}

/**
 * open: waiting to be paid; paid: a payment of the invoice's amount approved the request; flagged: a
 * payment came that could not approve it (see the payment); cancelled; expired.
 */
export type InvoiceStatus = 'open' | 'paid' | 'flagged' | 'cancelled' | 'expired';

/** An invoice as the learner's dialog shows it. */
export interface Invoice {
  _id: string;
  request: { _id: string; kind: 'lesson' | 'monsterplan' };
  /** Whole tögrög: the price the request recorded. */
  amount: number;
  status: InvoiceStatus;
  /** The QR code's text, and the same as a base64 PNG. */
  qrText: string;
  qrImage: string;
  urls: BankApp[];
  createdAt: string;
  expiresAt: string;
  /** The e-receipt (eBarimt), when the centre asks QPay for one and it was made: its QR code as text and as a base64 PNG. */
  receipt: { number: string; qrData: string; qrImage: string } | null;
}

/** GET /v1/payments/qpay/receipts: one of the learner's invoices paid through QPay, with its e-receipt once made. */
export interface PaidInvoice {
  invoiceId: string;
  request: { _id: string; kind: 'lesson' | 'monsterplan' };
  /** The plan's or bundle's name when the invoice was made. */
  name: string;
  amount: number;
  paidAt: string;
  paymentId: string;
  receipt: Invoice['receipt'];
}

/**
 * received: reported by QPay, its outcome being decided (a moment); approved: it matched and approved
 * the request. partial / excess: its amount differs from the invoice's; request_gone: the request was
 * cancelled, or approved by hand, before it came. All but approved wait for the administrator.
 */
export type PaymentOutcome = 'received' | 'approved' | 'partial' | 'excess' | 'request_gone';

/** How a request was paid, on the administrator's request lists. */
export type RequestPayment =
  | { method: 'qpay'; paymentId: string; amount: number; paidAt: string }
  | { method: 'manual'; approvedAt: string };

/** One payment QPay reported, for reconciliation (GET /v1/payments). */
export interface Payment {
  _id: string;
  /** QPay's payment id. */
  paymentId: string;
  invoiceId: string;
  amount: number;
  invoiceAmount: number;
  paidAt: string;
  outcome: PaymentOutcome;
  request: { _id: string; kind: 'lesson' | 'monsterplan'; name: string };
  user: { _id: string; email: string };
}

const day = z.iso.date('Огноог ОООО-СС-ӨӨ хэлбэрээр бичнэ үү.');

/** `from` and `to` are days in Asia/Ulaanbaatar, both included; either may be left out. */
export const paymentsQuery = pageQuery.extend({ from: day.optional(), to: day.optional() });
export const paymentsCsvQuery = z.object({ from: day.optional(), to: day.optional() });
