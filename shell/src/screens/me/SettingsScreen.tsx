// /me/settings: greeting, email, the connected third-party (Google) account, and the change-email
// and delete-account buttons, which the spec leaves unwired.
import { Button, Card, PageTitle, useCurrentUser, useTranslation } from '@learning/platform';

export default function SettingsScreen() {
  const { t } = useTranslation('shell');
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <>
      <PageTitle subtitle={t('me.greeting', { name: user.name })}>{t('me.title')}</PageTitle>
      <Card className="settings">
        <dl className="settings__facts">
          <div>
            <dt>{t('me.email')}</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>{t('me.google')}</dt>
            <dd>{user.googleId ? t('me.googleConnected') : t('me.googleNotConnected')}</dd>
          </div>
        </dl>
        <div className="settings__actions">
          <Button variant="secondary">{t('me.changeEmail')}</Button>
          <Button variant="danger">{t('me.deleteAccount')}</Button>
        </div>
      </Card>
    </>
  );
}
