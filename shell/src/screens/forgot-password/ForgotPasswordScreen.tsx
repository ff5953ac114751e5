// /forgot-password: the email to send a reset link to (POST /v1/auth/password-reset), prefilled from
// ?email=. The server answers alike whether an account exists or not; its message replaces the form.
import type { auth } from '@learning/contracts';
import { Alert, api, Button, Card, Link, PageTitle, useMutation, useSearchParams, useTranslation } from '@learning/platform';
import { emailErrors } from '../../forms/rules';
import { EmailField } from '../../forms/EmailField';
import { useForm } from '../../forms/useForm';
import '../strings';

export default function ForgotPasswordScreen() {
  const { t } = useTranslation('shell');
  const requestReset = useRequestPasswordReset();
  return (
    <div className="auth-screen">
      <Card>
        <PageTitle>{t('forgotPassword.title')}</PageTitle>
        {requestReset.isSuccess ? (
          <Alert tone="success">
            <p>{requestReset.data.message}</p>
          </Alert>
        ) : (
          <ResetLinkRequest onSend={(email) => requestReset.mutate(email)} isSending={requestReset.isPending} error={requestReset.error} />
        )}
        <p className="auth-screen__switch">
          <Link to="/signin">{t('forgotPassword.backToSignIn')}</Link>
        </p>
      </Card>
    </div>
  );
}

function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => api.post<auth.PasswordResetAccepted>('/v1/auth/password-reset', { email }),
  });
}

function ResetLinkRequest({ onSend, isSending, error }: { onSend: (email: string) => void; isSending: boolean; error: Error | null }) {
  const { t } = useTranslation('shell');
  const [searchParams] = useSearchParams();
  const form = useForm({ email: searchParams.get('email') ?? '' }, emailErrors);
  const submit = form.handleSubmit(({ email }) => onSend(email.trim()));
  return (
    <form onSubmit={submit} noValidate>
      <p>{t('forgotPassword.lead')}</p>
      {error && <Alert>{error.message}</Alert>}
      <EmailField label={t('forgotPassword.email')} autoFocus error={form.errors.email && t(form.errors.email)} {...form.field('email')} />
      <Button type="submit" isLoading={isSending} className="auth-screen__submit">
        {t('forgotPassword.submit')}
      </Button>
    </form>
  );
}
