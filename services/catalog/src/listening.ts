// A learner's listening reports: while a plan's or a bundle's video plays, the page sends
// the ranges it played; the catalog keeps their union per learner and video, clipped to what could have
// been played since the previous reports (coverage.ts), and records the video's, the day's, the plan's
// or the bundle's completion once, with its event (outbox).
// Each report of one learner's video waits for the one before it (an advisory lock), so two at once
// lose no range; completions of one plan or bundle wait for each other too, so the last video of a day
// heard in two tabs at once still completes the day.
import type { EventData, progress } from '@learning/contracts';
import { transaction } from '@learning/kit/data';
import { recordEvent } from '@learning/kit/events';
import { badRequest, forbidden, isUuid, notFound } from '@learning/kit/http';
import { sql } from 'kysely';
import { isApprovedForLesson } from './access.js';
import { addHeard, budgetAt, heardSecondsOf, isBeyondDuration, isComplete, statusOf, tenths } from './coverage.js';
import { lessonNotFound } from './lessons.js';
import { monsterplanNotFound } from './monsterplans.js';
import { addToDay } from './streaks.js';
import type { CatalogDb } from './tables.js';

export const notApprovedForProgress = () =>
  forbidden('Энэ хөтөлбөрт хамрагдсан сурагч л сонссон хугацаагаа бүртгүүлнэ. Хүсэлтээ админаар баталгаажуулна уу.', 'progress_not_approved');
const videoNotFound = () => notFound('Энэ видео тухайн хөтөлбөрт байхгүй байна.', 'progress_video_not_found');
const beyondDuration = () => badRequest('Сонссон хэсэг видеоны уртаас хэтэрсэн байна.', 'progress_range_beyond_duration');

/** Where the video was heard: its plan (with its day) or its bundle. */
type Place = { monsterplanId: string; week: number; dayOfWeek: number } | { lessonId: string };

