// A learner's access (spec section 4), derived from their requests: a Monster plan is approved when
// its request is approved, pending while it waits; a lesson bundle's videos are granted while the
// learner holds an approved request for a bundle that contains them. A bundle is approved when every
// one of its videos is granted, pending while its request waits.
//
// Each change of a learner's access bumps their version in the same transaction, and the event that
// reports it carries the whole access with that version, so auth keeps the newest and drops the rest.
// The change's time is kept beside the version, so the services that keep accesses can also ask for
// those changed since they last asked (`accessesChangedSince`) while the events wait for the broker.
//
// Lock order, kept by every transaction that changes access so none waits on another in a cycle:
// the bundle row, then the learners' version rows (in id order), then their request rows.
import type { catalog } from '@learning/contracts';
import { changedSince, nextCursor } from '@learning/kit/http';
import { sql } from 'kysely';
import type { CatalogDb } from './tables.js';

export interface LearnerAccess {
  userId: string;
  access: catalog.Access;
}

/** Locks the access of these learners until the transaction ends; call it before changing their requests. */
export async function lockAccess(trx: CatalogDb, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const ids = [...new Set(userIds)].sort();
  await sql`INSERT INTO access_version (user_id, version) SELECT unnest(${ids}::uuid[]), 0 ON CONFLICT (user_id) DO NOTHING`.execute(trx);
  await sql`SELECT user_id FROM access_version WHERE user_id = ANY(${ids}::uuid[]) ORDER BY user_id FOR UPDATE`.execute(trx);
}

/**
 * Records that the access of these learners (locked with `lockAccess`) has changed: bumps each one's
 * version and answers their access as it is now, in this transaction.
 */
export async function changeAccess(trx: CatalogDb, userIds: readonly string[]): Promise<LearnerAccess[]> {
  if (userIds.length === 0) return [];
  const ids = [...new Set(userIds)].sort();
  const versions = await trx
    .updateTable('access_version')
    .set((eb) => ({ version: eb('version', '+', 1), changed_at: sql<Date>`clock_timestamp()` }))
    .where(sql<boolean>`user_id = ANY(${ids}::uuid[])`)
    .returning(['user_id', 'version'])
    .execute();
  const accessByUser = await currentAccess(trx, ids);
  return versions
    .map(({ user_id, version }) => ({ userId: user_id, access: { ...accessByUser.get(user_id)!, version } }))
    .sort((a, b) => a.userId.localeCompare(b.userId));
}

/** The learners' access now, without its version. */
async function currentAccess(db: CatalogDb, userIds: string[]): Promise<Map<string, Omit<catalog.Access, 'version'>>> {
  const [requests, grantedVideos] = await Promise.all([
    db
      .selectFrom('access_request')
      .select(['user_id', 'kind', 'lesson_id', 'monsterplan_id', 'is_approved'])
      .where(sql<boolean>`user_id = ANY(${userIds}::uuid[])`)
      .execute(),
    grantedLessonVideos(db, userIds),
  ]);
  const accessByUser = new Map(
    userIds.map((id) => [id, { lessons: [] as string[], pendingLessons: [] as string[], monsterplans: [] as string[], pendingMonsterplans: [] as string[] }]),
  );
  for (const request of requests) {
    const access = accessByUser.get(request.user_id)!;
    if (request.kind === 'monsterplan') (request.is_approved ? access.monsterplans : access.pendingMonsterplans).push(request.monsterplan_id!);
    else if (!request.is_approved) access.pendingLessons.push(request.lesson_id!);
  }
  for (const { user_id, video_id } of grantedVideos) accessByUser.get(user_id)!.lessons.push(video_id);
  for (const access of accessByUser.values()) {
    for (const list of Object.values(access)) list.sort();
  }
  return accessByUser;
}

function grantedLessonVideos(db: CatalogDb, userIds: string[]) {
  return db
    .selectFrom('access_request as r')
    .innerJoin('lesson_video as lv', 'lv.lesson_id', 'r.lesson_id')
    .select(['r.user_id', 'lv.video_id'])
    .distinct()
    .where(sql<boolean>`r.user_id = ANY(${userIds}::uuid[])`)
    .where('r.kind', '=', 'lesson')
    .where('r.is_approved', '=', true)
    .execute();
}

/** The learner's access with its current version (what auth should show). */
export async function accessOf(db: CatalogDb, userId: string): Promise<catalog.Access> {
  const [access, version] = await Promise.all([
    currentAccess(db, [userId]),
    db.selectFrom('access_version').select('version').where('user_id', '=', userId).executeTakeFirst(),
  ]);
  return { ...access.get(userId)!, version: version?.version ?? 0 };
}

/**
 * The whole access of each learner whose access changed after `after`, from the cursor's overlap on,
 * as `GET /internal/accesses` answers it; without `after`, of every learner whose access ever changed,
 * for a service that starts knowing nothing of what it missed. Read in one snapshot, so each access is
 * the one its version names.
 */
export async function accessesChangedSince(db: CatalogDb, after: Date | undefined): Promise<catalog.AccessesAnswer> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      // Version 0 is a learner locked by a change that did not happen (a refused request): nothing to tell.
      const changed = await trx
        .selectFrom('access_version')
        .select(['user_id', 'version', 'changed_at'])
        .where('changed_at', '>', changedSince(after))
        .where('version', '>', 0)
        .orderBy('changed_at')
        .execute();
      const accessByUser = await currentAccess(trx, changed.map((row) => row.user_id));
      return {
        accesses: changed.map(({ user_id, version }) => ({ userId: user_id, access: { ...accessByUser.get(user_id)!, version } })),
        cursor: nextCursor(after, changed.map((row) => new Date(row.changed_at))),
      };
    });
}

/** Whether every video of the bundle is granted to the learner (and it has a video at all). */
export async function isApprovedForLesson(db: CatalogDb, userId: string, lessonId: string): Promise<boolean> {
  const [videos, granted] = await Promise.all([
    db.selectFrom('lesson_video').select('video_id').where('lesson_id', '=', lessonId).execute(),
    grantedLessonVideos(db, [userId]),
  ]);
  const grantedIds = new Set(granted.map((row) => row.video_id));
  return videos.length > 0 && videos.every((video) => grantedIds.has(video.video_id));
}

export async function isApprovedForMonsterplan(db: CatalogDb, userId: string, monsterplanId: string): Promise<boolean> {
  const approved = await db
    .selectFrom('access_request')
    .select('id')
    .where('user_id', '=', userId)
    .where('monsterplan_id', '=', monsterplanId)
    .where('is_approved', '=', true)
    .executeTakeFirst();
  return approved !== undefined;
}

/** The learners holding a request (any, or only approved ones) for a bundle. */
export async function learnersWithRequests(
  db: CatalogDb,
  bundle: { lessonId: string } | { monsterplanId: string },
  { onlyApproved = false } = {},
): Promise<string[]> {
  let query = db.selectFrom('access_request').select('user_id').distinct();
  query = 'lessonId' in bundle ? query.where('lesson_id', '=', bundle.lessonId) : query.where('monsterplan_id', '=', bundle.monsterplanId);
  if (onlyApproved) query = query.where('is_approved', '=', true);
  return (await query.execute()).map((row) => row.user_id);
}
