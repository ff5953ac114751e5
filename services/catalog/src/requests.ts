// Access requests for a lesson bundle or a Monster plan (spec section 4): a signed-in learner asks,
// the administrator approves (isApproved true) or cancels a pending one, which removes it, or revokes
// a learner's access, which removes the request whatever its state. Every change publishes
// the learner's whole access through the outbox. What differs by kind is bundle-kinds.ts's; the
// administrator's views are request-views.ts's.
// Every write of access_request moves its kind's revision and pending count (a trigger, revisions.ts),
// so the administrator's kept pages (list-cache.ts) and the new-request badge follow it.
import { isUniqueViolation, transaction } from '@learning/kit/data';
import { conflict, isUuid, notFound } from '@learning/kit/http';
import type { Selectable } from 'kysely';
import { changeAccess, lockAccess } from './access.js';
import { bundleKinds, priceNow, type RequestAction } from './bundle-kinds.js';
import { requestNotFound, requestViews, type RequestView } from './request-views.js';
import type { CatalogDb, CatalogTables, RequestKind } from './tables.js';

export type { RequestKind };

export type RequestRow = Selectable<CatalogTables['access_request']>;

const refusals = {
  pending: () => conflict('Таны хүсэлт илгээгдсэн байна. Админ баталгаажуулахыг хүлээнэ үү.', 'request_pending'),
  inactive: () => conflict('Энэ Monster plan одоогоор идэвхгүй тул хүсэлт илгээх боломжгүй.', 'monsterplan_inactive'),
  cancelApproved: () => conflict('Баталгаажсан хүсэлтийг цуцлах боломжгүй.', 'request_approved'),
  noAccess: () => notFound('Энэ хэрэглэгчид энэ багцын эрх алга.', 'access_not_found'),
};

/**
 * A learner asks for a bundle or plan. Refused with 409 when they already asked (pending) or already
 * have it (approved), and for an inactive plan; two simultaneous asks make one request. The request
 * records the price that applies now.
 */
