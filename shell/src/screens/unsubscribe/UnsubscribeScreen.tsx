// /unsubscribe#token=…: the link at the foot of a mail. Switches that mail's topic off at once (no
// sign-in needed), says which mails stop, and points to the settings where they can be turned on again.
import { Alert, Card, Link, Loader, PageTitle, useTranslation } from '@learning/platform';
import { useEffect, useRef } from 'react';
import { useUnsubscribe } from '../../mail/mail-preferences';
import { useLinkToken } from '../link-token';
import '../strings';

export default function UnsubscribeScreen() {
  const { t } = useTranslation('shell');
  return (
    <div className="auth-screen">
      <Card>
        <PageTitle>{t('unsubscribe.title')}</PageTitle>
        <Unsubscribing />
      </Card>
    </div>
  );
}

function Unsubscribing() {
  const { t } = useTranslation('shell');
  const token = useLinkToken();
  const unsubscribe = useUnsubscribe();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (!token || hasStarted.current) return;
    hasStarted.current = true; // once, though StrictMode runs effects twice
    unsubscribe.mutate(token);
  }, [token, unsubscribe]);

  if (!token) return <Alert>{t('unsubscribe.linkInvalid')}</Alert>;
  if (unsubscribe.error) return <Alert>{unsubscribe.error.message}</Alert>;
  if (!unsubscribe.data) return <Loader label={t('unsubscribe.working')} />;
  const { topic, email } = unsubscribe.data;
  return (
    <>
      <Alert tone="success">
        <p>{t('unsubscribe.done', { topic: t(`mailTopics.${topic}`), email })}</p>
      </Alert>
      <p>{t('unsubscribe.settingsHint')}</p>
      <Link className="lp-button lp-button--secondary" to="/me/settings">
        {t('unsubscribe.settings')}
      </Link>
    </>
  );
}
