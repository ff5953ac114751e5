// What a learner heard of a plan or a bundle: each video's progress, the days' and weeks'
// marks, the totals from the videos' probed durations, and where "continue" opens; and /me's list of
// the plans and bundles the learner is approved for or waits for, with what a pending one costs and
// how to pay. Reads only: listening.ts writes, and assignments.ts records the days' assignments.
import type { progress } from '@learning/contracts';
import { progressRules } from '@learning/contracts';
import { isUuid } from '@learning/kit/http';
import { sql } from 'kysely';
import { isApprovedForMonsterplan } from './access.js';
import { assignedAtOf, dayKey, recordedAssignments, releaseSchedule } from './assignments.js';
import { statusOf, statusOfAll, tenths } from './coverage.js';
import { dictationOf } from './dictation.js';
import { groupBy } from './group-by.js';
import { notApprovedForProgress, requireApprovedLesson } from './listening.js';
import { monsterplanNotFound } from './monsterplans.js';
import { streakOf } from './streaks.js';
import type { CatalogDb } from './tables.js';

/** A video of a plan or a bundle, with what the learner heard of it. */
interface HeardVideo {
  videoId: string;
  durationSeconds: number | null;
  listenedSeconds: number;
  position: number;
  status: progress.ProgressStatus;
  reportedAt: Date | null;
}

interface PlanVideo extends HeardVideo {
  week: number;
  dayOfWeek: number;
  dictation: progress.DictationScore | null;
}

/** GET /v1/progress/monsterplans/{id}: for a learner approved for the plan. */
export async function planProgress(db: CatalogDb, userId: string, monsterplanId: string, now: Date = new Date()): Promise<progress.PlanProgress> {
  if (!isUuid(monsterplanId)) throw monsterplanNotFound();
  const plan = await db.selectFrom('monsterplan').select('id').where('id', '=', monsterplanId).executeTakeFirst();
  if (!plan) throw monsterplanNotFound();
  if (!(await isApprovedForMonsterplan(db, userId, monsterplanId))) throw notApprovedForProgress();
  return planProgressOf(db, userId, monsterplanId, now);
}

/** GET /v1/progress/lessons/{id}: for a learner approved for the bundle. */
export async function lessonProgress(db: CatalogDb, userId: string, lessonId: string): Promise<progress.LessonProgress> {
  await requireApprovedLesson(db, userId, lessonId);
  return lessonProgressOf(db, userId, lessonId);
}

/**
 * GET /v1/progress/mine (and an administrator's GET /v1/progress/users/{userId}): the plans and
 * bundles the learner holds a request for, approved or pending, oldest first, each with its price and
 * payment instructions; a pending plan's early price while it applies.
 */
export async function myLearning(db: CatalogDb, userId: string, streakMinutes: number, now: Date = new Date()): Promise<progress.MyLearning> {
  const requests = await db
    .selectFrom('access_request as r')
    .leftJoin('monsterplan as p', 'p.id', 'r.monsterplan_id')
    .leftJoin('lesson as l', 'l.id', 'r.lesson_id')
    .select([
      'r.kind',
      'r.is_approved',
      'r.price as requestPrice',
      'p.id as monsterplanId',
      'p.name as monsterplanName',
      'p.price as monsterplanPrice',
      'p.early_price',
      'p.early_price_until',
      'p.payment_instructions as monsterplanPaymentInstructions',
      'l.id as lessonId',
      'l.name as lessonName',
      'l.price as lessonPrice',
      'l.payment_instructions as lessonPaymentInstructions',
    ])
    .where('r.user_id', '=', userId)
    .orderBy(sql`coalesce(p.created_at, l.created_at)`)
    .orderBy('r.id')
    .execute();
  const monsterplans = await Promise.all(
    requests
      .filter((request) => request.monsterplanId !== null)
      .map(async (request): Promise<progress.MyMonsterplan> => {
        const plan = await planProgressOf(db, userId, request.monsterplanId!, now);
        const early = request.is_approved ? null : earlyPriceOf(request.early_price, request.early_price_until, now);
        return {
          _id: request.monsterplanId!,
          name: request.monsterplanName!,
          price: request.monsterplanPrice!,
          requestPrice: request.requestPrice,
          paymentInstructions: request.monsterplanPaymentInstructions!,
          earlyPrice: early?.price ?? null,
          earlyPriceUntil: early?.until ?? null,
          ...learningOf(request.is_approved, plan),
        };
      }),
  );
  const lessons = await Promise.all(
    requests
      .filter((request) => request.lessonId !== null)
      .map(async (request): Promise<progress.MyLesson> => {
        const lesson = await lessonProgressOf(db, userId, request.lessonId!);
        return {
          _id: request.lessonId!,
          name: request.lessonName!,
          price: request.lessonPrice!,
          requestPrice: request.requestPrice,
          paymentInstructions: request.lessonPaymentInstructions!,
          ...learningOf(request.is_approved, lesson),
        };
      }),
  );
  return { monsterplans, lessons, streak: await streakOf(db, userId, streakMinutes, now) };
}

