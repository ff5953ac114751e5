// Instead of the player, for a chosen day the plan has not released yet: the date it opens.
import { useTranslation } from '@learning/platform';
import { releaseDateOf } from '../../day-release';

export function LockedDay({ releasesAt }: { releasesAt: string }) {
  const { t, i18n } = useTranslation('monster');
  return (
    <div className="plan-player__screen plan-player__screen--notice">
      <span className="plan-player__lock" aria-hidden="true">
        🔒
      </span>
      <p>{t('detail.dayLocked', { date: releaseDateOf(releasesAt, i18n.language) })}</p>
    </div>
  );
}
