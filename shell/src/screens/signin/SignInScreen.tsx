// /signin: the email step (POST /v1/auth/check-email), then the password step (POST /v1/auth/login),
// then /login/callback, which greets and goes on to `continue` or the site origin. Or Google's redirect flow.
// The password step links to /forgot-password with the email typed. A learner sent here by a request
// they began (`continue` carries it) is told why, and that it is sent once they are signed in.
import { Alert, Button, Card, hasRequestIntent, Link, PageTitle, TextField, useCheckEmail, useNavigate, useSearchParams, useSignIn, useTranslation } from '@learning/platform';
import { useState } from 'react';
import { EmailField } from '../../forms/EmailField';
import { emailErrors, loginErrors } from '../../forms/rules';
import { GoogleButton } from '../../google/GoogleButton';
import { useForm } from '../../forms/useForm';
import '../strings';

export default function SignInScreen() {
  const { t } = useTranslation('shell');
  const [searchParams] = useSearchParams();
  const continueUrl = searchParams.get('continue') ?? window.location.origin;
  const [account, setAccount] = useState<{ email: string; name: string } | null>(null);

  return (
    <div className="auth-screen">
      <Card>
        <PageTitle>{t('signin.title')}</PageTitle>
        {hasRequestIntent(searchParams.get('continue')) && (
          <Alert tone="info" title={t('signin.forRequest')}>
            <p>{t('signin.forRequestNext')}</p>
          </Alert>
        )}
        {account ? (
          <PasswordStep account={account} continueUrl={continueUrl} onOtherEmail={() => setAccount(null)} />
        ) : (
          <EmailStep onFound={setAccount} />
        )}
        <GoogleButton continueUrl={searchParams.get('continue')} />
        <p className="auth-screen__switch">
          {t('signin.noAccount')} <Link to={`/create-account?continue=${encodeURIComponent(continueUrl)}`}>{t('signin.register')}</Link>
        </p>
      </Card>
    </div>
  );
}

function EmailStep({ onFound }: { onFound: (account: { email: string; name: string }) => void }) {
  const { t } = useTranslation('shell');
  const checkEmail = useCheckEmail();
  const form = useForm({ email: '' }, emailErrors);
  const submit = form.handleSubmit(({ email }) =>
    checkEmail.mutate({ email: email.trim() }, { onSuccess: (user) => onFound({ email: email.trim(), name: user.name }) }),
  );
  return (
    <form onSubmit={submit} noValidate>
      {checkEmail.error && <Alert>{checkEmail.error.message}</Alert>}
      <EmailField label={t('signin.email')} autoFocus error={form.errors.email && t(form.errors.email)} {...form.field('email')} />
      <Button type="submit" isLoading={checkEmail.isPending} className="auth-screen__submit">
        {t('signin.next')}
      </Button>
    </form>
  );
}

function PasswordStep({ account, continueUrl, onOtherEmail }: { account: { email: string; name: string }; continueUrl: string; onOtherEmail: () => void }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const signIn = useSignIn();
  const form = useForm({ email: account.email, password: '' }, loginErrors);
  const submit = form.handleSubmit(({ password }) =>
    signIn.mutate(
      { email: account.email, password },
      { onSuccess: () => navigate(`/login/callback?continue=${encodeURIComponent(continueUrl)}`, { replace: true }) },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <p className="auth-screen__account">
        <strong>{t('signin.greeting', { name: account.name })}</strong>
        <br />
        <span>{account.email}</span>
      </p>
      {signIn.error && <Alert>{signIn.error.message}</Alert>}
      {/* Lets password managers pair the password with the account. */}
      <input type="email" name="email" value={account.email} autoComplete="username" readOnly hidden />
      <TextField
        label={t('signin.password')}
        type="password"
        autoComplete="current-password"
        autoFocus
        error={form.errors.password && t(form.errors.password)}
        {...form.field('password')}
      />
      <div className="auth-screen__actions">
        <Button type="submit" isLoading={signIn.isPending}>
          {t('signin.submit')}
        </Button>
        <Button variant="subtle" onClick={onOtherEmail}>
          {t('signin.otherEmail')}
        </Button>
      </div>
      <p className="auth-screen__forgot">
        <Link to={`/forgot-password?email=${encodeURIComponent(account.email)}`}>{t('signin.forgotPassword')}</Link>
      </p>
    </form>
  );
}
