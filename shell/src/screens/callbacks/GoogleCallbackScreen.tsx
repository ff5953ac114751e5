// /callback/google: reads the code from the URL hash and shows LOADING. With no code it goes home;
// otherwise it exchanges the code (POST /v1/auth/login-google), logs the learner in with the answer
// and goes home, or to the continue address the sign-in started from (by way of /me/password when the
// password must be changed first).
import { Alert, Card, continueTarget, Link, Navigate, PageTitle, useLocation, useNavigate, useTranslation } from '@learning/platform';
import { useEffect, useRef } from 'react';
import { AttemptMismatch, readCallback, useGoogleLogin } from '../../google/google-sign-in';
import { afterSignInPath } from './after-sign-in';
import '../strings';

export default function GoogleCallbackScreen() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const navigate = useNavigate();
  const { code, state, iss } = readCallback(location);
  const login = useGoogleLogin();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (!code || hasStarted.current) return;
    hasStarted.current = true; // a code is good once: never exchanged twice (StrictMode runs effects twice)
    login.mutate(
      { code, state, iss },
      { onSuccess: ({ user, continueUrl }) => navigate(afterSignInPath(user, continueTarget(continueUrl)), { replace: true }) },
    );
  }, [code, state, iss, login, navigate]);

  if (!code) return <Navigate replace to="/home" />;
  if (login.error) {
    return (
      <div className="auth-screen">
        <Card>
          <PageTitle>{t('signin.title')}</PageTitle>
          <Alert>{login.error instanceof AttemptMismatch ? t('google.attemptMismatch') : login.error.message}</Alert>
          <Link className="lp-button lp-button--primary" to="/signin" replace>
            {t('google.tryAgain')}
          </Link>
        </Card>
      </div>
    );
  }
  return (
    <p className="callback-loading" role="status" aria-live="polite">
      {t('callback.loading')}
    </p>
  );
}
