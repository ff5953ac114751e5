// The session of spec section 4: the token is stored on login and removed on logout or when the
// auth check (GET /v1/auth/me) answers 401; the current user lives in the shared query client.
import type { auth } from '@learning/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError } from './api';
import { tokenStore } from './token';

type User = auth.User;

export const currentUserKey = ['auth', 'me'] as const;

export async function fetchCurrentUser(): Promise<User | null> {
  if (!tokenStore.get()) return null;
  try {
    return await api.get<User>('/v1/auth/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      tokenStore.clear();
      return null;
    }
    throw error;
  }
}

/** How often, and how many times, the user is reloaded until the server shows a change made elsewhere. */
const userRecheck = { intervalMs: 300, attempts: 20 };

/**
 * Reloads the current user until `isShown` holds for the server's answer, then keeps that answer.
 * /v1/auth/me learns of a request or an approval through an event, a moment after the call that made
 * it, so a single reload could bring back the older state.
 */
export async function reloadUserUntil(queryClient: QueryClient, isShown: (user: User) => boolean): Promise<void> {
  for (let attempt = 0; attempt < userRecheck.attempts; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, userRecheck.intervalMs));
    const user = await fetchCurrentUser().catch(() => undefined);
    if (user === null || (user && isShown(user))) {
      // (null: the token was refused meanwhile, and the visitor is signed out.)
      queryClient.setQueryData(currentUserKey, user);
      return;
    }
  }
}

export interface CurrentUser {
  /** null for a guest; undefined while the auth check runs or after it failed. */
  user: User | null | undefined;
  isAdmin: boolean;
  status: 'pending' | 'error' | 'success';
  error: Error | null;
  refetch: () => unknown;
}

export function useCurrentUser(): CurrentUser {
  const query = useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser, staleTime: 5 * 60_000 });
  return {
    user: query.data,
    isAdmin: query.data?.isAdmin === true,
    status: query.status,
    error: query.error,
    refetch: query.refetch,
  };
}

/** The email step of sign-in: whether the account exists, with its name. */
export function useCheckEmail() {
  return useMutation({
    mutationFn: (body: { email: string }) => api.post<auth.PublicUser>('/v1/auth/check-email', body),
  });
}

/** The password step: stores the token and makes the user current. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => api.post<auth.LoginResponse>('/v1/auth/login', body),
    onSuccess: (answer) => rememberLogin(queryClient, answer),
  });
}

/** Logs in with a login answer: stores the token and makes the user current (the password step, the Google callback). */
export function rememberLogin(queryClient: QueryClient, { token, user }: auth.LoginResponse): void {
  tokenStore.set(token);
  queryClient.setQueryData(currentUserKey, user);
}

/**
 * Registration (POST /v1/auth/register, which answers the new user), then signing in with the same
 * email and password (POST /v1/auth/login), so the learner goes on where they were going as
 * themselves. `isSignedIn` is false when that second step failed: the account exists, and they sign in.
 */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { email: string; name: string; password: string; repeatPassword: string }) => {
      const user = await api.post<User>('/v1/auth/register', body);
      const login = await api.post<auth.LoginResponse>('/v1/auth/login', { email: body.email, password: body.password }).catch(() => null);
      if (login) rememberLogin(queryClient, login);
      return { user, isSignedIn: login !== null };
    },
  });
}

/** Revokes the token on the server (best effort: an expired one is gone anyway), then forgets it. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (tokenStore.get()) await api.post<void>('/v1/auth/logout').catch(() => undefined);
    },
    onSettled: () => {
      tokenStore.clear();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
      queryClient.setQueryData(currentUserKey, null);
    },
  });
}

/** Where a guest goes for a restricted page (spec section 6): continue holds the origin plus the path. */
export function signInPath(continueUrl: string): string {
  return `/signin?continue=${encodeURIComponent(continueUrl)}`;
}

/** The address of the page being shown, as continue holds it: the origin plus the path, query and hash. */
export function currentAddress(location: { pathname: string; search: string; hash: string }): string {
  return window.location.origin + location.pathname + location.search + location.hash;
}

/**
 * The continue address to go to after sign-in or sign-out: only an address on this site, so a
 * crafted link cannot send the learner elsewhere; the site's home otherwise (spec: "or the site origin").
 */
export function continueTarget(raw: string | null, origin = window.location.origin): string {
  // Only an http(s) address or a path: 'https:host' names another host to some readers.
  if (!raw || !/^(https?:\/\/|\/)/i.test(raw)) return '/';
  try {
    const url = new URL(raw, origin);
    const path = url.pathname + url.search + url.hash;
    // '/.//host' and '/\host' parse as this site but normalise to the path '//host', which the browser
    // reads as another origin again and refuses to go to: the greeting would stay on screen.
    if (url.origin === origin && new URL(path, origin).origin === origin) return path;
  } catch {
    // Not an address: go home.
  }
  return '/';
}
