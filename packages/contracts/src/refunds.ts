// The refund ledger's payloads (catalog): what a learner earned back for a plan (passing its
// exam, a read-aloud recording within 24 hours of the day's assignment), and whether the centre paid it.
import { z } from 'zod';
import { pageQuery } from './common.js';
import { type ClaimState, isAccountNumber, mongolianBanks, type MongolianBank, normalisedAccountNumber, type PaymentMethod, paymentMethods } from './refund-rules.js';

export { isAccountNumber, isMongolianIban, mongolianBanks, normalisedAccountNumber, paymentMethods } from './refund-rules.js';
export type { ClaimState, MongolianBank, PaymentMethod } from './refund-rules.js';

export type RefundKind = 'exam' | 'aloud';

export interface RefundItem {
  _id: string;
  kind: RefundKind;
  /** MNT, as configured when it was earned. */
  amount: number;
  earnedAt: string;
  exam: { correctQuestions: number; totalQuestions: number } | null;
  /** `assignedAt`: when the day was assigned (null only once the plan has been deleted). */
  aloud: { aloudId: string; week: number; dayOfWeek: number; assignedAt: string | null; recordedAt: string } | null;
  paidAt: string | null;
  paidBy: { _id: string; email: string } | null;
  /** How the centre paid it; null while unpaid. */
  paidVia: PaymentMethod | null;
}

/** GET /v1/monsterplans/{id}/refunds: learners with at least one refund of the plan, by email. */
export interface PlanRefunds {
  monsterplan: { _id: string; name: string };
  amountPerItem: number;
  /** `paidPrice`: what the learner's request for the plan recorded as its price; null when the request is gone. */
  result: Array<{ user: { _id: string; email: string }; items: RefundItem[]; earnedAmount: number; paidAmount: number; paidPrice: string | null }>;
  total: number;
}

/** GET /v1/refunds?user=: a learner's refunds of every plan. */
export interface LearnerRefunds {
  result: Array<RefundItem & { monsterplan: { _id: string; name: string } }>;
}

/** GET /v1/refunds/alouds?ids=: whether each recording came on time for its plan day. */
export interface AloudTimeliness {
  aloudId: string;
  monsterplanId: string | null;
  week: number | null;
  dayOfWeek: number | null;
  recordedAt: string;
  assignedAt: string | null;
  isOnTime: boolean;
}

export const planRefundsQuery = pageQuery;

export const learnerRefundsQuery = z.object({ user: z.uuid('Хэрэглэгчийн дугаар буруу байна.') });

/** At most 100 recordings' ids, comma-separated (a page of the administrator's read-aloud table). */
export const aloudTimelinessQuery = z.object({
  ids: z
    .string({ error: 'Бичлэгийн дугааруудыг (ids) оруулна уу.' })
    .transform((ids) => ids.split(',').map((id) => id.trim()).filter((id) => id !== ''))
    .pipe(z.array(z.uuid('Бичлэгийн дугаар буруу байна.')).max(100, '100-аас олон бичлэг нэг дор асуух боломжгүй.')),
});

// Refund claims: each refund is a claim the learner follows from earned to paid. The learner gives
// the account to be paid into once; the administrator pays the claims with an account given.

export interface BankAccount {
  bankName: MongolianBank;
  /** Digits only, or an MN IBAN. */
  accountNumber: string;
  accountHolder: string;
}

/** PUT /v1/me/bank-account. */
export const bankAccountBody = z.object({
  bankName: z.enum(mongolianBanks, { error: 'Банкаа жагсаалтаас сонгоно уу.' }),
  accountNumber: z
    .string({ error: 'Дансны дугаараа оруулна уу.' })
    .transform(normalisedAccountNumber)
    .refine((account) => account !== '', 'Дансны дугаараа оруулна уу.')
    .refine(isAccountNumber, 'Дансны дугаар зөвхөн цифрээс (5–20 орон) бүрдэнэ, эсвэл MN-ээр эхэлсэн IBAN байна.'),
  accountHolder: z
    .string({ error: 'Данс эзэмшигчийн нэрээ оруулна уу.' })
    .trim()
    .min(1, 'Данс эзэмшигчийн нэрээ оруулна уу.')
    .max(100, 'Данс эзэмшигчийн нэр 100 тэмдэгтээс урт байж болохгүй.'),
});

/** PUT /v1/refunds/{refundId}/paid: how it was paid; no body means a bank transfer. */
export const markPaidBody = z.object({
  method: z.enum(paymentMethods, { error: 'Олгосон арга нь bank_transfer эсвэл qpay_refund байна.' }).default('bank_transfer'),
});

/** GET /v1/me/refunds: a learner's own claim. */
export interface MyRefund {
  _id: string;
  monsterplan: { _id: string; name: string };
  kind: RefundKind;
  amount: number;
  earnedAt: string;
  state: ClaimState;
  paidAt: string | null;
  paidVia: PaymentMethod | null;
}
export interface MyRefunds {
  result: MyRefund[];
}

/** GET /v1/refunds/payable: a claim the centre can pay now (an account given, not yet paid). */
export interface PayableRefund {
  _id: string;
  user: { _id: string; email: string };
  monsterplan: { _id: string; name: string };
  kind: RefundKind;
  amount: number;
  earnedAt: string;
  bankAccount: BankAccount;
}

export const payableRefundsQuery = pageQuery;

export type ClaimAction = 'earned' | 'details_given' | 'paid' | 'payment_undone';

/** GET /v1/refunds/{refundId}/history: every change of the claim, oldest first. */
export interface ClaimHistoryEntry {
  action: ClaimAction;
  /** Who made the change; null for what the platform did itself (earning). */
  by: { _id: string; email: string } | null;
  at: string;
  /** Only on `paid`. */
  method?: PaymentMethod;
}
export interface ClaimHistory {
  result: ClaimHistoryEntry[];
}
