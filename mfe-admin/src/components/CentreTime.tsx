// A moment of a payment as the centre's clock reads it (Asia/Ulaanbaatar), the clock the date filter
// and the CSV files use, so that what the page shows matches the file and the bank's statement. It
// may wrap: the whole date and time is longer than a phone's cell.
import { centreTimeZone, formatDate, useTranslation } from '@learning/platform';

export function CentreTime({ date }: { date: string }) {
  const { i18n } = useTranslation('admin');
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return null;
  return (
    <time className="admin-moment" dateTime={value.toISOString()}>
      {formatDate(value, i18n.language, { withTime: true, timeZone: centreTimeZone })}
    </time>
  );
}
