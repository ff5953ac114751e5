// When a plan day was assigned to a learner: the moment the server first let them play one
// of its videos, or, for a plan released one day a day, the day's release moment. The read-aloud
// refund counts 24 hours from it (refunds).
import { centreDayOf } from '@learning/contracts';
import { forbidden } from '@learning/kit/http';
import { dayIndexOf, dayReleasesAt, type PlanDay } from './release-calendar.js';
import type { CatalogDb } from './tables.js';

/** The plan's days in plan order. */
export async function planDays(db: CatalogDb, monsterplanId: string): Promise<PlanDay[]> {
  const rows = await db
    .selectFrom('monsterplan_video')
    .select(['week', 'day_of_week'])
    .distinct()
    .where('monsterplan_id', '=', monsterplanId)
    .orderBy('week')
    .orderBy('day_of_week')
    .execute();
  return rows.map((row) => ({ week: row.week, dayOfWeek: row.day_of_week }));
}

/** Every learner approved for a plan released daily, with the moment of their approval and the plan. */
export async function releaseDailyApprovals(db: CatalogDb): Promise<Array<{ user_id: string; approved_at: Date; monsterplanId: string; name: string }>> {
  const rows = await db
    .selectFrom('access_request as r')
    .innerJoin('monsterplan as p', 'p.id', 'r.monsterplan_id')
    .select(['r.user_id', 'r.approved_at', 'p.id as monsterplanId', 'p.name'])
    .where('p.release_daily', '=', true)
    .where('r.is_approved', '=', true)
    .where('r.approved_at', 'is not', null)
    .execute();
  return rows.map((row) => ({ ...row, approved_at: new Date(row.approved_at!) }));
}

/**
 * When the learner's approval releases each day of a releaseDaily plan, in plan order; null when the
 * plan is not released daily or the learner is not approved for it.
 */
export async function releaseSchedule(db: CatalogDb, userId: string, monsterplanId: string): Promise<Array<PlanDay & { releasesAt: Date }> | null> {
  const approval = await db
    .selectFrom('access_request as r')
    .innerJoin('monsterplan as p', 'p.id', 'r.monsterplan_id')
    .select(['r.approved_at', 'p.release_daily'])
    .where('r.user_id', '=', userId)
    .where('r.monsterplan_id', '=', monsterplanId)
    .where('r.is_approved', '=', true)
    .executeTakeFirst();
  if (!approval?.release_daily || !approval.approved_at) return null;
  const approvedAt = new Date(approval.approved_at);
  return (await planDays(db, monsterplanId)).map((day, index) => ({ ...day, releasesAt: dayReleasesAt(approvedAt, index) }));
}

/**
 * The moment the day was assigned to the learner: the recorded assignment, or for a releaseDaily plan
 * the day's release moment once it has passed; null otherwise (never opened, or not released yet).
 */
export async function dayAssignedAt(
  db: CatalogDb,
  userId: string,
  monsterplanId: string,
  week: number,
  dayOfWeek: number,
  now: Date = new Date(),
): Promise<Date | null> {
  const recorded = await db
    .selectFrom('day_assignment')
    .select('assigned_at')
    .where('user_id', '=', userId)
    .where('monsterplan_id', '=', monsterplanId)
    .where('week', '=', week)
    .where('day_of_week', '=', dayOfWeek)
    .executeTakeFirst();
  if (recorded) return new Date(recorded.assigned_at);
  const schedule = await releaseSchedule(db, userId, monsterplanId);
  return assignedAtOf(undefined, schedule?.[dayIndexOf(schedule, week, dayOfWeek)]?.releasesAt ?? null, now);
}

/** The rule of an assignment: the recorded one, else a releaseDaily day's release moment once it has passed. */
export function assignedAtOf(recorded: Date | undefined, releasesAt: Date | null, now: Date): Date | null {
  return recorded ?? (releasesAt !== null && releasesAt <= now ? releasesAt : null);
}

/** When a recording's plan day was assigned to its learner; null for a recording that names no plan day. */
export async function recordingAssignedAt(
  db: CatalogDb,
  recording: { user_id: string; monsterplan_id: string | null; week: number | null; day_of_week: number | null },
): Promise<Date | null> {
  const { user_id: userId, monsterplan_id: monsterplanId, week, day_of_week: dayOfWeek } = recording;
  return monsterplanId !== null && week !== null && dayOfWeek !== null ? dayAssignedAt(db, userId, monsterplanId, week, dayOfWeek) : null;
}

/** The recorded assignments of a learner's plan days, by `week:dayOfWeek`. */
export async function recordedAssignments(db: CatalogDb, userId: string, monsterplanId: string): Promise<Map<string, Date>> {
  const rows = await db
    .selectFrom('day_assignment')
    .select(['week', 'day_of_week', 'assigned_at'])
    .where('user_id', '=', userId)
    .where('monsterplan_id', '=', monsterplanId)
    .execute();
  return new Map(rows.map((row) => [dayKey(row.week, row.day_of_week), new Date(row.assigned_at)]));
}

export const dayNotReleased = (releasesAt: Date) =>
  forbidden(`Энэ өдрийн хичээл ${centreDayOf(releasesAt)} 00:00 цагт нээгдэнэ.`, 'day_not_released');

/**
 * A learner approved for the plan opens one of its days (the server is about to let them play a video
 * of it): refused with 403 `day_not_released` before a releaseDaily plan's day opens; else the day's
 * assignment is recorded the first time (now, or its release moment for a releaseDaily plan). Answers
 * the assignment when this call recorded it, null when it was recorded before.
 */
export async function openPlanDay(db: CatalogDb, userId: string, monsterplanId: string, day: PlanDay, now: Date = new Date()): Promise<Date | null> {
  const schedule = await releaseSchedule(db, userId, monsterplanId);
  let assignedAt = now;
  if (schedule) {
    const released = schedule[dayIndexOf(schedule, day.week, day.dayOfWeek)]!;
    if (released.releasesAt > now) throw dayNotReleased(released.releasesAt);
    assignedAt = released.releasesAt;
  }
  return (await recordDayAssignment(db, userId, monsterplanId, day, assignedAt)) ? assignedAt : null;
}

export const dayKey = (week: number, dayOfWeek: number) => `${week}:${dayOfWeek}`;

/** Records the day's assignment the first time, answering true; a later call changes nothing and answers false. */
export async function recordDayAssignment(db: CatalogDb, userId: string, monsterplanId: string, day: PlanDay, assignedAt: Date): Promise<boolean> {
  const recorded = await db
    .insertInto('day_assignment')
    .values({ user_id: userId, monsterplan_id: monsterplanId, week: day.week, day_of_week: day.dayOfWeek, assigned_at: assignedAt })
    .onConflict((oc) => oc.doNothing())
    .returning('week')
    .executeTakeFirst();
  return recorded !== undefined;
}