/** Records what the learner heard of the video in a plan or a bundle they are approved for; answers the video's progress. */
export async function reportListening(db: CatalogDb, userId: string, videoId: string, report: progress.ListeningReport, now = new Date()): Promise<progress.VideoProgress> {
  const { place, durationSeconds } = await placeOf(db, userId, videoId, report);
  if (isBeyondDuration(report.ranges, durationSeconds)) throw beyondDuration();
  return transaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`listening:${userId}:${videoId}`}))`.execute(trx);
    const row = await trx.selectFrom('listening').selectAll().where('user_id', '=', userId).where('video_id', '=', videoId).executeTakeFirst();
    const budget = budgetAt(row ? { seconds: row.budget_seconds, at: row.reported_at } : null, now);
    const { heard, addedSeconds } = addHeard(row?.heard ?? [], report.ranges, budget);
    const heardSeconds = heardSecondsOf(heard, durationSeconds);
    const position = durationSeconds === null ? report.position : Math.min(report.position, durationSeconds);
    const completesNow = !row?.completed_at && isComplete(heard, durationSeconds);
    const completedAt = row?.completed_at ?? (completesNow ? now : null);
    const values = { heard: JSON.stringify(heard), heard_seconds: heardSeconds, position, budget_seconds: budget - addedSeconds, reported_at: now, completed_at: completedAt };
    await trx
      .insertInto('listening')
      .values({ user_id: userId, video_id: videoId, ...values })
      .onConflict((c) => c.columns(['user_id', 'video_id']).doUpdateSet(values))
      .execute();
    await addToDay(trx, userId, addedSeconds, now);
    if (completesNow) {
      const where = 'lessonId' in place ? { monsterplanId: null, lessonId: place.lessonId } : { monsterplanId: place.monsterplanId, lessonId: null };
      await recordEvent(trx, 'progress.video-completed', { userId, videoId, ...where });
    }
    if (completedAt) await recordCompletions(trx, userId, place, now, { isVideoNew: completesNow });
    return { videoId, durationSeconds, listenedSeconds: tenths(heardSeconds), position: tenths(position), status: statusOf(heardSeconds, completedAt !== null) };
  });
}

/** The video's place in the report's plan or bundle, and its duration; 404 or 403 as the contract says. */
export async function placeOf(db: CatalogDb, userId: string, videoId: string, report: Pick<progress.ListeningReport, 'monsterplan' | 'lesson'>): Promise<{ place: Place; durationSeconds: number | null }> {
  if (report.monsterplan !== undefined) {
    const monsterplanId = report.monsterplan;
    if (!isUuid(monsterplanId)) throw monsterplanNotFound();
    const { rows } = await sql<{ week: number | null; day_of_week: number | null; duration_seconds: number | null; is_approved: boolean }>`
      SELECT mv.week, mv.day_of_week, v.duration_seconds,
        EXISTS (SELECT 1 FROM access_request r WHERE r.user_id = ${userId} AND r.monsterplan_id = p.id AND r.is_approved) AS is_approved
      FROM monsterplan p
      LEFT JOIN monsterplan_video mv ON mv.monsterplan_id = p.id AND mv.video_id = ${videoId}
      LEFT JOIN video v ON v.id = mv.video_id
      WHERE p.id = ${monsterplanId}`.execute(db);
    const found = rows[0];
    if (!found) throw monsterplanNotFound();
    if (!found.is_approved) throw notApprovedForProgress();
    if (found.week === null || found.day_of_week === null) throw videoNotFound();
    return { place: { monsterplanId, week: found.week, dayOfWeek: found.day_of_week }, durationSeconds: found.duration_seconds };
  }
  const lessonId = report.lesson!;
  await requireApprovedLesson(db, userId, lessonId);
  const video = await db
    .selectFrom('lesson_video as lv')
    .innerJoin('video as v', 'v.id', 'lv.video_id')
    .select('v.duration_seconds')
    .where('lv.lesson_id', '=', lessonId)
    .where('lv.video_id', '=', videoId)
    .executeTakeFirst();
  if (!video) throw videoNotFound();
  return { place: { lessonId }, durationSeconds: video.duration_seconds };
}

/** A bundle that exists and that the learner is approved for; else 404 or 403. */
export async function requireApprovedLesson(db: CatalogDb, userId: string, lessonId: string): Promise<void> {
  const lesson = isUuid(lessonId) ? await db.selectFrom('lesson').select('id').where('id', '=', lessonId).executeTakeFirst() : undefined;
  if (!lesson) throw lessonNotFound();
  if (!(await isApprovedForLesson(db, userId, lessonId))) throw notApprovedForProgress();
}

/**
 * With the video complete: the day and the plan, or the bundle, once all their videos are, each once.
 * A video complete before (re-heard, or heard in another plan) looks only when one is still missing.
 */
async function recordCompletions(trx: CatalogDb, userId: string, place: Place, now: Date, { isVideoNew }: { isVideoNew: boolean }): Promise<void> {
  const scope = 'lessonId' in place ? `lesson:${place.lessonId}` : `monsterplan:${place.monsterplanId}`;
  const milestones = 'lessonId' in place ? [scope] : [`${scope}:day:${place.week}:${place.dayOfWeek}`, scope];
  if (!isVideoNew) {
    const reached = await trx.selectFrom('listening_milestone').select('milestone').where('user_id', '=', userId).where('milestone', 'in', milestones).execute();
    if (reached.length === milestones.length) return;
  }
  // The other videos' completions, committed by reports that held this lock, are seen after it.
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`listening-milestones:${userId}:${scope}`}))`.execute(trx);
  if ('lessonId' in place) {
    if (await isAllComplete(trx, userId, place) && (await reach(trx, userId, scope, now))) {
      await recordEvent(trx, 'progress.lesson-completed', { userId, lessonId: place.lessonId });
    }
    return;
  }
  const day: EventData<'progress.day-completed'> = { userId, monsterplanId: place.monsterplanId, week: place.week, dayOfWeek: place.dayOfWeek };
  if (await isAllComplete(trx, userId, place)) {
    if (await reach(trx, userId, milestones[0]!, now)) await recordEvent(trx, 'progress.day-completed', day);
    if (await isAllComplete(trx, userId, { monsterplanId: place.monsterplanId }) && (await reach(trx, userId, scope, now))) {
      await recordEvent(trx, 'progress.plan-completed', { userId, monsterplanId: place.monsterplanId });
    }
  }
}

/** Whether every video of the bundle, the plan or the plan's day is complete for the learner. */
async function isAllComplete(trx: CatalogDb, userId: string, of: { lessonId: string } | { monsterplanId: string; week?: number; dayOfWeek?: number }): Promise<boolean> {
  const videos =
    'lessonId' in of
      ? sql`SELECT video_id FROM lesson_video WHERE lesson_id = ${of.lessonId}`
      : of.week === undefined
        ? sql`SELECT video_id FROM monsterplan_video WHERE monsterplan_id = ${of.monsterplanId}`
        : sql`SELECT video_id FROM monsterplan_video WHERE monsterplan_id = ${of.monsterplanId} AND week = ${of.week} AND day_of_week = ${of.dayOfWeek}`;
  const { rows } = await sql<{ open: number | string }>`
    SELECT count(*) AS open FROM (${videos}) videos
    WHERE NOT EXISTS (SELECT 1 FROM listening l WHERE l.user_id = ${userId} AND l.video_id = videos.video_id AND l.completed_at IS NOT NULL)`.execute(trx);
  return Number(rows[0]!.open) === 0;
}

/** Records the milestone; answers whether it is new (its event is then to be recorded). */
async function reach(trx: CatalogDb, userId: string, milestone: string, now: Date): Promise<boolean> {
  const inserted = await trx
    .insertInto('listening_milestone')
    .values({ user_id: userId, milestone, completed_at: now })
    .onConflict((c) => c.columns(['user_id', 'milestone']).doNothing())
    .returning('milestone')
    .executeTakeFirst();
  return inserted !== undefined;
}
