// Lesson bundles: lecture videos sold together (spec sections 3 and 7). A learner approved for a
// bundle holds its current videos: when the administrator changes the videos, the grants follow,
// and deleting a bundle deletes its requests and with them the grants it gave.
// Every write of lesson or lesson_video moves the catalog's revision (a trigger, revisions.ts), so
// the kept public list and request pages (list-cache.ts) are built again after it.
import type { catalog, EventData } from '@learning/contracts';
import type { Principal } from '@learning/kit/auth';
import { transaction } from '@learning/kit/data';
import { recordEvent } from '@learning/kit/events';
import { isUuid, notFound } from '@learning/kit/http';
import type { Selectable } from 'kysely';
import { changeAccess, isApprovedForLesson, learnersWithRequests, lockAccess, type LearnerAccess } from './access.js';
import { playUrl, type MediaSigner } from './media-urls.js';
import type { CatalogDb, CatalogTables } from './tables.js';
import { groupBy } from './group-by.js';
import { requireVideos, videosWithLadder } from './videos.js';

type LessonRow = Selectable<CatalogTables['lesson']>;

export const lessonNotFound = () => notFound('Багц хичээл олдсонгүй.', 'lesson_not_found');

/** Every bundle, oldest first; the list carries no play URLs. */
export async function listLessons(db: CatalogDb): Promise<catalog.Lesson[]> {
  const lessons = await db.selectFrom('lesson').selectAll().orderBy('created_at').orderBy('id').execute();
  return lessonViews(db, lessons);
}

/**
 * One bundle. Its videos carry signed play URLs when the viewer may watch it: an administrator, or
 * a learner to whom every video of the bundle is granted.
 */
export async function findLesson(db: CatalogDb, signer: MediaSigner, id: string, viewer: Principal | undefined): Promise<catalog.Lesson> {
  const lesson = isUuid(id) ? await db.selectFrom('lesson').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
  if (!lesson) throw lessonNotFound();
  const mayWatch = viewer !== undefined && (viewer.isAdmin || (await isApprovedForLesson(db, viewer.id, id)));
  const [view] = await lessonViews(db, [lesson], mayWatch ? signer : undefined);
  return view!;
}

export async function createLesson(db: CatalogDb, body: catalog.LessonBody): Promise<catalog.Lesson> {
  return transaction(db, async (trx) => {
    const lesson = await insertLesson(trx, body);
    const [view] = await lessonViews(trx, [lesson]);
    return view!;
  });
}

