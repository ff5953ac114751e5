// The read-aloud recordings (spec section 7: GET /v1/monsterplans/aloud), grouped by learner and
// paged on the server, one learner per page (spec section 9), or one learner's (?user=);
// and, from the catalog, each recording's plan day and whether it came within 24 hours of the
// day's assignment (GET /v1/refunds/alouds?ids=…).
import type { Page } from '@learning/contracts';
import { api, keepPreviousData, useQuery } from '@learning/platform';
import { aloudsKey, aloudTimelinessKey } from './keys';

/** Spec section 9: "Page size … 1 for aloud submissions". */
export const aloudsPerPage = 1;
/** The most the media service gives in one page, and the catalog answers for in one call. */
const mostAtOnce = 100;

export interface Aloud {
  /** Older answers have no id; their timeliness is not asked for. */
  _id?: string;
  createdAt: string;
  url: string;
  monsterplanId?: string | null;
  week?: number | null;
  dayOfWeek?: number | null;
}

export interface AloudSubmissions {
  user: { email: string; _id?: string };
  alouds: Aloud[];
}

export interface AloudTimeliness {
  aloudId: string;
  monsterplanId: string;
  week: number;
  dayOfWeek: number;
  recordedAt: string;
  assignedAt: string | null;
  isOnTime: boolean;
}

export function useAlouds(page: number) {
  return useQuery({
    queryKey: [...aloudsKey, page],
    queryFn: ({ signal }) => api.get<Page<AloudSubmissions>>('/v1/monsterplans/aloud', { perPage: aloudsPerPage, currentPage: page }, signal),
    placeholderData: keepPreviousData,
  });
}

/** One learner's recordings, newest as the media service orders them. */
export function useLearnerAlouds(userId: string) {
  return useQuery({
    queryKey: [...aloudsKey, 'user', userId],
    queryFn: async ({ signal }) => {
      const page = await api.get<Page<AloudSubmissions>>('/v1/monsterplans/aloud', { user: userId, perPage: mostAtOnce }, signal);
      return page.result.flatMap((entry) => entry.alouds);
    },
  });
}

/** The catalog's word on these recordings, by recording id (those it does not know are absent). */
export function useAloudTimeliness(alouds: readonly Aloud[]) {
  const ids = alouds.flatMap((aloud) => (aloud._id ? [aloud._id] : [])).slice(0, mostAtOnce);
  return useQuery({
    queryKey: [...aloudTimelinessKey, ids.join(',')],
    queryFn: ({ signal }) => api.get<{ result: AloudTimeliness[] }>('/v1/refunds/alouds', { ids: ids.join(',') }, signal),
    select: ({ result }) => new Map(result.map((each) => [each.aloudId, each])),
    enabled: ids.length > 0,
  });
}
