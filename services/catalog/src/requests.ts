// Access requests for a lesson bundle or a Monster plan (spec section 4): a signed-in learner asks,
// the administrator approves (isApproved true) or cancels a pending one, which removes it, or revokes
// a learner's access, which removes the request whatever its state. Every change publishes
// the learner's whole access through the outbox.
// Every write of access_request moves its kind's revision and pending count (a trigger, revisions.ts),
// so the administrator's kept pages (list-cache.ts) and the new-request badge follow it.
import type { catalog, Page, PageQuery } from '@learning/contracts';
import { conflict, isUniqueViolation, isUuid, notFound, recordEvent, transaction } from '@learning/kit';
import { sql, type Selectable } from 'kysely';
import { changeAccess, isApprovedForLesson, lockAccess } from './access.js';
import { lessonNotFound, lessonVideoIds } from './lessons.js';
import { monsterplanNotFound } from './monsterplans.js';
import type { CatalogDb, CatalogTables, RequestKind } from './tables.js';

export type { RequestKind };
export type RequestView = catalog.LessonRequest | catalog.MonsterplanRequest;

type RequestRow = Selectable<CatalogTables['access_request']>;

const requestNotFound = () => notFound('Хүсэлт олдсонгүй.', 'request_not_found');

const refusals = {
  pending: () => conflict('Таны хүсэлт илгээгдсэн байна. Админ баталгаажуулахыг хүлээнэ үү.', 'request_pending'),
  approved: {
    lesson: () => conflict('Танд энэ багц хичээлийг үзэх эрх аль хэдийн нээгдсэн байна.', 'already_approved'),
    monsterplan: () => conflict('Танд энэ Monster plan-ыг үзэх эрх аль хэдийн нээгдсэн байна.', 'already_approved'),
  },
  inactive: () => conflict('Энэ Monster plan одоогоор идэвхгүй тул хүсэлт илгээх боломжгүй.', 'monsterplan_inactive'),
  cancelApproved: () => conflict('Баталгаажсан хүсэлтийг цуцлах боломжгүй.', 'request_approved'),
};

const bundleNotFound = (kind: RequestKind) => (kind === 'lesson' ? lessonNotFound : monsterplanNotFound)();

/**
 * A learner asks for a bundle or plan. Refused with 409 when they already asked (pending) or already
 * have it (approved), and for an inactive plan; two simultaneous asks make one request.
 */
