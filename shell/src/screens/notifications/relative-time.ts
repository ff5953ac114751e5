// How long ago a notification came, as a learner says it ("5 минутын өмнө"); a week or more is a date.
import { formatDate } from '@learning/platform';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

export function relativeTime(date: string, now: number, t: (key: string, options?: { count: number }) => string, language: string): string {
  const elapsed = now - new Date(date).getTime();
  if (elapsed < minute) return t('time.justNow');
  if (elapsed < hour) return t('time.minutesAgo', { count: Math.floor(elapsed / minute) });
  if (elapsed < day) return t('time.hoursAgo', { count: Math.floor(elapsed / hour) });
  if (elapsed < 7 * day) return t('time.daysAgo', { count: Math.floor(elapsed / day) });
  return formatDate(date, language);
}