/** The early price applies while its moment has not passed (spec section 9). */
function earlyPriceOf(price: string | null, until: Date | null, now: Date): { price: string; until: string } | null {
  if (!price || !until) return null;
  const end = new Date(until);
  return now < end ? { price, until: end.toISOString() } : null;
}

/** A pending request shows nothing heard: the learner cannot play its videos yet. */
function learningOf<Place>(isApproved: boolean, heard: { totalSeconds: number; listenedSeconds: number; videos: HeardVideo[] | progress.VideoProgress[]; continue: Place | null }) {
  if (!isApproved) return { access: 'pending' as const, totalSeconds: heard.totalSeconds, listenedSeconds: 0, status: 'not-started' as const, continue: null };
  return {
    access: 'approved' as const,
    totalSeconds: heard.totalSeconds,
    listenedSeconds: heard.listenedSeconds,
    status: statusOfAll(heard.videos.map((video) => video.status)),
    continue: heard.continue,
  };
}

async function planProgressOf(db: CatalogDb, userId: string, monsterplanId: string, now: Date): Promise<progress.PlanProgress> {
  const rows = await db
    .selectFrom('monsterplan_video as mv')
    .innerJoin('video as v', 'v.id', 'mv.video_id')
    .leftJoin('listening as l', (join) => join.onRef('l.video_id', '=', 'mv.video_id').on('l.user_id', '=', userId))
    .leftJoin('dictation as d', (join) => join.onRef('d.video_id', '=', 'mv.video_id').on('d.user_id', '=', userId))
    .select(['mv.video_id', 'mv.week', 'mv.day_of_week', 'v.duration_seconds', 'l.heard_seconds', 'l.position', 'l.reported_at', 'l.completed_at'])
    .select(['d.lines as dictation_lines', 'd.correct_words', 'd.total_words', 'd.saved_at'])
    .where('mv.monsterplan_id', '=', monsterplanId)
    .orderBy('mv.week')
    .orderBy('mv.day_of_week')
    .orderBy('mv.position')
    .execute();
  const videos: PlanVideo[] = rows.map((row) => ({ ...heardVideoOf(row), week: row.week, dayOfWeek: row.day_of_week, dictation: dictationOf(row) }));
  const [assigned, schedule] = await Promise.all([recordedAssignments(db, userId, monsterplanId), releaseSchedule(db, userId, monsterplanId)]);
  const releases = new Map(schedule?.map((day) => [dayKey(day.week, day.dayOfWeek), day.releasesAt]));
  const days = [...groupBy(videos, (video) => dayKey(video.week, video.dayOfWeek)).values()].map((day): progress.PlanDayProgress => {
    const { week, dayOfWeek } = day[0]!;
    const releasesAt = releases.get(dayKey(week, dayOfWeek)) ?? null;
    const isReleased = releasesAt === null || releasesAt <= now;
    const assignedAt = assignedAtOf(assigned.get(dayKey(week, dayOfWeek)), releasesAt, now);
    return {
      week,
      dayOfWeek,
      status: statusOfAll(day.map((video) => video.status)),
      assignedAt: assignedAt?.toISOString() ?? null,
      releasesAt: releasesAt?.toISOString() ?? null,
      isReleased,
    };
  });
  const weeks = [...groupBy(videos, (video) => video.week).values()].map((week) => ({ week: week[0]!.week, status: statusOfAll(week.map((video) => video.status)) }));
  const next = continueOf(videos);
  return {
    monsterplanId,
    goalMinutes: progressRules.goalMinutes,
    ...totalsOf(videos),
    videos: videos.map(({ videoId, week, dayOfWeek, durationSeconds, listenedSeconds, position, status, dictation }) => ({ videoId, week, dayOfWeek, durationSeconds, listenedSeconds, position, status, dictation })),
    days,
    weeks,
    continue: next && { videoId: next.video.videoId, week: next.video.week, dayOfWeek: next.video.dayOfWeek, position: next.position },
  };
}

