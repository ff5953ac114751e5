// /login/callback: 'Hi. {name}', then after 1.5 s the location is replaced with `continue`.
import { continueTarget, Loader, useCurrentUser, useNavigate, useSearchParams, useTranslation } from '@learning/platform';
import { useEffect } from 'react';
import '../strings';

/** Spec section 9: login redirect delay. */
export const loginRedirectDelayMs = 1500;

export default function LoginCallbackScreen() {
  const { t } = useTranslation('shell');
  const { user, status } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const target = continueTarget(searchParams.get('continue'));

  useEffect(() => {
    const timer = setTimeout(() => navigate(target, { replace: true }), loginRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [navigate, target]);

  if (status === 'pending') return <Loader />;
  return <p className="callback-greeting">{t('callback.hi', { name: user?.name ?? '' })}</p>;
}
