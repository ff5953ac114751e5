// /login/callback: 'Hi. {name}', then after 1.5 s the location is replaced with `continue` (by way of
// /me/password when the password must be changed first).
import { continueTarget, Loader, useCurrentUser, useNavigate, useSearchParams, useTranslation } from '@learning/platform';
import { useEffect } from 'react';
import { afterSignInPath } from './after-sign-in';
import '../strings';

/** Spec section 9: login redirect delay. */
export const loginRedirectDelayMs = 1500;

export default function LoginCallbackScreen() {
  const { t } = useTranslation('shell');
  const { user, status } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const target = afterSignInPath(user, continueTarget(searchParams.get('continue')));
  const isUserKnown = status !== 'pending';

  useEffect(() => {
    if (!isUserKnown) return undefined;
    const timer = setTimeout(() => navigate(target, { replace: true }), loginRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [isUserKnown, navigate, target]);

  if (status === 'pending') return <Loader />;
  return <p className="callback-greeting">{t('callback.hi', { name: user?.name ?? '' })}</p>;
}
