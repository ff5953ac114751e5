// A learner's request to join a Monster plan or a lesson bundle (spec sections 4 and 8), the same for
// both products: on success the bundle reads pending at once, and a visitor who is not signed in is
// sent to sign in with the request they began in `continue` (the bundle's page with ?request=<id>),
// which that page sends once on their return (useRequestOnReturn).
// /v1/auth/me learns of a request through an event (catalog → broker → auth), a moment after the
// request's own answer; reloading the user at once would bring back the older state (seen in the
// e2e journey on RabbitMQ). So the pending state is set from the answer, and the user is reloaded
// until the server shows it too.
import type { auth } from '@learning/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { api, ApiError } from './api';
import { myLearningKey } from './queries/progress';
import { currentAddress, currentUserKey, reloadUserUntil, signInPath } from './session';
import { tokenStore } from './token';

type User = auth.User;

export interface AccessRequestFamily<Body> {
  /** The request family, e.g. '/v1/monsterplan-requests'. */
  path: string;
  /** The user's list the requested id joins while it waits for the administrator. */
  pendingIn: 'pendingMonsterplans' | 'pendingLessons';
  /** The requested bundle's id in the body, e.g. `body.monsterplan`. */
  idOf: (body: Body) => string;
  /** The bundle's own page, where a learner who had to sign in first comes back to, e.g. '/product-monster-plan/{id}'. */
  pageOf: (id: string) => string;
}

/** The query parameter that carries a request begun before signing in: ?request=<bundle id>. */
export const requestIntentParam = 'request';

/** mutate({ monsterplan: id }) or mutate({ lesson: id }), as the family says. */
export function useAccessRequest<Body extends object>({ path, pendingIn, idOf, pageOf }: AccessRequestFamily<Body>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const reloadCurrentUser = () => queryClient.invalidateQueries({ queryKey: currentUserKey });
  return useMutation({
    mutationFn: async (body: Body) => {
      // A guest is not sent through a call bound to fail: straight to sign in, with the request to send on return.
      if (!tokenStore.get()) throw new ApiError(401, '', 'unauthenticated');
      try {
        await api.post<unknown>(path, body);
      } catch (error) {
        // Asked already (another tab, or a second ask on the way back from sign-in): that is what was wanted.
        if (!(error instanceof ApiError && error.status === 409 && error.code === 'request_pending')) throw error;
      }
    },
    onSuccess: (_nothing, body) => {
      const id = idOf(body);
      queryClient.setQueryData<User | null>(currentUserKey, (user) => (user && !user[pendingIn].includes(id) ? { ...user, [pendingIn]: [...user[pendingIn], id] } : user));
      // The price the request recorded, for the payment instructions.
      void queryClient.invalidateQueries({ queryKey: myLearningKey });
      void reloadUserUntil(queryClient, (user) => user[pendingIn].includes(id));
    },
    onError: (error, body) => {
      // 409: approved already: the reloaded user shows it.
      if (error instanceof ApiError && error.status === 409) return reloadCurrentUser();
      if (error instanceof ApiError && error.status === 401) {
        navigate(signInPath(requestIntentAddress(location, pageOf(idOf(body)), idOf(body))));
        return;
      }
      navigate(signInPath(currentAddress(location)));
    },
  });
}

/**
 * Where to come back to after signing in to send a request: the bundle's page (the one shown, with its
 * query, when the request was begun there) with ?request=<id>.
 */
function requestIntentAddress(location: { pathname: string; search: string; hash: string }, page: string, id: string): string {
  const isOnPage = location.pathname === page;
  const query = new URLSearchParams(isOnPage ? location.search : '');
  query.set(requestIntentParam, id);
  return currentAddress({ pathname: page, search: `?${query.toString()}`, hash: isOnPage ? location.hash : '' });
}

/** Does this `continue` address carry a request begun before signing in? (The sign-in page then says why the learner is there.) */
export function hasRequestIntent(continueUrl: string | null): boolean {
  if (!continueUrl) return false;
  try {
    return new URL(continueUrl, window.location.origin).searchParams.has(requestIntentParam);
  } catch {
    return false;
  }
}

export interface RequestOnReturn {
  /** The bundle this page shows. */
  bundleId: string;
  /** Whether the page knows enough to decide: the session has been checked. */
  isReady: boolean;
  /** Whether the request may be sent: signed in, not asked for yet, and the bundle takes requests. */
  canRequest: boolean;
  /** Sends it, as the page's request button would. */
  request: () => void;
}

/**
 * The request a learner began before signing in (?request=<id> on this page's address, brought back by
 * `continue`): sent once the page is ready, if it still may be, and the flag removed from the address
 * at once (replace), so that neither a reload nor Back sends it again.
 */
export function useRequestOnReturn({ bundleId, isReady, canRequest, request }: RequestOnReturn): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const { state } = useLocation();
  const isIntended = searchParams.get(requestIntentParam) === bundleId;
  const isHandled = useRef(false);
  const handle = useEffectEvent(() => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(requestIntentParam);
        return next;
      },
      // The page's own state stays (a dialog opened from its list closes back to it).
      { replace: true, state },
    );
    if (canRequest) request();
  });
  useEffect(() => {
    if (!isIntended || !isReady || isHandled.current) return;
    isHandled.current = true;
    handle();
  }, [isIntended, isReady]);
}
