// /create-account: the registration form (POST /v1/auth/register, then sign-in with the same email and
// password), then the success view, which leads on to `continue` (where the learner was going, e.g.
// the plan whose request they began) or the site's home. A learner sent here by a request is told why.
import {
  Alert,
  Button,
  Card,
  continueTarget,
  hasRequestIntent,
  Link,
  PageTitle,
  TextField,
  useNavigate,
  useRegister,
  useSearchParams,
  useTranslation,
  type User,
} from '@learning/platform';
import { useEffect } from 'react';
import { EmailField } from '../../forms/EmailField';
import { NewPasswordFields } from '../../forms/NewPasswordFields';
import { registrationErrors } from '../../forms/password-rules';
import { useForm } from '../../forms/useForm';
import { GoogleButton } from '../../google/GoogleButton';
import { afterSignInPath } from '../callbacks/after-sign-in';
import '../strings';

/** How long the success view shows before it goes on to `continue` by itself. */
export const registeredRedirectDelayMs = 2500;

export default function CreateAccountScreen() {
  const { t } = useTranslation('shell');
  const [searchParams] = useSearchParams();
  const continueUrl = searchParams.get('continue');
  const signInLink = continueUrl ? `/signin?continue=${encodeURIComponent(continueUrl)}` : '/signin';
  const register = useRegister();
  const form = useForm({ email: '', name: '', password: '', repeatPassword: '' }, registrationErrors);
  const submit = form.handleSubmit((values) => register.mutate({ ...values, email: values.email.trim(), name: values.name.trim() }));
  const error = (name: keyof typeof form.errors) => {
    const key = form.errors[name];
    return key && t(key);
  };

  if (register.isSuccess) {
    return (
      <div className="auth-screen">
        <Card>
          <PageTitle>{t('createAccount.title')}</PageTitle>
          {register.data.isSignedIn ? (
            <Registered user={register.data.user} continueUrl={continueUrl} />
          ) : (
            <>
              <Alert tone="success" title={t('createAccount.successTitle')}>
                <p>{t('createAccount.successBody', { email: register.data.user.email })}</p>
              </Alert>
              <Link className="lp-button lp-button--primary" to={signInLink}>
                {t('createAccount.signIn')}
              </Link>
            </>
          )}
        </Card>
      </div>
    );
  }

  return (
    <div className="auth-screen">
      <Card>
        <PageTitle>{t('createAccount.title')}</PageTitle>
        {hasRequestIntent(continueUrl) && (
          <Alert tone="info" title={t('createAccount.forRequest')}>
            <p>{t('createAccount.forRequestNext')}</p>
          </Alert>
        )}
        <form onSubmit={submit} noValidate>
          {register.error && <Alert>{register.error.message}</Alert>}
          <EmailField label={t('createAccount.email')} error={error('email')} {...form.field('email')} />
          <TextField label={t('createAccount.name')} autoComplete="name" error={error('name')} {...form.field('name')} />
          <NewPasswordFields
            labels={{ password: t('createAccount.password'), repeatPassword: t('createAccount.repeatPassword') }}
            field={form.field}
            errors={form.errors}
          />
          <Button type="submit" isLoading={register.isPending} className="auth-screen__submit">
            {t('createAccount.submit')}
          </Button>
        </form>
        <GoogleButton continueUrl={continueUrl} />
        <p className="auth-screen__switch">
          {t('createAccount.haveAccount')} <Link to={signInLink}>{t('createAccount.signIn')}</Link>
        </p>
      </Card>
    </div>
  );
}

/** The success view of a learner now signed in: on to where they were going, by the button or by itself when they came from somewhere. */
function Registered({ user, continueUrl }: { user: User; continueUrl: string | null }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const target = afterSignInPath(user, continueTarget(continueUrl));
  const isGoingOn = continueUrl !== null;
  useEffect(() => {
    if (!isGoingOn) return undefined;
    const timer = setTimeout(() => navigate(target, { replace: true }), registeredRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [isGoingOn, navigate, target]);
  return (
    <>
      <Alert tone="success" title={t('createAccount.successTitle')}>
        <p>{t('createAccount.signedIn', { email: user.email })}</p>
      </Alert>
      <Link className="lp-button lp-button--primary" to={target} replace>
        {t('createAccount.goOn')}
      </Link>
    </>
  );
}
