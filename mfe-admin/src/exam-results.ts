// The learners' exam results (spec section 7: GET /v1/monsterplans/exam-results), paged on the
// server, each with the learner's email and the plan's name.
import type { Page } from '@learning/contracts';
import { api, keepPreviousData, useQuery } from '@learning/platform';
import { examResultsKey } from './keys';
import { rowsPerPage } from './paging';

export interface ExamResult {
  _id: string;
  user: { email: string };
  monsterplan: { name: string };
  percent: number;
  correctQuestions: number;
  totalQuestions: number;
}

export function useExamResults(page: number) {
  return useQuery({
    queryKey: [...examResultsKey, page],
    queryFn: ({ signal }) => api.get<Page<ExamResult>>('/v1/monsterplans/exam-results', { perPage: rowsPerPage, currentPage: page }, signal),
    placeholderData: keepPreviousData,
  });
}
