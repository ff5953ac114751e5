// /me/settings: greeting, email, the connected third-party (Google) account, the change-email button
// (shown disabled: changing the email is not offered yet), the password (change it, or ask for a reset
// link), the account the learner's refunds are paid into, the mails the learner gets, and deleting the
// account, confirmed in a dialog.
import { Button, Card, Link, PageTitle, useCurrentUser, useTranslation } from '@learning/platform';
import { useId, useState } from 'react';
import { BankAccountSettings } from './BankAccountSettings';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { MailPreferences } from './MailPreferences';
import { ReminderSettings } from './ReminderSettings';
import '../strings';

export default function SettingsScreen() {
  const { t } = useTranslation('shell');
  const { user } = useCurrentUser();
  const [isDeleting, setDeleting] = useState(false);
  const changeEmailNote = useId();
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
          <Button variant="secondary" disabled aria-describedby={changeEmailNote}>
            {t('me.changeEmail')}
          </Button>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            {t('me.deleteAccount')}
          </Button>
        </div>
        <p id={changeEmailNote} className="settings__note">
          {t('me.changeEmailSoon')}
        </p>
      </Card>
      <PasswordLinks email={user.email} />
      <BankAccountSettings />
      <ReminderSettings />
      <MailPreferences />
      {isDeleting && <DeleteAccountDialog user={user} onClose={() => setDeleting(false)} />}
    </>
  );
}

/**
 * Changing the password is offered to every account: one made through Google may have none, and the
 * server's answer to it (no_password) says so on the change-password page.
 */
function PasswordLinks({ email }: { email: string }) {
  const { t } = useTranslation('shell');
  return (
    <Card className="settings">
      <h2 className="settings__title">{t('me.password')}</h2>
      <div className="settings__actions">
        <Link className="lp-button lp-button--secondary" to="/me/password">
          {t('me.changePassword')}
        </Link>
        <Link className="lp-button lp-button--subtle" to={`/forgot-password?email=${encodeURIComponent(email)}`}>
          {t('me.forgotPassword')}
        </Link>
      </div>
    </Card>
  );
}
