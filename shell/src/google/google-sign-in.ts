// Sign-in with Google from the shell: whether it is offered, the start of the redirect flow, and the
// exchange at /callback/google. The server keeps the nonce and the PKCE verifier; this tab keeps the
// state (and the continue address) in sessionStorage, so a callback this tab did not start is refused.
import type { auth } from '@learning/contracts';
import { api, rememberLogin, useMutation, useQuery, useQueryClient } from '@learning/platform';

export const callbackPath = '/callback/google';
const attemptKey = 'google-sign-in';

interface Attempt {
  state: string;
  continueUrl: string | null;
}

/** Leaving the site for the provider's page (an object, so a component test can watch it without jsdom navigating). */
export const providerPage = {
  open(url: string) {
    window.location.assign(url);
  },
};

/** Whether the Google button is shown: only when the server has Google configured. */
export function useGoogleStatus() {
  return useQuery({
    queryKey: ['auth', 'google'],
    queryFn: () => api.get<auth.GoogleStatus>('/v1/auth/google'),
    staleTime: Infinity,
  });
}

/** Starts the flow and leaves for the provider's page. */
export function useStartGoogleSignIn() {
  return useMutation({
    mutationFn: (continueUrl: string | null) =>
      api.post<auth.GoogleStart>('/v1/auth/google/start', { redirectUri: window.location.origin + callbackPath }).then((start) => ({ start, continueUrl })),
    onSuccess: ({ start, continueUrl }) => {
      sessionStorage.setItem(attemptKey, JSON.stringify({ state: start.state, continueUrl } satisfies Attempt));
      providerPage.open(start.authorizationUrl);
    },
  });
}

/** What the provider sent to /callback/google: in the hash (response_mode=fragment), or the query if it ignored that. */
export function readCallback(location: { hash: string; search: string }): { code: string | null; state: string | null; iss: string | null } {
  const params = new URLSearchParams(location.hash.slice(1) || location.search.slice(1));
  return { code: params.get('code'), state: params.get('state'), iss: params.get('iss') };
}

/** The mismatch of a callback with this tab's attempt: the server's kind of error, so the screen shows one way. */
export class AttemptMismatch extends Error {}

/** Exchanges the code and logs in with the answer; resolves to the user and where the learner started (continue). */
export function useGoogleLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ code, state, iss }: { code: string; state: string | null; iss: string | null }) => {
      const attempt = takeAttempt();
      if (!attempt || attempt.state !== state) throw new AttemptMismatch();
      const answer = await api.post<auth.LoginResponse>('/v1/auth/login-google', { code, state, ...(iss ? { iss } : {}) });
      rememberLogin(queryClient, answer);
      return { user: answer.user, continueUrl: attempt.continueUrl };
    },
  });
}

function takeAttempt(): Attempt | null {
  const saved = sessionStorage.getItem(attemptKey);
  sessionStorage.removeItem(attemptKey);
  try {
    return saved ? (JSON.parse(saved) as Attempt) : null;
  } catch {
    return null;
  }
}
