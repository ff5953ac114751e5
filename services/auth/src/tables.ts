import type { auth } from '@learning/contracts';
import type { ColumnType, Generated } from 'kysely';

export type GrantKind = 'monsterplan' | 'pendingMonsterplan' | 'lesson' | 'pendingLesson';

export interface AuthTables {
  account: {
    id: Generated<string>;
    email: string;
    name: string;
    password_hash: string | null;
    google_id: string | null;
    is_admin: Generated<boolean>;
    must_change_password: Generated<boolean>;
    created_at: Generated<Date>;
  };
  grant: { user_id: string; kind: GrantKind; ref_id: string };
  /** `daily_at` is Ulaanbaatar's "HH:MM", or null for no daily reminder; `aloud_window`, the read-aloud reminder's opt-in. */
  reminder_setting: { user_id: string; daily_at: string | null; aloud_window: Generated<boolean>; updated_at: Generated<Date> };
  /**
   * A plan day's read-aloud window: null `closes_at` while only a recording of the day is known;
   * `recorded_at` is the learner's latest recording of the day.
   */
  aloud_window: {
    user_id: string;
    monsterplan_id: string;
    week: number;
    day_of_week: number;
    monsterplan_name: string | null;
    assigned_at: Date | null;
    closes_at: Date | null;
    recorded_at: Date | null;
  };
  aloud_refund_earned: { user_id: string; monsterplan_id: string };
  push_subscription: { endpoint: string; user_id: string; p256dh: string; auth: string; created_at: Generated<Date> };
  /** `slot` is `daily:<centre day>` or `aloud:<plan>:<week>:<day>`: one row per reminder ever due, so none is sent twice. */
  reminder_claim: { user_id: string; slot: string; claimed_at: Generated<Date> };
  access_version: { user_id: string; version: number };
  google_attempt: { state: string; nonce: string; code_verifier: string; redirect_uri: string; expires_at: Date };
  exam_result: {
    user_id: string;
    monsterplan_id: string;
    percent: number;
    correct_questions: number;
    total_questions: number;
  };
  notification: {
    id: Generated<string>;
    user_id: string;
    event_id: string;
    type: auth.NotificationType;
    message: string;
    link: string | null;
    subject_id: string | null;
    created_at: Date;
    read_at: Date | null;
  };
  password_reset: {
    id: string;
    user_id: string;
    token_hash: string;
    expires_at: Date;
    used_at: Date | null;
    ended: 'used' | 'superseded' | null;
    created_at: Generated<Date>;
  };
  sign_in_failure: { email: string; failures: number; last_failed_at: Date };
  mail: {
    id: Generated<string>;
    dedupe_key: string;
    kind: string;
    to_address: string;
    user_id: string | null;
    params: ColumnType<Record<string, unknown>, string, string>;
    state: Generated<'waiting' | 'sent' | 'failed'>;
    attempts: Generated<number>;
    next_attempt_at: Generated<Date>;
    lease_until: Date | null;
    last_error: string | null;
    created_at: Generated<Date>;
    sent_at: Date | null;
  };
  mail_opt_out: { user_id: string; topic: string };
  centre_logo: { id: number; content_type: string; bytes: Buffer; version: string; updated_at: Generated<Date> };
}
