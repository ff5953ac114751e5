// /signout/callback: 'Bye. {name}'; after 1 s, when the signout parameter is present, signs out
// (POST /v1/auth/logout, then the token is dropped) and replaces the location with `continue`.
import { continueTarget, useCurrentUser, useNavigate, useSearchParams, useSignOut, useTranslation } from '@learning/platform';
import { useEffect, useState } from 'react';
import '../strings';

/** Spec section 9: signout delay. */
export const signoutDelayMs = 1000;

export default function SignoutCallbackScreen() {
  const { t } = useTranslation('shell');
  const { user } = useCurrentUser();
  // The name stays on screen after the session is gone: remember the last one seen.
  const [name, setName] = useState(user?.name ?? '');
  if (user?.name && user.name !== name) setName(user.name);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { mutate: signOut } = useSignOut();
  const shouldSignOut = searchParams.has('signout');
  const target = continueTarget(searchParams.get('continue'));

  useEffect(() => {
    if (!shouldSignOut) return undefined;
    const timer = setTimeout(() => signOut(undefined, { onSettled: () => navigate(target, { replace: true }) }), signoutDelayMs);
    return () => clearTimeout(timer);
  }, [shouldSignOut, signOut, navigate, target]);

  return <p className="callback-greeting">{t('callback.bye', { name })}</p>;
}
