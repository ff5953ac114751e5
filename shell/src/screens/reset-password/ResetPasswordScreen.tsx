// /reset-password#token=…: the link of the reset mail. The link is checked first; while it works the
// account's email and the new password twice, with the rule; once saved the learner is signed in and
// goes on to /me. A link that does not work says why, and offers to ask for a new one.
import { Alert, ApiError, Button, Card, Link, Loader, LoadError, PageTitle, useNavigate, useTranslation } from '@learning/platform';
import { NewPasswordFields } from '../../forms/NewPasswordFields';
import { newPasswordErrors } from '../../forms/password-rules';
import { useForm } from '../../forms/useForm';
import { useLinkToken } from '../link-token';
import { isLinkRefused, useConfirmPasswordReset, useResetLinkCheck } from './reset-calls';
import '../strings';

export default function ResetPasswordScreen() {
  const { t } = useTranslation('shell');
  return (
    <div className="auth-screen">
      <Card>
        <PageTitle>{t('resetPassword.title')}</PageTitle>
        <ResetLink />
      </Card>
    </div>
  );
}

function ResetLink() {
  const { t } = useTranslation('shell');
  const token = useLinkToken();
  const check = useResetLinkCheck(token);
  if (!token) return <RefusedLink message={t('resetPassword.linkInvalid')} />;
  if (check.isPending) return <Loader label={t('resetPassword.checking')} />;
  if (check.isError) {
    const isAnswered = check.error instanceof ApiError && check.error.status >= 400 && check.error.status < 500;
    return isAnswered ? <RefusedLink message={check.error.message} /> : <LoadError title={check.error.message} onRetry={() => void check.refetch()} />;
  }
  return <NewPasswordForm token={token} email={check.data.email} />;
}

function NewPasswordForm({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  const form = useForm({ password: '', repeatPassword: '' }, newPasswordErrors);
  const submit = form.handleSubmit((values) => confirm.mutate({ token, ...values }, { onSuccess: () => navigate('/me', { replace: true }) }));

  if (isLinkRefused(confirm.error)) return <RefusedLink message={confirm.error.message} />;
  return (
    <form onSubmit={submit} noValidate>
      <p className="auth-screen__account">
        {t('resetPassword.account')}: <strong>{email}</strong>
      </p>
      {confirm.error && <Alert>{confirm.error.message}</Alert>}
      {/* Lets password managers store the new password with the account. */}
      <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
      <NewPasswordFields field={form.field} errors={form.errors} />
      <Button type="submit" isLoading={confirm.isPending} className="auth-screen__submit">
        {t('resetPassword.submit')}
      </Button>
    </form>
  );
}

function RefusedLink({ message }: { message: string }) {
  const { t } = useTranslation('shell');
  return (
    <>
      <Alert>{message}</Alert>
      <Link className="lp-button lp-button--primary" to="/forgot-password">
        {t('resetPassword.newLink')}
      </Link>
    </>
  );
}
