// /me/password: the current password and the new one twice (PUT /v1/auth/password). The answer is a
// new session, as a login's (the other devices are signed out). Reached from the settings, or right
// after sign-in when the password no longer keeps the rule: then it says so, and goes on to `continue`.
import type { auth } from '@learning/contracts';
import {
  Alert,
  api,
  Button,
  Card,
  continueTarget,
  Link,
  PageTitle,
  rememberLogin,
  TextField,
  useCurrentUser,
  useMutation,
  useNavigate,
  useQueryClient,
  useSearchParams,
  useTranslation,
} from '@learning/platform';
import { NewPasswordFields } from '../../forms/NewPasswordFields';
import { changePasswordErrors } from '../../forms/password-rules';
import { useForm } from '../../forms/useForm';
import '../strings';

export default function ChangePasswordScreen() {
  const { t } = useTranslation('shell');
  const { user } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const continueUrl = searchParams.get('continue');
  const navigate = useNavigate();
  const changePassword = useChangePassword();
  if (!user) return null;
  return (
    <div className="auth-screen">
      <Card>
        <PageTitle>{t('changePassword.title')}</PageTitle>
        {changePassword.isSuccess ? (
          <PasswordChanged />
        ) : (
          <>
            {user.mustChangePassword && <Alert tone="info">{t('changePassword.mustChange')}</Alert>}
            <ChangePasswordForm
              email={user.email}
              isSaving={changePassword.isPending}
              error={changePassword.error}
              onSave={(body) =>
                changePassword.mutate(body, { onSuccess: () => continueUrl && navigate(continueTarget(continueUrl), { replace: true }) })
              }
            />
          </>
        )}
      </Card>
    </div>
  );
}

function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; password: string; repeatPassword: string }) => api.put<auth.LoginResponse>('/v1/auth/password', body),
    onSuccess: (answer) => rememberLogin(queryClient, answer),
  });
}

interface ChangePasswordFormProps {
  email: string;
  isSaving: boolean;
  error: Error | null;
  onSave: (body: { currentPassword: string; password: string; repeatPassword: string }) => void;
}

function ChangePasswordForm({ email, isSaving, error, onSave }: ChangePasswordFormProps) {
  const { t } = useTranslation('shell');
  const form = useForm({ currentPassword: '', password: '', repeatPassword: '' }, changePasswordErrors);
  const currentError = form.errors.currentPassword;
  return (
    <form onSubmit={form.handleSubmit(onSave)} noValidate>
      {error && <Alert>{error.message}</Alert>}
      {/* Lets password managers store the new password with the account. */}
      <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
      <TextField
        label={t('changePassword.currentPassword')}
        type="password"
        autoComplete="current-password"
        error={currentError && t(currentError)}
        {...form.field('currentPassword')}
      />
      <NewPasswordFields field={form.field} errors={form.errors} />
      <Button type="submit" isLoading={isSaving} className="auth-screen__submit">
        {t('changePassword.submit')}
      </Button>
      <p className="auth-screen__forgot">
        <Link to={`/forgot-password?email=${encodeURIComponent(email)}`}>{t('changePassword.forgotPassword')}</Link>
      </p>
    </form>
  );
}

function PasswordChanged() {
  const { t } = useTranslation('shell');
  return (
    <>
      <Alert tone="success" title={t('changePassword.done')}>
        <p>{t('changePassword.otherDevices')}</p>
      </Alert>
      <Link className="lp-button lp-button--primary" to="/me/settings">
        {t('changePassword.backToSettings')}
      </Link>
    </>
  );
}
