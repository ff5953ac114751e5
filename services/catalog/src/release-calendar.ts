// The daily release of a plan's days: day i (0, 1, 2… in plan order) opens at 00:00 on the centre's
// clock (Asia/Ulaanbaatar) of the learner's approval day plus i days. Pure calendar math, no database.
import { centreDayOf, centreMidnightOf } from '@learning/contracts';

const dayMs = 24 * 60 * 60 * 1000;

/** The moment the plan's day at `dayIndex` (0 for its first day) is released to a learner approved at `approvedAt`. */
export function dayReleasesAt(approvedAt: Date, dayIndex: number): Date {
  return new Date(Date.parse(centreMidnightOf(centreDayOf(approvedAt))) + dayIndex * dayMs);
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