/** Inserts a bundle with its videos, in the caller's transaction. */
export async function insertLesson(trx: CatalogDb, body: catalog.LessonBody): Promise<LessonRow> {
  const videoIds = await requireVideos(trx, body.videos, 'lesson');
  const lesson = await trx
    .insertInto('lesson')
    .values({
      name: body.name,
      price: body.price,
      early_price: body.earlyPrice ?? null,
      early_price_until: body.earlyPriceUntil ?? null,
      payment_instructions: body.paymentInstructions ?? '',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await insertLessonVideos(trx, lesson.id, videoIds);
  return lesson;
}

/**
 * Changes a bundle's name, price, early price, payment instructions (each kept when the body leaves it out) and videos. The learners approved for it hold its new videos from
 * now on; `lesson.changed` tells auth their access.
 */
export async function updateLesson(db: CatalogDb, id: string, body: catalog.LessonBody): Promise<catalog.Lesson> {
  if (!isUuid(id)) throw lessonNotFound();
  return transaction(db, async (trx) => {
    const existing = await trx.selectFrom('lesson').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!existing) throw lessonNotFound();
    const videoIds = await requireVideos(trx, body.videos, 'lesson');
    const approved = await learnersWithRequests(trx, { lessonId: id }, { onlyApproved: true });
    await lockAccess(trx, approved);
    const previous = await lessonVideoIds(trx, id);
    const lesson = await trx
      .updateTable('lesson')
      .set({
        name: body.name,
        price: body.price,
        ...(body.earlyPrice === undefined ? {} : { early_price: body.earlyPrice }),
        ...(body.earlyPriceUntil === undefined ? {} : { early_price_until: body.earlyPriceUntil }),
        ...(body.paymentInstructions === undefined ? {} : { payment_instructions: body.paymentInstructions }),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('lesson_video').where('lesson_id', '=', id).execute();
    await insertLessonVideos(trx, id, videoIds);
    const isVideoSetChanged = previous.length !== videoIds.length || previous.some((videoId) => !videoIds.includes(videoId));
    const accessOf = isVideoSetChanged ? await changeAccess(trx, approved) : [];
    await recordEvent(trx, 'lesson.changed', await lessonChangedEvent(trx, id, accessOf));
    const [view] = await lessonViews(trx, [lesson]);
    return view!;
  });
}

/** Deletes a bundle, its requests and the grants they gave, and tells auth each learner's access. */
export async function deleteLesson(db: CatalogDb, id: string): Promise<void> {
  if (!isUuid(id)) throw lessonNotFound();
  await transaction(db, async (trx) => {
    const existing = await trx.selectFrom('lesson').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!existing) throw lessonNotFound();
    const learners = await learnersWithRequests(trx, { lessonId: id });
    await lockAccess(trx, learners);
    // Its videos' places and its requests go with it (foreign keys cascade).
    await trx.deleteFrom('lesson').where('id', '=', id).execute();
    await recordEvent(trx, 'lesson.deleted', { lessonId: id, accessOf: await changeAccess(trx, learners) });
  });
}

export async function lessonChangedEvent(trx: CatalogDb, id: string, accessOf: LearnerAccess[]): Promise<EventData<'lesson.changed'>> {
  const lesson = await trx.selectFrom('lesson').select('name').where('id', '=', id).executeTakeFirstOrThrow();
  return { lessonId: id, name: lesson.name, videoIds: await lessonVideoIds(trx, id), accessOf };
}

export async function lessonVideoIds(db: CatalogDb, lessonId: string): Promise<string[]> {
  const rows = await db.selectFrom('lesson_video').select('video_id').where('lesson_id', '=', lessonId).orderBy('position').execute();
  return rows.map((row) => row.video_id);
}

async function insertLessonVideos(trx: CatalogDb, lessonId: string, videoIds: string[]) {
  if (videoIds.length === 0) return;
  await trx
    .insertInto('lesson_video')
    .values(videoIds.map((videoId, position) => ({ lesson_id: lessonId, video_id: videoId, position })))
    .execute();
}

async function lessonViews(db: CatalogDb, lessons: LessonRow[], signer?: MediaSigner): Promise<catalog.Lesson[]> {
  if (lessons.length === 0) return [];
  const videos = await db
    .selectFrom('lesson_video as lv')
    .innerJoin('video as v', 'v.id', 'lv.video_id')
    .select(['lv.lesson_id', 'v.id', 'v.name'])
    .where('lv.lesson_id', 'in', lessons.map((lesson) => lesson.id))
    .orderBy('lv.lesson_id')
    .orderBy('lv.position')
    .execute();
  const videosByLesson = groupBy(videos, (video) => video.lesson_id);
  // Only a viewer who may watch gets URLs; the public list (kept, list-cache.ts) reads nothing of ladders.
  const laddered = signer ? await videosWithLadder(db, videos.map((video) => video.id)) : new Set<string>();
  return Promise.all(
    lessons.map(async (lesson) => {
      const own = videosByLesson.get(lesson.id) ?? [];
      return {
        _id: lesson.id,
        name: lesson.name,
        price: lesson.price,
        earlyPrice: lesson.early_price,
        earlyPriceUntil: lesson.early_price_until?.toISOString() ?? null,
        paymentInstructions: lesson.payment_instructions,
        videos: own.map((video) => video.id),
        populatedVideos: await Promise.all(
          own.map(async (video) => ({ _id: video.id, name: video.name, url: signer ? await playUrl(signer, { id: video.id, hasLadder: laddered.has(video.id) }) : null })),
        ),
      };
    }),
  );
}
