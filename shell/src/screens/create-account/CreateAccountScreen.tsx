// /create-account: the registration form (POST /v1/auth/register), then a success view.
import { Alert, Button, Card, Link, PageTitle, TextField, useRegister, useSearchParams, useTranslation } from '@learning/platform';
import { EmailField } from '../../forms/EmailField';
import { NewPasswordFields } from '../../forms/NewPasswordFields';
import { registrationErrors } from '../../forms/password-rules';
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
