// A learner's request to join a Monster plan or a lesson bundle (spec sections 4 and 8), the same for
// both products: on success the bundle reads pending at once, and a failed request sends the visitor
// to sign in, with continue set to the current address.
// /v1/auth/me learns of a request through an event (catalog → broker → auth), a moment after the
// request's own answer; reloading the user at once would bring back the older state (seen in the
// e2e journey on RabbitMQ). So the pending state is set from the answer, and the user is reloaded
// until the server shows it too.
import type { auth } from '@learning/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { api, ApiError } from './api';
import { currentAddress, currentUserKey, fetchCurrentUser, signInPath } from './session';

type User = auth.User;

export interface AccessRequestFamily<Body> {
  /** The request family, e.g. '/v1/monsterplan-requests'. */
  path: string;
  /** The user's list the requested id joins while it waits for the administrator. */
  pendingIn: 'pendingMonsterplans' | 'pendingLessons';
  /** The requested bundle's id in the body, e.g. `body.monsterplan`. */
  idOf: (body: Body) => string;
}

/** How often, and how many times, the user is reloaded until the server shows a new request. */
const pendingRecheck = { intervalMs: 300, attempts: 20 };

/** mutate({ monsterplan: id }) or mutate({ lesson: id }), as the family says. */
export function useAccessRequest<Body extends object>({ path, pendingIn, idOf }: AccessRequestFamily<Body>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const reloadCurrentUser = () => queryClient.invalidateQueries({ queryKey: currentUserKey });
  return useMutation({
    mutationFn: (body: Body) => api.post<unknown>(path, body),
    onSuccess: (_request, body) => {
      const id = idOf(body);
      queryClient.setQueryData<User | null>(currentUserKey, (user) => (user && !user[pendingIn].includes(id) ? { ...user, [pendingIn]: [...user[pendingIn], id] } : user));
      void reloadOnceShown(queryClient, (user) => user[pendingIn].includes(id));
    },
    onError: (error) => {
      // 409: the request exists already (sent from another tab): the reloaded user shows it.
      if (error instanceof ApiError && error.status === 409) return reloadCurrentUser();
      navigate(signInPath(currentAddress(location)));
    },
  });
}

/** Reloads the current user until `isShown` holds for the server's answer, then keeps that answer. */
async function reloadOnceShown(queryClient: QueryClient, isShown: (user: User) => boolean): Promise<void> {
  for (let attempt = 0; attempt < pendingRecheck.attempts; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, pendingRecheck.intervalMs));
    const user = await fetchCurrentUser().catch(() => undefined);
    if (user === null || (user && isShown(user))) {
      // (null: the token was refused meanwhile, and the visitor is signed out.)
      queryClient.setQueryData(currentUserKey, user);
      return;
    }
  }
}
