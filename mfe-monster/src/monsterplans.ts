// The Monster plans as the learner pages see them: the calls of spec section 7 through the shared
// query client, and the access rules of spec section 4 as plain functions of the current user.
import type { catalog } from '@learning/contracts';
import { api, useAccessRequest, useQuery, type AccessState, type User } from '@learning/platform';

export const monsterplansKey = ['monsterplans'] as const;

/** The notice a plan detail leaves on the list when it could not be loaded (spec section 8: back to the list). */
export const planNotOpened = 'planNotOpened';

export function useMonsterplans() {
  return useQuery({ queryKey: monsterplansKey, queryFn: ({ signal }) => api.get<catalog.Monsterplan[]>('/v1/monsterplans', undefined, signal) });
}

export function useMonsterplan(id: string) {
  return useQuery({
    queryKey: [...monsterplansKey, id],
    queryFn: ({ signal }) => api.get<catalog.Monsterplan>(`/v1/monsterplans/${encodeURIComponent(id)}`, undefined, signal),
  });
}

/**
 * The signed address of one day's video. It is short-lived: asked for when the day is chosen, kept
 * while it plays (no background refetch would restart the video), and dropped when the day is left.
 */
export function usePlay(monsterplanId: string, videoId: string | null) {
  return useQuery({
    queryKey: [...monsterplansKey, monsterplanId, 'play', videoId],
    queryFn: ({ signal }) =>
      api.get<catalog.PlayResult>(`/v1/monsterplans/${encodeURIComponent(monsterplanId)}/play/${encodeURIComponent(videoId ?? '')}`, undefined, signal),
    enabled: videoId !== null,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnReconnect: false,
  });
}

export function useRequestMonsterplan() {
  return useAccessRequest<{ monsterplan: string }>({ path: '/v1/monsterplan-requests', pendingIn: 'pendingMonsterplans', idOf: (body) => body.monsterplan });
}


/** Spec section 4: not requested, then pending (in the user's pending list), then approved (in the user's plans). */
export function monsterplanAccess(monsterplanId: string, user: User | null | undefined): AccessState {
  if (user?.monsterplans.includes(monsterplanId)) return 'approved';
  if (user?.pendingMonsterplans.includes(monsterplanId)) return 'pending';
  return 'not-requested';
}

/** Spec section 2: an inactive plan shows no request button. */
export function canRequest(plan: Pick<catalog.Monsterplan, 'isActive'>, access: AccessState): boolean {
  return plan.isActive && access === 'not-requested';
}

/** The early price while it lasts (spec section 9): data the administrator sets, shown until its moment passes. */
export function earlyPriceOf(plan: Pick<catalog.Monsterplan, 'earlyPrice' | 'earlyPriceUntil'>, now: number = Date.now()): { price: string; until: string } | null {
  if (!plan.earlyPrice || !plan.earlyPriceUntil) return null;
  const until = Date.parse(plan.earlyPriceUntil);
  return Number.isFinite(until) && now < until ? { price: plan.earlyPrice, until: plan.earlyPriceUntil } : null;
}

/** The exam result the learner already has for this plan (the exam can be taken once). */
export function examResultOf(monsterplanId: string, user: User | null | undefined) {
  return user?.monsterplanExam.find((result) => result.id === monsterplanId);
}
