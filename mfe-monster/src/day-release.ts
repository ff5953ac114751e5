// A plan's days released one a day (wire contract section 2): a day the server has not
// released yet is locked, and the learner sees the date it opens, as the centre counts days.
import type { PlanProgress } from '@learning/contracts';
import { centreTimeZone, formatDate } from '@learning/platform';

/** When the day opens, if it is locked for the learner; null when it plays (or nothing says otherwise). */
export function lockedUntil(progress: Pick<PlanProgress, 'days'> | null | undefined, week: number, dayOfWeek: number): string | null {
  const day = progress?.days.find((mark) => mark.week === week && mark.dayOfWeek === dayOfWeek);
  return day && !day.isReleased ? day.releasesAt : null;
}

/** The day a locked day opens, as the centre's calendar reads it: "2026 оны 12-р сарын 9". */
export function releaseDateOf(releasesAt: string, language: string): string {
  return formatDate(releasesAt, language, { timeZone: centreTimeZone });
}
