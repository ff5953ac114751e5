// Offers to install the app on the learner's phone, once they have an approved plan (a daily habit
// to keep), where the browser offers it (Android's Chrome). Closed, it stays closed on this device.
import { useCurrentUser, useTranslation } from '@learning/platform';
import { useState } from 'react';
import { useInstallPrompt } from './install-prompt';

const dismissedKey = 'install-banner-dismissed';

export function InstallAppBanner() {
  const { t } = useTranslation('shell');
  const { user } = useCurrentUser();
  const { canInstall, install } = useInstallPrompt();
  const [isDismissed, setDismissed] = useState(() => localStorage.getItem(dismissedKey) === '1');
  if (!canInstall || isDismissed || !user || user.monsterplans.length === 0) return null;
  const dismiss = () => {
    localStorage.setItem(dismissedKey, '1');
    setDismissed(true);
  };
  return (
    <section className="shell__banner" aria-label={t('installable.title')}>
      <p>{t('installable.offer')}</p>
      <button type="button" className="lp-button lp-button--primary" onClick={() => void install()}>
        {t('installable.install')}
      </button>
      <button type="button" className="lp-button lp-button--secondary" onClick={dismiss}>
        {t('installable.notNow')}
      </button>
    </section>
  );
}
