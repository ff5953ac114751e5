// The refund ledger's payloads (catalog): what a learner earned back for a plan (passing its
// exam, a read-aloud recording within 24 hours of the day's assignment), and whether the centre paid it.
import { z } from 'zod';
import { pageQuery } from './common.js';

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
