// The daily release of a plan's days: day i (0, 1, 2… in plan order) opens at 00:00
// Asia/Ulaanbaatar of the learner's approval date plus i days. Pure calendar math, no database.

/** Mongolia has kept UTC+8 all year since 2017 (no summer time), so a fixed offset is exact. */
const ulaanbaatarOffsetMs = 8 * 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;

/** The calendar date in Ulaanbaatar of a moment, as YYYY-MM-DD. */
export function ulaanbaatarDateOf(moment: Date): string {
  return new Date(moment.getTime() + ulaanbaatarOffsetMs).toISOString().slice(0, 10);
}

/** The moment the plan's day at `dayIndex` (0 for its first day) is released to a learner approved at `approvedAt`. */
export function dayReleasesAt(approvedAt: Date, dayIndex: number): Date {
  const localMidnight = Date.parse(`${ulaanbaatarDateOf(approvedAt)}T00:00:00Z`) - ulaanbaatarOffsetMs;
  return new Date(localMidnight + dayIndex * dayMs);
}

/** A plan day as it appears in the plan's order: distinct (week, dayOfWeek), ascending. */
export interface PlanDay {
  week: number;
  dayOfWeek: number;
}

/** The index of a day among the plan's days, or -1 when the plan has no video on it. */
export function dayIndexOf(days: readonly PlanDay[], week: number, dayOfWeek: number): number {
  return days.findIndex((day) => day.week === week && day.dayOfWeek === dayOfWeek);
}
