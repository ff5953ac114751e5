// The guards of spec section 6: a restricted page sends a guest to /signin with continue = origin
// plus path; a page under /administrator needs the administrator role, else /unauthorized.
import type { ReactNode } from 'react';
import { useTranslation } from './i18n/useTranslation';
import { Navigate, useLocation } from 'react-router-dom';
import { currentAddress, signInPath, useCurrentUser, type CurrentUser } from './session';
import { LoadError, Loader } from './ui';

export function RequireUser({ children }: { children: ReactNode }) {
  return <Guard allows={(session) => !!session.user}>{children}</Guard>;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  return <Guard allows={(session) => session.isAdmin}>{children}</Guard>;
}

function Guard({ allows, children }: { allows: (session: CurrentUser) => boolean; children: ReactNode }) {
  const session = useCurrentUser();
  const location = useLocation();
  const { t } = useTranslation('common');
  if (session.status === 'pending') return <Loader />;
  if (session.status === 'error') return <LoadError title={t('authCheckError')} onRetry={() => void session.refetch()} />;
  if (!session.user) {
    return <Navigate replace to={signInPath(currentAddress(location))} />;
  }
  if (!allows(session)) return <Navigate replace to="/unauthorized" />;
  return children;
}

/** What every route table ends with: an unknown path goes to the 404 page (spec section 2). */
export function NotFoundRedirect() {
  return <Navigate replace to="/404" />;
}
