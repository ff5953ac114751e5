// The refund ledger: the spec pays a learner back a fixed amount for passing a plan's exam
// and for a read-aloud recording made within 24 hours of the day's assignment, each once per plan.
// The ledger is written from the exam's and media's events; the administrator reads it per plan or per
// learner, marks an item paid (and may undo that). Each change is published as refund.* and written
// to the claim's history (refund-claims.ts).
import type { refunds } from '@learning/contracts';
import { transaction } from '@learning/kit/data';
import { recordEvent, type EventOf } from '@learning/kit/events';
import { isUuid, notFound } from '@learning/kit/http';
import type { Selectable } from 'kysely';
import { isApprovedForMonsterplan } from './access.js';
import { dayAssignedAt, recordDayAssignment, recordingAssignedAt } from './assignments.js';
import { monsterplanNotFound } from './monsterplans.js';
import { deletedPlanName, recordClaimChange } from './refund-claims.js';
import type { CatalogDb, CatalogTables } from './tables.js';

/** A recording counts when made within this long of its day's assignment (the spec's 24 hours). */
export const aloudWindowMs = 24 * 60 * 60 * 1000;

/** A passed exam earns its refund; a failed one nothing. */
export function examEarnsRefund(result: { passed: boolean }): boolean {
  return result.passed;
}

/** On time: the day was assigned, and the recording came at or after that moment and within 24 hours of it. */
export function isOnTime(assignedAt: Date | null, recordedAt: Date): boolean {
  if (!assignedAt) return false;
  const since = recordedAt.getTime() - assignedAt.getTime();
  return since >= 0 && since <= aloudWindowMs;
}

/** A recording earns its refund when the learner is approved for the plan and it came on time. */
export function aloudEarnsRefund(recording: { isApproved: boolean; assignedAt: Date | null; recordedAt: Date }): boolean {
  return recording.isApproved && isOnTime(recording.assignedAt, recording.recordedAt);
}

export const refundNotFound = () => notFound('Буцаан олголт олдсонгүй.', 'refund_not_found');

type RefundRow = Selectable<CatalogTables['refund']>;
type NewRefund = Pick<RefundRow, 'user_id' | 'monsterplan_id' | 'kind' | 'amount' | 'aloud_id' | 'correct_questions' | 'total_questions'> & { earned_at: Date };

/**
 * Records the refund unless the learner already has one of its kind for the plan (the first one
 * counts; a repeated event or a later recording earns nothing), and publishes `refund.earned`. A
 * learner who gave their account before has the claim's details given at once, by them.
 */