export async function createRequest(db: CatalogDb, kind: RequestKind, userId: string, bundleId: string): Promise<RequestView> {
  if (!isUuid(bundleId)) throw bundleNotFound(kind);
  try {
    return await transaction(db, async (trx) => {
      const bundle = await shareBundle(trx, kind, bundleId);
      if (!bundle) throw bundleNotFound(kind);
      if (!bundle.isActive) throw refusals.inactive();
      await lockAccess(trx, [userId]);
      const existing = await trx
        .selectFrom('access_request')
        .select('is_approved')
        .where('user_id', '=', userId)
        .where(bundleColumn(kind), '=', bundleId)
        .executeTakeFirst();
      if (existing?.is_approved) throw refusals.approved[kind]();
      if (existing) throw refusals.pending();
      // A bundle whose every video is granted through other bundles is approved already (spec section 4).
      if (kind === 'lesson' && (await isApprovedForLesson(trx, userId, bundleId))) throw refusals.approved.lesson();
      const request = await trx
        .insertInto('access_request')
        .values({
          kind,
          user_id: userId,
          lesson_id: kind === 'lesson' ? bundleId : null,
          monsterplan_id: kind === 'monsterplan' ? bundleId : null,
          price: bundle.price,
        })
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

/**
 * The administrator approves a request: the learner is granted exactly the bundle's current videos
 * (or the plan). Approving an approved request changes nothing and publishes nothing.
 */
export async function approveRequest(db: CatalogDb, kind: RequestKind, requestId: string): Promise<RequestView> {
  return transaction(db, async (trx) => {
    const request = await lockRequest(trx, kind, requestId);
    if (!request.is_approved) {
      const approved = await trx
        .updateTable('access_request')
        .set({ is_approved: true, approved_at: new Date() })
        .where('id', '=', request.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordRequestEvent(trx, 'approved', approved);
    }
    return (await requestViews(trx, kind, { id: request.id }))[0]!;
  });
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

const accessNotFound = () => notFound('Энэ хэрэглэгчид энэ багцын эрх алга.', 'access_not_found');

/**
 * The administrator takes a learner's access to a plan or bundle away: their request (approved or
 * pending) is removed and their access recomputed; `*-access.revoked` tells every service. The
 * learner's progress and refunds stay.
 */
export async function revokeAccess(db: CatalogDb, kind: RequestKind, bundleId: string, userId: string): Promise<void> {
  if (!isUuid(bundleId) || !isUuid(userId)) throw accessNotFound();
  await transaction(db, async (trx) => {
    if (!(await shareBundle(trx, kind, bundleId))) throw bundleNotFound(kind);
    await lockAccess(trx, [userId]);
    const request = await trx
      .selectFrom('access_request')
      .select('id')
      .where('user_id', '=', userId)
      .where(bundleColumn(kind), '=', bundleId)
      .forUpdate()
      .executeTakeFirst();
    if (!request) throw accessNotFound();
    await trx.deleteFrom('access_request').where('id', '=', request.id).execute();
    const [changed] = await changeAccess(trx, [userId]);
    const common = { userId, name: await bundleName(trx, kind, bundleId), access: changed!.access };
    if (kind === 'monsterplan') await recordEvent(trx, 'monsterplan-access.revoked', { ...common, monsterplanId: bundleId });
    else await recordEvent(trx, 'lesson-access.revoked', { ...common, lessonId: bundleId });
  });
}

export async function findRequest(db: CatalogDb, kind: RequestKind, requestId: string): Promise<RequestView> {
  if (!isUuid(requestId)) throw requestNotFound();
  const [view] = await requestViews(db, kind, { id: requestId });
  if (!view) throw requestNotFound();
  return view;
}

/** The administrator's list: newest first, a page at a time, with the total of requests of the kind (one round trip). */
export async function listRequests(db: CatalogDb, kind: RequestKind, { perPage, currentPage }: PageQuery): Promise<Page<RequestView>> {
  const views = requestViewsQuery(kind, { limit: perPage, offset: (currentPage - 1) * perPage });
  // The tally row always exists, so a page past the end still tells the total.
  const { rows } = await sql<{ total: number } & Partial<RequestListRow>>`
    SELECT t.total, v.* FROM request_tally t LEFT JOIN LATERAL (${views}) v ON true
    WHERE t.kind = ${kind} ORDER BY v.created_at DESC, v.id DESC`.execute(db);
  const result = rows.filter((row): row is typeof row & RequestListRow => row.id != null).map((row) => requestView(kind, row));
  return { result, total: rows[0]!.total };
}

const bundleColumn = (kind: RequestKind) => (kind === 'lesson' ? 'lesson_id' : 'monsterplan_id');

/**
 * Reads the bundle under a share lock, so it is neither changed nor deleted until the request is made,
 * with the price a request made now records: the early one before its deadline, else the price.
 */
async function shareBundle(trx: CatalogDb, kind: RequestKind, id: string, now = new Date()): Promise<{ isActive: boolean; price: string } | undefined> {
  const row =
    kind === 'lesson'
      ? await trx.selectFrom('lesson').select(['price', 'early_price', 'early_price_until', sql<boolean>`true`.as('is_active')]).where('id', '=', id).forShare().executeTakeFirst()
      : await trx.selectFrom('monsterplan').select(['price', 'early_price', 'early_price_until', 'is_active']).where('id', '=', id).forShare().executeTakeFirst();
  if (!row) return undefined;
  const isEarly = row.early_price !== null && row.early_price_until !== null && now < new Date(row.early_price_until);
  return { isActive: row.is_active, price: isEarly ? row.early_price! : row.price };
}

/** Finds a request and takes the locks to change it, in the order of access.ts. */
async function lockRequest(trx: CatalogDb, kind: RequestKind, requestId: string): Promise<RequestRow> {
  if (!isUuid(requestId)) throw requestNotFound();
  const found = await trx.selectFrom('access_request').selectAll().where('id', '=', requestId).where('kind', '=', kind).executeTakeFirst();
  if (!found) throw requestNotFound();
  await shareBundle(trx, kind, (found.lesson_id ?? found.monsterplan_id)!);
  await lockAccess(trx, [found.user_id]);
  // It may have been approved, cancelled or deleted with its bundle while we waited.
  const request = await trx.selectFrom('access_request').selectAll().where('id', '=', requestId).forUpdate().executeTakeFirst();
  if (!request) throw requestNotFound();
  return request;
}

async function recordRequestEvent(trx: CatalogDb, action: 'created' | 'approved' | 'cancelled', request: RequestRow) {
  const [changed] = await changeAccess(trx, [request.user_id]);
  // The name lets the learner's notification say which plan or bundle.
  const name = await bundleName(trx, request.kind, (request.lesson_id ?? request.monsterplan_id)!);
  const common = { requestId: request.id, userId: request.user_id, name, access: changed!.access };
  if (request.kind === 'monsterplan') {
    const data = { ...common, monsterplanId: request.monsterplan_id! };
    if (action === 'created') await recordEvent(trx, 'monsterplan-request.created', data);
    else if (action === 'approved') await recordEvent(trx, 'monsterplan-request.approved', data);
    else await recordEvent(trx, 'monsterplan-request.cancelled', data);
    return;
  }
  const data = { ...common, lessonId: request.lesson_id! };
  if (action === 'created') await recordEvent(trx, 'lesson-request.created', data);
  else if (action === 'approved') await recordEvent(trx, 'lesson-request.approved', { ...data, videoIds: await lessonVideoIds(trx, data.lessonId) });
  else await recordEvent(trx, 'lesson-request.cancelled', data);
}

/** The plan's or bundle's name (shared or updated by the caller's transaction, so it is there). */
export async function bundleName(db: CatalogDb, kind: RequestKind, id: string): Promise<string> {
  const bundle =
    kind === 'lesson'
      ? await db.selectFrom('lesson').select('name').where('id', '=', id).executeTakeFirstOrThrow()
      : await db.selectFrom('monsterplan').select('name').where('id', '=', id).executeTakeFirstOrThrow();
  return bundle.name;
}

interface RequestListRow {
  id: string;
  user_id: string;
  email: string;
  is_approved: boolean;
  created_at: Date;
  bundle_id: string;
  bundle_name: string;
  videos: string[];
  price: string;
}

/** Requests as the administrator sees them: the learner's email (from the read model; '' until it arrives) and the bundle. */
async function requestViews(db: CatalogDb, kind: RequestKind, which: { id: string }): Promise<RequestView[]> {
  const { rows } = await sql<RequestListRow>`${requestViewsQuery(kind, which)}`.execute(db);
  return rows.map((row) => requestView(kind, row));
}

function requestViewsQuery(kind: RequestKind, which: { id: string } | { limit: number; offset: number }) {
  const bundle =
    kind === 'lesson'
      ? {
          join: sql`JOIN lesson b ON b.id = r.lesson_id`,
          videos: sql`SELECT array_agg(video_id ORDER BY position) FROM lesson_video WHERE lesson_id = b.id`,
        }
      : {
          join: sql`JOIN monsterplan b ON b.id = r.monsterplan_id`,
          videos: sql`SELECT array_agg(video_id ORDER BY week, day_of_week, position) FROM monsterplan_video WHERE monsterplan_id = b.id`,
        };
  // The page is chosen from the index alone; only its rows are joined to learners and bundles.
  const page =
    'id' in which
      ? sql`SELECT * FROM access_request WHERE id = ${which.id} AND kind = ${kind}`
      : sql`SELECT id, user_id, lesson_id, monsterplan_id, is_approved, created_at, price FROM access_request
            WHERE kind = ${kind} ORDER BY created_at DESC, id DESC LIMIT ${which.limit} OFFSET ${which.offset}`;
  return sql`
    SELECT r.id, r.user_id, coalesce(l.email, '') AS email, r.is_approved, r.created_at, r.price,
           b.id AS bundle_id, b.name AS bundle_name, coalesce((${bundle.videos}), '{}') AS videos
    FROM (${page}) r ${bundle.join} LEFT JOIN learner l ON l.user_id = r.user_id
    ORDER BY r.created_at DESC, r.id DESC`;
}

function requestView(kind: RequestKind, row: RequestListRow): RequestView {
  const common = { _id: row.id, createdAt: new Date(row.created_at).toISOString(), user: { _id: row.user_id, email: row.email } };
  const bundleView = { _id: row.bundle_id, name: row.bundle_name, videos: row.videos };
  return kind === 'lesson'
    ? { ...common, lesson: bundleView, isApproved: row.is_approved, price: row.price }
    : { ...common, monsterplan: bundleView, isApproved: row.is_approved, price: row.price };
}
