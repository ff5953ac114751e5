import type { payments } from '@learning/contracts';
import type { ColumnType, Generated } from 'kysely';
import type { Db } from '@learning/kit/data';
import type { HeardRange } from './coverage.js';

export type VideoKind = 'monsterplan' | 'lesson';
export type RequestKind = 'lesson' | 'monsterplan';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface CatalogTables {
  learner: { user_id: string; email: string };
  video: {
    id: string;
    kind: VideoKind;
    name: string;
    translate_url: string;
    has_subtitle: boolean;
    duration_seconds: ColumnType<number | null, number | null | undefined, number | null>;
  };
  /** Videos whose HLS ladder is ready (media's `video.transcoded`), published or not yet. */
  video_ladder: { video_id: string };
  lesson: {
    id: Generated<string>;
    name: string;
    price: string;
    early_price: Generated<string | null>;
    early_price_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    payment_instructions: Generated<string>;
    created_at: CreatedAt;
  };
  lesson_video: { lesson_id: string; video_id: string; position: number };
  monsterplan: {
    id: Generated<string>;
    name: string;
    price: string;
    early_price: string | null;
    early_price_until: ColumnType<Date | null, Date | string | null, Date | string | null>;
    is_active: boolean;
    has_exam: boolean;
    payment_instructions: Generated<string>;
    release_daily: Generated<boolean>;
    created_at: CreatedAt;
  };
  question_bank: { monsterplan_id: string; question_count: number; questions_per_exam: number; as_of: Date };
  monsterplan_video: {
    monsterplan_id: string;
    video_id: string;
    week: number;
    day_of_week: number;
    monster_words: string;
    position: number;
  };
  access_request: {
    id: Generated<string>;
    kind: RequestKind;
    user_id: string;
    lesson_id: string | null;
    monsterplan_id: string | null;
    is_approved: Generated<boolean>;
    created_at: CreatedAt;
    approved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    /** The price that applied when the request was made. */
    price: string;
    /** How it was approved: by hand, or by QPay's payment (its id, amount and time). */
    approved_via: ColumnType<'manual' | 'qpay' | null, 'manual' | 'qpay' | null | undefined, 'manual' | 'qpay' | null>;
    payment_id: ColumnType<string | null, string | null | undefined, string | null>;
    paid_amount: ColumnType<number | null, number | null | undefined, number | null>;
    paid_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  };
  qpay_invoice: {
    id: Generated<string>;
    request_id: string;
    kind: RequestKind;
    user_id: string;
    bundle_id: string;
    bundle_name: string;
    amount: number;
    qpay_invoice_id: string;
    qr_text: string;
    qr_image: string;
    urls: ColumnType<payments.BankApp[], string, string>;
    status: ColumnType<payments.InvoiceStatus, payments.InvoiceStatus | undefined, payments.InvoiceStatus>;
    created_at: CreatedAt;
    expires_at: ColumnType<Date, Date, Date>;
    /** When the poller next asks QPay about it. */
    next_check_at: ColumnType<Date, Date, Date>;
    receipt_number: ColumnType<string | null, string | null | undefined, string | null>;
    receipt_qr_data: ColumnType<string | null, string | null | undefined, string | null>;
    receipt_qr_image: ColumnType<string | null, string | null | undefined, string | null>;
  };
  qpay_payment: {
    id: Generated<string>;
    /** QPay's. */
    payment_id: string;
    invoice_id: string;
    amount: number;
    paid_at: ColumnType<Date, Date, Date>;
    outcome: ColumnType<payments.PaymentOutcome, payments.PaymentOutcome | undefined, payments.PaymentOutcome>;
  };
  access_version: { user_id: string; version: number; changed_at: ColumnType<Date, never, Date> };
  listening: {
    user_id: string;
    video_id: string;
    /** Merged, in video seconds; written as JSON text. */
    heard: ColumnType<HeardRange[], string, string>;
    heard_seconds: number;
    position: number;
    /** What the next report may add before refilling (coverage.ts, `budgetAt`). */
    budget_seconds: number;
    reported_at: ColumnType<Date, Date, Date>;
    completed_at: ColumnType<Date | null, Date | null, Date | null>;
  };
  dictation: { user_id: string; video_id: string; lines: number; correct_words: number; total_words: number; saved_at: ColumnType<Date, Date, Date> };
  listening_milestone: { user_id: string; milestone: string; completed_at: ColumnType<Date, Date, never> };
  /** `day` is the centre's day, `2026-12-09`. */
  listening_day: { user_id: string; day: ColumnType<string, string, never>; seconds: number };
  day_assignment: { user_id: string; monsterplan_id: string; week: number; day_of_week: number; assigned_at: ColumnType<Date, Date, Date> };
  aloud_recording: {
    aloud_id: string;
    user_id: string;
    monsterplan_id: string | null;
    week: number | null;
    day_of_week: number | null;
    recorded_at: ColumnType<Date, Date | string, never>;
  };
  refund: {
    id: Generated<string>;
    user_id: string;
    monsterplan_id: string;
    kind: 'exam' | 'aloud';
    amount: number;
    earned_at: ColumnType<Date, Date | string, never>;
    aloud_id: string | null;
    correct_questions: number | null;
    total_questions: number | null;
    paid_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    paid_by: string | null;
    paid_by_email: string | null;
    paid_via: ColumnType<'bank_transfer' | 'qpay_refund' | null, 'bank_transfer' | 'qpay_refund' | null | undefined, 'bank_transfer' | 'qpay_refund' | null>;
  };
  /** A learner's account for refunds: the details sealed (bank-accounts.ts). */
  bank_account: { user_id: string; sealed: string; updated_at: ColumnType<Date, Date, Date> };
  /** Every change of a refund claim. */
  refund_history: {
    id: Generated<string>;
    refund_id: string;
    action: 'earned' | 'details_given' | 'paid' | 'payment_undone';
    by_user_id: string | null;
    by_email: string | null;
    method: 'bank_transfer' | 'qpay_refund' | null;
    at: ColumnType<Date, Date, never>;
  };
  week_release: { user_id: string; monsterplan_id: string; week: number; released_at: ColumnType<Date, Date, never> };
  /** Kept by triggers on the tables the public lists read (see the migration). */
  catalog_revision: { id: number; revision: ColumnType<string, never, never> };
  /** Kept by triggers on access_request and learner (see the migrations). */
  request_tally: { kind: RequestKind; total: number; pending: number; revision: ColumnType<string, never, never> };
}

export type CatalogDb = Db<CatalogTables>;