async function earnRefund(trx: CatalogDb, refund: NewRefund, knownPlanName?: string): Promise<void> {
  const earned = await trx
    .insertInto('refund')
    .values(refund)
    .onConflict((conflict) => conflict.columns(['user_id', 'monsterplan_id', 'kind']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!earned) return;
  await recordClaimChange(trx, earned.id, 'earned', { at: earned.earned_at });
  const hasAccount = await trx.selectFrom('bank_account').select('user_id').where('user_id', '=', earned.user_id).executeTakeFirst();
  if (hasAccount) await recordClaimChange(trx, earned.id, 'details_given', { by: earned.user_id, at: new Date() });
  await recordEvent(trx, 'refund.earned', refundEvent(earned, (await planNameOf(trx, earned.monsterplan_id)) ?? knownPlanName ?? deletedPlanName));
}

/** `exam.completed`: a passed exam earns the plan's exam refund, with the result. */
export function applyExamCompleted(amount: number) {
  return async (trx: CatalogDb, event: EventOf<'exam.completed'>): Promise<void> => {
    const result = event.data;
    if (!examEarnsRefund(result) || !isUuid(result.userId) || !isUuid(result.monsterplanId)) return;
    await earnRefund(
      trx,
      {
        user_id: result.userId,
        monsterplan_id: result.monsterplanId,
        kind: 'exam',
        amount,
        earned_at: new Date(event.occurredAt),
        aloud_id: null,
        correct_questions: result.correctQuestions,
        total_questions: result.totalQuestions,
      },
      result.monsterplanName,
    );
  };
}

/** A kept recording for a plan day: it earns the plan's read-aloud refund if it came on time for an approved learner. */
export async function earnAloudRefund(
  trx: CatalogDb,
  recording: { aloudId: string; userId: string; monsterplanId: string; week: number; dayOfWeek: number; recordedAt: Date },
  amount: number,
): Promise<void> {
  const isApproved = await isApprovedForMonsterplan(trx, recording.userId, recording.monsterplanId);
  const assignedAt = await dayAssignedAt(trx, recording.userId, recording.monsterplanId, recording.week, recording.dayOfWeek);
  if (!aloudEarnsRefund({ isApproved, assignedAt, recordedAt: recording.recordedAt })) return;
  // A released day never opened has no recorded assignment: record it, so the refund's day keeps its moment.
  await recordDayAssignment(trx, recording.userId, recording.monsterplanId, recording, assignedAt!);
  await earnRefund(trx, {
    user_id: recording.userId,
    monsterplan_id: recording.monsterplanId,
    kind: 'aloud',
    amount,
    earned_at: recording.recordedAt,
    aloud_id: recording.aloudId,
    correct_questions: null,
    total_questions: null,
  });
}

/**
 * The administrator's report of a plan: learners with at least one refund, by email, each with their
 * items, what was earned and paid, and the price their request recorded. `perPage` undefined answers
 * every learner (the CSV).
 */
export async function planRefunds(
  db: CatalogDb,
  monsterplanId: string,
  page: { perPage: number; currentPage: number } | undefined,
  amountPerItem: number,
): Promise<refunds.PlanRefunds> {
  const plan = isUuid(monsterplanId) ? await db.selectFrom('monsterplan').select(['id', 'name']).where('id', '=', monsterplanId).executeTakeFirst() : undefined;
  if (!plan) throw monsterplanNotFound();
  const learnersOfPlan = db
    .selectFrom('refund')
    .leftJoin('learner', 'learner.user_id', 'refund.user_id')
    .where('refund.monsterplan_id', '=', monsterplanId);
  const [learners, count] = await Promise.all([
    learnersOfPlan
      .select(['refund.user_id as userId', (eb) => eb.fn.coalesce('learner.email', eb.val('')).as('email')])
      .distinct()
      .orderBy('email')
      .orderBy('userId')
      .$if(page !== undefined, (query) => query.limit(page!.perPage).offset((page!.currentPage - 1) * page!.perPage))
      .execute(),
    learnersOfPlan.select((eb) => eb.fn.count<string>('refund.user_id').distinct().as('total')).executeTakeFirstOrThrow(),
  ]);
  const rows =
    learners.length === 0
      ? []
      : await db
          .selectFrom('refund')
          .selectAll()
          .where('monsterplan_id', '=', monsterplanId)
          .where('user_id', 'in', learners.map((learner) => learner.userId))
          .orderBy('earned_at')
          .orderBy('kind')
          .execute();
  const items = await refundItems(db, rows);
  const prices =
    learners.length === 0
      ? []
      : await db
          .selectFrom('access_request')
          .select(['user_id', 'price'])
          .where('monsterplan_id', '=', monsterplanId)
          .where('user_id', 'in', learners.map((learner) => learner.userId))
          .execute();
  const result = learners.map((learner) => {
    const own = items.filter((item) => item.userId === learner.userId).map((item) => item.view);
    return {
      user: { _id: learner.userId, email: learner.email },
      items: own,
      earnedAmount: sum(own.map((item) => item.amount)),
      paidAmount: sum(own.filter((item) => item.paidAt !== null).map((item) => item.amount)),
      paidPrice: prices.find((price) => price.user_id === learner.userId)?.price ?? null,
    };
  });
  return { monsterplan: { _id: plan.id, name: plan.name }, amountPerItem, result, total: Number(count.total) };
}

/** A learner's refunds of every plan, newest first. */
export async function learnerRefunds(db: CatalogDb, userId: string): Promise<refunds.LearnerRefunds> {
  const rows = await db
    .selectFrom('refund')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('earned_at', 'desc')
    .orderBy('kind')
    .execute();
  const [items, names] = await Promise.all([refundItems(db, rows), planNames(db, rows.map((row) => row.monsterplan_id))]);
  return {
    result: items.map(({ view }, index) => {
      const monsterplanId = rows[index]!.monsterplan_id;
      return { ...view, monsterplan: { _id: monsterplanId, name: names.get(monsterplanId) ?? deletedPlanName } };
    }),
  };
}

/** "Mark paid": by this administrator, now, by bank transfer or QPay refund; a refund already paid stays as it was. */
export async function markRefundPaid(
  db: CatalogDb,
  refundId: string,
  adminId: string,
  method: refunds.PaymentMethod = 'bank_transfer',
  now = new Date(),
): Promise<refunds.RefundItem> {
  return transaction(db, async (trx) => {
    const refund = await lockRefund(trx, refundId);
    if (refund.paid_at !== null) return (await refundItems(trx, [refund]))[0]!.view;
    const admin = await trx.selectFrom('learner').select('email').where('user_id', '=', adminId).executeTakeFirst();
    const paid = await trx
      .updateTable('refund')
      .set({ paid_at: now, paid_by: adminId, paid_by_email: admin?.email ?? '', paid_via: method })
      .where('id', '=', refund.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordClaimChange(trx, paid.id, 'paid', { by: adminId, at: now, method });
    await recordEvent(trx, 'refund.paid', { ...refundEvent(paid, await planNameOrDeleted(trx, paid.monsterplan_id)), paidAt: now.toISOString(), paidVia: method });
    return (await refundItems(trx, [paid]))[0]!.view;
  });
}

/** Undoes "mark paid", by this administrator: the refund is owed again; nothing changes when it was not paid. */
export async function undoRefundPayment(db: CatalogDb, refundId: string, adminId: string, now = new Date()): Promise<refunds.RefundItem> {
  return transaction(db, async (trx) => {
    const refund = await lockRefund(trx, refundId);
    if (refund.paid_at === null) return (await refundItems(trx, [refund]))[0]!.view;
    const unpaid = await trx
      .updateTable('refund')
      .set({ paid_at: null, paid_by: null, paid_by_email: null, paid_via: null })
      .where('id', '=', refund.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordClaimChange(trx, unpaid.id, 'payment_undone', { by: adminId, at: now });
    await recordEvent(trx, 'refund.payment-undone', refundEvent(unpaid, await planNameOrDeleted(trx, unpaid.monsterplan_id)));
    return (await refundItems(trx, [unpaid]))[0]!.view;
  });
}

/** A deleted learner's refunds go with the account, their history too: nobody is left to pay (user.deleted). */
export async function forgetRefundsOf(trx: CatalogDb, userId: string): Promise<void> {
  await trx.deleteFrom('refund').where('user_id', '=', userId).execute();
}

async function lockRefund(trx: CatalogDb, refundId: string): Promise<RefundRow> {
  const refund = isUuid(refundId) ? await trx.selectFrom('refund').selectAll().where('id', '=', refundId).forUpdate().executeTakeFirst() : undefined;
  if (!refund) throw refundNotFound();
  return refund;
}

function refundEvent(refund: RefundRow, monsterplanName: string) {
  return { refundId: refund.id, userId: refund.user_id, monsterplanId: refund.monsterplan_id, monsterplanName, kind: refund.kind, amount: refund.amount };
}

async function planNameOf(db: CatalogDb, monsterplanId: string): Promise<string | undefined> {
  return (await db.selectFrom('monsterplan').select('name').where('id', '=', monsterplanId).executeTakeFirst())?.name;
}

async function planNameOrDeleted(db: CatalogDb, monsterplanId: string): Promise<string> {
  return (await planNameOf(db, monsterplanId)) ?? deletedPlanName;
}

async function planNames(db: CatalogDb, monsterplanIds: string[]): Promise<Map<string, string>> {
  if (monsterplanIds.length === 0) return new Map();
  const plans = await db.selectFrom('monsterplan').select(['id', 'name']).where('id', 'in', [...new Set(monsterplanIds)]).execute();
  return new Map(plans.map((plan) => [plan.id, plan.name]));
}

/** Each refund as the administrator sees it, with its recording's plan day and that day's assignment. */
async function refundItems(db: CatalogDb, rows: RefundRow[]): Promise<Array<{ userId: string; view: refunds.RefundItem }>> {
  const aloudIds = rows.flatMap((row) => (row.aloud_id ? [row.aloud_id] : []));
  const recordings =
    aloudIds.length === 0 ? [] : await db.selectFrom('aloud_recording').selectAll().where('aloud_id', 'in', aloudIds).execute();
  const recordingOf = new Map(recordings.map((recording) => [recording.aloud_id, recording]));
  return Promise.all(
    rows.map(async (row) => {
      const recording = row.aloud_id ? recordingOf.get(row.aloud_id) : undefined;
      const assignedAt = recording ? await recordingAssignedAt(db, recording) : null;
      const view: refunds.RefundItem = {
        _id: row.id,
        kind: row.kind,
        amount: row.amount,
        earnedAt: new Date(row.earned_at).toISOString(),
        exam: row.kind === 'exam' ? { correctQuestions: row.correct_questions ?? 0, totalQuestions: row.total_questions ?? 0 } : null,
        aloud:
          row.kind === 'aloud' && recording
            ? {
                aloudId: recording.aloud_id,
                week: recording.week ?? 0,
                dayOfWeek: recording.day_of_week ?? 0,
                assignedAt: assignedAt?.toISOString() ?? null,
                recordedAt: new Date(recording.recorded_at).toISOString(),
              }
            : null,
        paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
        paidBy: row.paid_by ? { _id: row.paid_by, email: row.paid_by_email ?? '' } : null,
        paidVia: row.paid_via,
      };
      return { userId: row.user_id, view };
    }),
  );
}

const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);
