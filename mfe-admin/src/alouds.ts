// The read-aloud recordings (spec section 7: GET /v1/monsterplans/aloud), grouped by learner and
// paged on the server, one learner per page (spec section 9).
import type { Page } from '@learning/contracts';
import { api, keepPreviousData, useQuery } from '@learning/platform';
import { aloudsKey } from './keys';

/** Spec section 9: "Page size … 1 for aloud submissions". */
export const aloudsPerPage = 1;

export interface AloudSubmissions {
  user: { email: string };
  alouds: Array<{ createdAt: string; url: string }>;
}

export function useAlouds(page: number) {
  return useQuery({
    queryKey: [...aloudsKey, page],
    queryFn: ({ signal }) => api.get<Page<AloudSubmissions>>('/v1/monsterplans/aloud', { perPage: aloudsPerPage, currentPage: page }, signal),
    placeholderData: keepPreviousData,
  });
}
