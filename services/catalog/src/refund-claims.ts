// Refund claims: each refund of the ledger followed from earned, through the learner's account
// given, to paid. The state is read from the ledger and the accounts; every change is written to the
// claim's history with who made it and when, for the administrator to read.
import type { refunds } from '@learning/contracts';
import { isUuid } from '@learning/kit/http';
import type { AccountSeal } from './bank-accounts.js';
import { refundNotFound } from './refunds.js';
import type { CatalogDb } from './tables.js';

/** A plan deleted since: what is owed stays owed, under this name. */
export const deletedPlanName = 'Устгагдсан Monster plan';

/**
 * Writes one change of a claim. `by` is the user who made it (their email as the catalog knows it is
 * kept beside, so the history reads the same after they change it); none for what the platform did.
 */
export async function recordClaimChange(
  trx: CatalogDb,
  refundId: string,
  action: refunds.ClaimAction,
  change: { by?: string; at: Date; method?: refunds.PaymentMethod },
): Promise<void> {
  const email = change.by ? (await trx.selectFrom('learner').select('email').where('user_id', '=', change.by).executeTakeFirst())?.email ?? '' : null;
  await trx
    .insertInto('refund_history')
    .values({ refund_id: refundId, action, by_user_id: change.by ?? null, by_email: email, method: change.method ?? null, at: change.at })
    .execute();
}

/** The claim's state: paid, or owed with or without the learner's account. */
export function claimStateOf(refund: { paid_at: Date | null }, hasAccount: boolean): refunds.ClaimState {
  if (refund.paid_at !== null) return 'paid';
  return hasAccount ? 'details_given' : 'earned';
}

/** The learner's own claims, newest first. */
export async function myRefunds(db: CatalogDb, userId: string): Promise<refunds.MyRefunds> {
  const [rows, account] = await Promise.all([
    db
      .selectFrom('refund')
      .leftJoin('monsterplan', 'monsterplan.id', 'refund.monsterplan_id')
      .select(['refund.id', 'refund.monsterplan_id', 'monsterplan.name', 'refund.kind', 'refund.amount', 'refund.earned_at', 'refund.paid_at', 'refund.paid_via'])
      .where('refund.user_id', '=', userId)
      .orderBy('refund.earned_at', 'desc')
      .orderBy('refund.id')
      .execute(),
    db.selectFrom('bank_account').select('user_id').where('user_id', '=', userId).executeTakeFirst(),
  ]);
  return {
    result: rows.map((row) => ({
      _id: row.id,
      monsterplan: { _id: row.monsterplan_id, name: row.name ?? deletedPlanName },
      kind: row.kind,
      amount: row.amount,
      earnedAt: new Date(row.earned_at).toISOString(),
      state: claimStateOf(row, account !== undefined),
      paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
      paidVia: row.paid_via,
    })),
  };
}

/**
 * The claims the centre can pay now: not paid, the learner's account given; newest first, with the
 * account opened. `page` undefined answers every one (the bank's file).
 */
export async function payableRefunds(
  db: CatalogDb,
  seal: AccountSeal,
  page: { perPage: number; currentPage: number } | undefined,
): Promise<{ result: refunds.PayableRefund[]; total: number }> {
  const payable = db
    .selectFrom('refund')
    .innerJoin('bank_account', 'bank_account.user_id', 'refund.user_id')
    .where('refund.paid_at', 'is', null);
  const [rows, count] = await Promise.all([
    payable
      .leftJoin('monsterplan', 'monsterplan.id', 'refund.monsterplan_id')
      .leftJoin('learner', 'learner.user_id', 'refund.user_id')
      .select(['refund.id', 'refund.user_id', 'learner.email', 'refund.monsterplan_id', 'monsterplan.name', 'refund.kind', 'refund.amount', 'refund.earned_at', 'bank_account.sealed'])
      .orderBy('refund.earned_at', 'desc')
      .orderBy('refund.id')
      .$if(page !== undefined, (query) => query.limit(page!.perPage).offset((page!.currentPage - 1) * page!.perPage))
      .execute(),
    payable.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    result: rows.map((row) => ({
      _id: row.id,
      user: { _id: row.user_id, email: row.email ?? '' },
      monsterplan: { _id: row.monsterplan_id, name: row.name ?? deletedPlanName },
      kind: row.kind,
      amount: row.amount,
      earnedAt: new Date(row.earned_at).toISOString(),
      bankAccount: seal.open(row.user_id, row.sealed),
    })),
    total: Number(count.total),
  };
}

/** Every change of the claim, oldest first; 404 `refund_not_found` for a refund that is not there. */
export async function claimHistory(db: CatalogDb, refundId: string): Promise<refunds.ClaimHistory> {
  const refund = isUuid(refundId) ? await db.selectFrom('refund').select('id').where('id', '=', refundId).executeTakeFirst() : undefined;
  if (!refund) throw refundNotFound();
  const rows = await db.selectFrom('refund_history').selectAll().where('refund_id', '=', refundId).orderBy('id').execute();
  return {
    result: rows.map((row) => ({
      action: row.action,
      by: row.by_user_id ? { _id: row.by_user_id, email: row.by_email ?? '' } : null,
      at: new Date(row.at).toISOString(),
      ...(row.method ? { method: row.method } : {}),
    })),
  };
}
