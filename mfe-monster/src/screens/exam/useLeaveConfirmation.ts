// Leaving mid-exam asks for confirmation (spec section 4): closing or reloading the tab (the
// browser's own prompt), following a link elsewhere, and the back button, which first meets a guard
// entry of the same address that this hook keeps in the history.
import { useLocation, useNavigate } from '@learning/platform';
import { useEffect, useRef } from 'react';

export function useLeaveConfirmation(isActive: boolean, question: string): void {
  const location = useLocation();
  const navigate = useNavigate();
  const isArmed = useRef(false);
  const address = location.pathname + location.search;
  const isGuardEntry = (location.state as { examGuard?: boolean } | null)?.examGuard === true;

  useEffect(() => {
    if (!isActive) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const confirmLink = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || link.target === '_blank' || event.defaultPrevented) return;
      const target = new URL(link.href, window.location.href);
      if (target.pathname === window.location.pathname && target.search === window.location.search) return;
      if (!window.confirm(question)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('click', confirmLink, true);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', confirmLink, true);
    };
  }, [isActive, question]);

  useEffect(() => {
    if (!isActive || isGuardEntry) return;
    if (!isArmed.current) {
      isArmed.current = true;
      navigate(address, { state: { examGuard: true } });
      return;
    }
    // Back from the guard entry: the learner asked to leave.
    if (window.confirm(question)) {
      isArmed.current = false;
      navigate(-1);
    } else {
      navigate(address, { state: { examGuard: true } });
    }
  }, [isActive, isGuardEntry, address, navigate, question]);
}