export async function createRequest(db: CatalogDb, kind: RequestKind, userId: string, bundleId: string): Promise<RequestView> {
  const bundleKind = bundleKinds[kind];
  if (!isUuid(bundleId)) throw bundleKind.notFound();
  try {
    return await transaction(db, async (trx) => {
      const bundle = await bundleKind.shareBundle(trx, bundleId);
      if (!bundle) throw bundleKind.notFound();
      if (!bundle.isActive) throw refusals.inactive();
      await lockAccess(trx, [userId]);
      const existing = await trx
        .selectFrom('access_request')
        .select('is_approved')
        .where('user_id', '=', userId)
        .where(bundleKind.requestColumn, '=', bundleId)
        .executeTakeFirst();
      if (existing?.is_approved) throw bundleKind.alreadyApproved();
      if (existing) throw refusals.pending();
      if (await bundleKind.isHeldWithoutRequest(trx, userId, bundleId)) throw bundleKind.alreadyApproved();
      const request = await trx
        .insertInto('access_request')
        .values({ kind, user_id: userId, lesson_id: null, monsterplan_id: null, [bundleKind.requestColumn]: bundleId, price: priceNow(bundle) })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordRequestEvent(trx, 'created', request);
      return (await requestViews(trx, kind, { id: request.id }))[0]!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refusals.pending();
    throw error;
  }
}

/** How a request is approved: the administrator's Approve (cash, a transfer), or QPay's payment of its invoice. */
export type Approval = { via: 'manual' } | { via: 'qpay'; paymentId: string; amount: number; paidAt: Date };

/**
 * The administrator approves a request: the learner is granted exactly the bundle's current videos
 * (or the plan). Approving an approved request changes nothing and publishes nothing.
 */
export async function approveRequest(db: CatalogDb, kind: RequestKind, requestId: string): Promise<RequestView> {
  return transaction(db, async (trx) => {
    const request = await lockRequest(trx, kind, requestId);
    await approveLocked(trx, request, { via: 'manual' });
    return (await requestViews(trx, kind, { id: request.id }))[0]!;
  });
}

/**
 * Approves a request the caller's transaction has locked (lockRequest), recording how it was paid,
 * with the same events whoever approves. An approved request stays as it was.
 */
export async function approveLocked(trx: CatalogDb, request: RequestRow, approval: Approval): Promise<void> {
  if (request.is_approved) return;
  const payment = approval.via === 'qpay' ? { payment_id: approval.paymentId, paid_amount: approval.amount, paid_at: approval.paidAt } : {};
  const approved = await trx
    .updateTable('access_request')
    .set({ is_approved: true, approved_at: new Date(), approved_via: approval.via, ...payment })
    .where('id', '=', request.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordRequestEvent(trx, 'approved', approved);
}

/** The administrator cancels a pending request, which removes it; an approved one is refused with 409. */
export async function cancelRequest(db: CatalogDb, kind: RequestKind, requestId: string): Promise<void> {
  await transaction(db, async (trx) => {
    const request = await lockRequest(trx, kind, requestId);
    if (request.is_approved) throw refusals.cancelApproved();
    await trx.deleteFrom('access_request').where('id', '=', request.id).execute();
    await recordRequestEvent(trx, 'cancelled', request);
  });
}

/**
 * The administrator takes a learner's access to a plan or bundle away: their request (approved or
 * pending) is removed and their access recomputed; `*-access.revoked` tells every service. The
 * learner's progress and refunds stay.
 */
export async function revokeAccess(db: CatalogDb, kind: RequestKind, bundleId: string, userId: string): Promise<void> {
  const bundleKind = bundleKinds[kind];
  if (!isUuid(bundleId) || !isUuid(userId)) throw refusals.noAccess();
  await transaction(db, async (trx) => {
    if (!(await bundleKind.shareBundle(trx, bundleId))) throw bundleKind.notFound();
    await lockAccess(trx, [userId]);
    const request = await trx
      .selectFrom('access_request')
      .select('id')
      .where('user_id', '=', userId)
      .where(bundleKind.requestColumn, '=', bundleId)
      .forUpdate()
      .executeTakeFirst();
    if (!request) throw refusals.noAccess();
    await trx.deleteFrom('access_request').where('id', '=', request.id).execute();
    const [changed] = await changeAccess(trx, [userId]);
    await bundleKind.recordRevocation(trx, { userId, name: await bundleKind.nameOf(trx, bundleId), access: changed!.access }, bundleId);
  });
}

/** The request's bundle. */
const bundleIdOf = (request: RequestRow) => (request.lesson_id ?? request.monsterplan_id)!;

/** Finds a request and takes the locks to change it, in the order of access.ts. */
export async function lockRequest(trx: CatalogDb, kind: RequestKind, requestId: string): Promise<RequestRow> {
  if (!isUuid(requestId)) throw requestNotFound();
  const found = await trx.selectFrom('access_request').selectAll().where('id', '=', requestId).where('kind', '=', kind).executeTakeFirst();
  if (!found) throw requestNotFound();
  await bundleKinds[kind].shareBundle(trx, bundleIdOf(found));
  await lockAccess(trx, [found.user_id]);
  // It may have been approved, cancelled or deleted with its bundle while we waited.
  const request = await trx.selectFrom('access_request').selectAll().where('id', '=', requestId).forUpdate().executeTakeFirst();
  if (!request) throw requestNotFound();
  return request;
}

async function recordRequestEvent(trx: CatalogDb, action: RequestAction, request: RequestRow) {
  const bundleKind = bundleKinds[request.kind];
  const [changed] = await changeAccess(trx, [request.user_id]);
  // The name lets the learner's notification say which plan or bundle.
  const name = await bundleKind.nameOf(trx, bundleIdOf(request));
  await bundleKind.recordRequestEvent(trx, action, { requestId: request.id, userId: request.user_id, name, access: changed!.access }, bundleIdOf(request));
}
