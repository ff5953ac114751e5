// The learner's refund claims and the account they are paid into, in the shared query client: the
// account read and saved on /me/settings, the claims with their states on /me.
import type { refunds } from '@learning/contracts';
import { api, ApiError, useMutation, useQuery, useQueryClient } from '@learning/platform';

/** Not under 'auth': sign-out keeps only those queries, and these are the signed-in learner's own. */
export const bankAccountKey = ['bank-account'] as const;
export const myRefundsKey = ['my-refunds'] as const;

/**
 * GET /v1/me/bank-account: the account, or null while none is given (404 bank_account_not_found) or
 * when the one given no longer opens on the server (409 bank_account_unreadable): either way the
 * learner gives it (again).
 */
export function useBankAccount() {
  return useQuery({
    queryKey: bankAccountKey,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<refunds.BankAccount>('/v1/me/bank-account', undefined, signal);
      } catch (error) {
        if (error instanceof ApiError && (error.code === 'bank_account_not_found' || error.code === 'bank_account_unreadable')) return null;
        throw error;
      }
    },
    staleTime: 0,
  });
}

/** PUT /v1/me/bank-account: the account kept, and the claims' states read again (their details are given). */
export function useSaveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: refunds.BankAccount) => api.put<refunds.BankAccount>('/v1/me/bank-account', account),
    onSuccess: (saved) => {
      queryClient.setQueryData(bankAccountKey, saved);
      void queryClient.invalidateQueries({ queryKey: myRefundsKey });
    },
  });
}

/** GET /v1/me/refunds: the learner's claims, newest first. */
export function useMyRefunds() {
  return useQuery({
    queryKey: myRefundsKey,
    queryFn: ({ signal }) => api.get<refunds.MyRefunds>('/v1/me/refunds', undefined, signal),
    staleTime: 0,
  });
}
