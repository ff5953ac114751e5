// /create-account: the registration form (POST /v1/auth/register), then a success view.
import { Alert, Button, Card, Link, PageTitle, TextField, useRegister, useSearchParams, useTranslation } from '@learning/platform';
import { registrationErrors } from '../../forms/rules';
import { useForm } from '../../forms/useForm';
import { GoogleButton } from '../../google/GoogleButton';
import '../strings';

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
          <Alert tone="success" title={t('createAccount.successTitle')}>
            <p>{t('createAccount.successBody', { email: register.data.email })}</p>
          </Alert>
          <Link className="lp-button lp-button--primary" to={signInLink}>
            {t('createAccount.signIn')}
          </Link>
        </Card>
      </div>
    );
  }

  return (
    <div className="auth-screen">
      <Card>
        <PageTitle>{t('createAccount.title')}</PageTitle>
        <form onSubmit={submit} noValidate>
          {register.error && <Alert>{register.error.message}</Alert>}
          <TextField label={t('createAccount.email')} type="email" autoComplete="email" inputMode="email" error={error('email')} {...form.field('email')} />
          <TextField label={t('createAccount.name')} autoComplete="name" error={error('name')} {...form.field('name')} />
          <TextField label={t('createAccount.password')} type="password" autoComplete="new-password" error={error('password')} {...form.field('password')} />
          <TextField
            label={t('createAccount.repeatPassword')}
            type="password"
            autoComplete="new-password"
            error={error('repeatPassword')}
            {...form.field('repeatPassword')}
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
