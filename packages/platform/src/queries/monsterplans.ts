// The Monster plans' calls (spec section 7) in the shared query client, for the learner pages and
// the administrator's alike: one key per answer, so a change made in one area shows in the other.
import type { catalog } from '@learning/contracts';
import { useQuery } from '@tanstack/react-query';
import { useAccessRequest } from '../access-request';
import { api } from '../api';

export const monsterplansKey = ['monsterplans'] as const;
export const monsterplanKey = (id: string) => [...monsterplansKey, id] as const;
export const playKey = (monsterplanId: string, videoId: string | null) => [...monsterplanKey(monsterplanId), 'play', videoId] as const;

export function fetchMonsterplans(signal?: AbortSignal): Promise<catalog.Monsterplan[]> {
  return api.get<catalog.Monsterplan[]>('/v1/monsterplans', undefined, signal);
}

export function fetchMonsterplan(id: string, signal?: AbortSignal): Promise<catalog.Monsterplan> {
  return api.get<catalog.Monsterplan>(`/v1/monsterplans/${encodeURIComponent(id)}`, undefined, signal);
}

export function fetchPlay(monsterplanId: string, videoId: string, signal?: AbortSignal): Promise<catalog.PlayResult> {
  return api.get<catalog.PlayResult>(`/v1/monsterplans/${encodeURIComponent(monsterplanId)}/play/${encodeURIComponent(videoId)}`, undefined, signal);
}

/** GET /v1/monsterplans: every plan. */
export function useMonsterplans() {
  return useQuery({ queryKey: monsterplansKey, queryFn: ({ signal }) => fetchMonsterplans(signal) });
}

export function useMonsterplan(id: string) {
  return useQuery({ queryKey: monsterplanKey(id), queryFn: ({ signal }) => fetchMonsterplan(id, signal) });
}

/**
 * The signed address of one day's video. It is short-lived: asked for when the day is chosen, kept
 * while it plays (no background refetch would restart the video), and dropped when the day is left.
 */
export function usePlay(monsterplanId: string, videoId: string | null) {
  return useQuery({
    queryKey: playKey(monsterplanId, videoId),
    queryFn: ({ signal }) => fetchPlay(monsterplanId, videoId ?? '', signal),
    enabled: videoId !== null,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnReconnect: false,
  });
}

/** POST /v1/monsterplan-requests: mutate({ monsterplan: id }). */
export function useRequestMonsterplan() {
  return useAccessRequest<{ monsterplan: string }>({
    path: '/v1/monsterplan-requests',
    pendingIn: 'pendingMonsterplans',
    idOf: (body) => body.monsterplan,
    pageOf: (id) => `/product-monster-plan/${encodeURIComponent(id)}`,
  });
}
