// The users the administrator sees: GET /v1/users, paged on the server.
import type { Page } from '@learning/contracts';
import { api, keepPreviousData, useQuery, type User } from '@learning/platform';
import { usersKey } from './keys';
import { rowsPerPage } from './paging';

export function useUsers(page: number) {
  return useQuery({
    queryKey: [...usersKey, page],
    queryFn: ({ signal }) => api.get<Page<User>>('/v1/users', { perPage: rowsPerPage, currentPage: page }, signal),
    placeholderData: keepPreviousData,
  });
}