async function lessonProgressOf(db: CatalogDb, userId: string, lessonId: string): Promise<progress.LessonProgress> {
  const rows = await db
    .selectFrom('lesson_video as lv')
    .innerJoin('video as v', 'v.id', 'lv.video_id')
    .leftJoin('listening as l', (join) => join.onRef('l.video_id', '=', 'lv.video_id').on('l.user_id', '=', userId))
    .leftJoin('dictation as d', (join) => join.onRef('d.video_id', '=', 'lv.video_id').on('d.user_id', '=', userId))
    .select(['lv.video_id', 'v.duration_seconds', 'l.heard_seconds', 'l.position', 'l.reported_at', 'l.completed_at'])
    .select(['d.lines as dictation_lines', 'd.correct_words', 'd.total_words', 'd.saved_at'])
    .where('lv.lesson_id', '=', lessonId)
    .orderBy('lv.position')
    .execute();
  const videos = rows.map((row) => ({ ...heardVideoOf(row), dictation: dictationOf(row) }));
  const next = continueOf(videos);
  return {
    lessonId,
    ...totalsOf(videos),
    videos: videos.map(({ videoId, durationSeconds, listenedSeconds, position, status, dictation }) => ({ videoId, durationSeconds, listenedSeconds, position, status, dictation })),
    continue: next && { videoId: next.video.videoId, position: next.position },
  };
}

function heardVideoOf(row: {
  video_id: string;
  duration_seconds: number | null;
  heard_seconds: number | null;
  position: number | null;
  reported_at: Date | null;
  completed_at: Date | null;
}): HeardVideo {
  const duration = row.duration_seconds;
  const heard = row.heard_seconds ?? 0;
  const listened = duration === null ? heard : Math.min(heard, duration);
  return {
    videoId: row.video_id,
    durationSeconds: duration,
    listenedSeconds: tenths(listened),
    position: tenths(row.position ?? 0),
    status: statusOf(listened, row.completed_at !== null),
    reportedAt: row.reported_at === null ? null : new Date(row.reported_at),
  };
}

/** The probed durations added up (a video media could not probe adds nothing), and what was heard of them. */
function totalsOf(videos: readonly HeardVideo[]): { totalSeconds: number; listenedSeconds: number } {
  return {
    totalSeconds: tenths(videos.reduce((sum, video) => sum + (video.durationSeconds ?? 0), 0)),
    listenedSeconds: tenths(videos.reduce((sum, video) => sum + video.listenedSeconds, 0)),
  };
}

/**
 * The video last reported if it is not complete, at its position; else the next one not complete
 * after it in order (from the start when none is after it), at 0. None before anything was heard,
 * nor once everything is complete.
 */
function continueOf<Video extends HeardVideo>(videos: readonly Video[]): { video: Video; position: number } | null {
  const reported = videos.filter((video) => video.reportedAt !== null);
  if (reported.length === 0) return null;
  const last = reported.reduce((latest, video) => (video.reportedAt! > latest.reportedAt! ? video : latest));
  if (last.status !== 'complete') return { video: last, position: last.position };
  const index = videos.indexOf(last);
  const next = [...videos.slice(index + 1), ...videos.slice(0, index)].find((video) => video.status !== 'complete');
  return next ? { video: next, position: 0 } : null;
}
