// When something happened, relative to now ('5 минутын өмнө'), with the exact moment in its title.
// Mongolian is written here, not by Intl: browsers' ICU often has no mn data (see platform/format.ts).
import { formatDate, useTranslation } from '@learning/platform';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** The i18n key and count of how long ago `date` was. */
export function timeAgo(date: Date, now: number = Date.now()): { key: string; count: number } {
  const elapsed = Math.max(0, now - date.getTime());
  if (elapsed < minute) return { key: 'time.justNow', count: 0 };
  if (elapsed < hour) return { key: 'time.minutes', count: Math.floor(elapsed / minute) };
  if (elapsed < day) return { key: 'time.hours', count: Math.floor(elapsed / hour) };
  if (elapsed < 30 * day) return { key: 'time.days', count: Math.floor(elapsed / day) };
  if (elapsed < 365 * day) return { key: 'time.months', count: Math.floor(elapsed / (30 * day)) };
  return { key: 'time.years', count: Math.floor(elapsed / (365 * day)) };
}

export function RelativeTime({ date }: { date: string }) {
  const { t, i18n } = useTranslation('admin');
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return null;
  const { key, count } = timeAgo(value);
  return (
    <time dateTime={value.toISOString()} title={formatDate(value, i18n.language, { withTime: true })}>
      {t(key, { count })}
    </time>
  );
}
