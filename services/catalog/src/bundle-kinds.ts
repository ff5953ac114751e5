// What differs between the two kinds of bundle a learner asks for (spec section 4): a lesson bundle,
// whose videos are granted one by one, and a Monster plan, granted whole and possibly inactive. One
// descriptor per kind holds its table and column, its refusals, how it is read and what its requests
// publish; the request rules (requests.ts) and the administrator's views (request-views.ts) read the
// descriptor instead of asking which kind they have.
import type { catalog } from '@learning/contracts';
import { recordEvent } from '@learning/kit/events';
import { conflict, type HttpError } from '@learning/kit/http';
import { sql, type RawBuilder } from 'kysely';
import { isApprovedForLesson } from './access.js';
import { lessonNotFound, lessonVideoIds } from './lessons.js';
import { monsterplanNotFound } from './monsterplans.js';
import type { CatalogDb, RequestKind } from './tables.js';

export type RequestAction = 'created' | 'approved' | 'cancelled';

/** What a request's event says of the learner, whatever the kind. */
export interface RequestEventFacts {
  requestId: string;
  userId: string;
  name: string;
  access: catalog.Access;
}

/** What a revocation's event says of the learner. */
export type RevocationFacts = Omit<RequestEventFacts, 'requestId'>;

/** A bundle as a request reads it: the row under a share lock, with the price a request made now records. */
interface BundleForRequest {
  isActive: boolean;
  price: string;
  earlyPrice: string | null;
  earlyPriceUntil: Date | string | null;
}

export interface BundleKind {
  kind: RequestKind;
  /** access_request's column that names the bundle. */
  requestColumn: 'lesson_id' | 'monsterplan_id';
  notFound: () => HttpError;
  alreadyApproved: () => HttpError;
  /** Whether the learner has the bundle without a request of their own: every video of it granted through others. */
  isHeldWithoutRequest(trx: CatalogDb, userId: string, bundleId: string): Promise<boolean>;
  /** The bundle under a share lock, so it is neither changed nor deleted until the caller's transaction ends. */
  shareBundle(trx: CatalogDb, id: string): Promise<BundleForRequest | undefined>;
  /** The bundle's name (shared or updated by the caller's transaction, so it is there). */
  nameOf(db: CatalogDb, id: string): Promise<string>;
  recordRequestEvent(trx: CatalogDb, action: RequestAction, facts: RequestEventFacts, bundleId: string): Promise<void>;
  recordRevocation(trx: CatalogDb, facts: RevocationFacts, bundleId: string): Promise<void>;
  /** The administrator's view of its requests: the bundle's table joined as `b`, and its videos in order. */
  views: { join: RawBuilder<unknown>; videos: RawBuilder<unknown> };
  /** A request's view, the bundle under the kind's own field (`lesson` or `monsterplan`). */
  view(common: Omit<catalog.LessonRequest, 'lesson'>, bundle: catalog.LessonRequest['lesson']): catalog.LessonRequest | catalog.MonsterplanRequest;
}

const lesson: BundleKind = {
  kind: 'lesson',
  requestColumn: 'lesson_id',
  notFound: lessonNotFound,
  alreadyApproved: () => conflict('Танд энэ багц хичээлийг үзэх эрх аль хэдийн нээгдсэн байна.', 'already_approved'),
  // A bundle whose every video is granted through other bundles is approved already (spec section 4).
  isHeldWithoutRequest: isApprovedForLesson,
  async shareBundle(trx, id) {
    const row = await trx.selectFrom('lesson').select(['price', 'early_price', 'early_price_until']).where('id', '=', id).forShare().executeTakeFirst();
    return row && { isActive: true, price: row.price, earlyPrice: row.early_price, earlyPriceUntil: row.early_price_until };
  },
  async nameOf(db, id) {
    return (await db.selectFrom('lesson').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
  },
  async recordRequestEvent(trx, action, facts, lessonId) {
    const data = { ...facts, lessonId };
    if (action === 'created') await recordEvent(trx, 'lesson-request.created', data);
    else if (action === 'approved') await recordEvent(trx, 'lesson-request.approved', { ...data, videoIds: await lessonVideoIds(trx, lessonId) });
    else await recordEvent(trx, 'lesson-request.cancelled', data);
  },
  async recordRevocation(trx, facts, lessonId) {
    await recordEvent(trx, 'lesson-access.revoked', { ...facts, lessonId });
  },
  views: {
    join: sql`JOIN lesson b ON b.id = r.lesson_id`,
    videos: sql`SELECT array_agg(video_id ORDER BY position) FROM lesson_video WHERE lesson_id = b.id`,
  },
  view: (common, bundle) => ({ ...common, lesson: bundle }),
};

const monsterplan: BundleKind = {
  kind: 'monsterplan',
  requestColumn: 'monsterplan_id',
  notFound: monsterplanNotFound,
  alreadyApproved: () => conflict('Танд энэ Monster plan-ыг үзэх эрх аль хэдийн нээгдсэн байна.', 'already_approved'),
  isHeldWithoutRequest: async () => false,
  async shareBundle(trx, id) {
    const row = await trx.selectFrom('monsterplan').select(['price', 'early_price', 'early_price_until', 'is_active']).where('id', '=', id).forShare().executeTakeFirst();
    return row && { isActive: row.is_active, price: row.price, earlyPrice: row.early_price, earlyPriceUntil: row.early_price_until };
  },
  async nameOf(db, id) {
    return (await db.selectFrom('monsterplan').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
  },
  async recordRequestEvent(trx, action, facts, monsterplanId) {
    const data = { ...facts, monsterplanId };
    if (action === 'created') await recordEvent(trx, 'monsterplan-request.created', data);
    else if (action === 'approved') await recordEvent(trx, 'monsterplan-request.approved', data);
    else await recordEvent(trx, 'monsterplan-request.cancelled', data);
  },
  async recordRevocation(trx, facts, monsterplanId) {
    await recordEvent(trx, 'monsterplan-access.revoked', { ...facts, monsterplanId });
  },
  views: {
    join: sql`JOIN monsterplan b ON b.id = r.monsterplan_id`,
    videos: sql`SELECT array_agg(video_id ORDER BY week, day_of_week, position) FROM monsterplan_video WHERE monsterplan_id = b.id`,
  },
  view: (common, bundle) => ({ ...common, monsterplan: bundle }),
};

export const bundleKinds: Record<RequestKind, BundleKind> = { lesson, monsterplan };

/** The price a request made `now` records: the early one before its deadline, else the price. */
export function priceNow(bundle: BundleForRequest, now = new Date()): string {
  const isEarly = bundle.earlyPrice !== null && bundle.earlyPriceUntil !== null && now < new Date(bundle.earlyPriceUntil);
  return isEarly ? bundle.earlyPrice! : bundle.price;
}
