// Says so while the platform cannot be reached, and what still works: the pages and lessons opened
// before and the days downloaded (a link to the "Татаж авсан" list); signing in, requests, payments,
// the exam and new videos wait for the connection.
import { Link, useTranslation } from '@learning/platform';
import { useIsOnline } from './connection';

export function OfflineNotice() {
  const { t } = useTranslation('shell');
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <div className="shell__banner shell__banner--offline" role="status">
      <strong>{t('offline.title')}</strong> {t('offline.body')} <Link to="/me/downloads">{t('offline.downloads')}</Link>
    </div>
  );
}
