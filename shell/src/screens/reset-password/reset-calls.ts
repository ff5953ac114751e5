// The reset link's two calls: whether it still works (before the learner types anything), and the new
// password, which signs the learner in as a login does.
import type { auth } from '@learning/contracts';
import { api, ApiError, rememberLogin, useMutation, useQuery, useQueryClient } from '@learning/platform';

/** POST /v1/auth/password-reset/check: the account's email while the link works; a 400 or 410 with the reason otherwise. */
export function useResetLinkCheck(token: string | null) {
  return useQuery({
    queryKey: ['password-reset', token],
    queryFn: () => api.post<auth.PasswordResetCheck>('/v1/auth/password-reset/check', { token }),
    enabled: token !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** POST /v1/auth/password-reset/confirm: answers {user, token}, remembered as the sign-in screen does. */
export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; password: string; repeatPassword: string }) =>
      api.post<auth.LoginResponse>('/v1/auth/password-reset/confirm', body),
    onSuccess: (answer) => rememberLogin(queryClient, answer),
  });
}

/** The link itself is refused (invalid, expired, used): a new one must be asked for. */
export function isLinkRefused(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code.startsWith('reset_link_');
}
