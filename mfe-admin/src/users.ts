// The users the administrator sees: GET /v1/users, paged on the server; and the administrator role,
// granted or removed with PUT /v1/users/{id}/admin (the user's earlier tokens stop working).
import type { Page } from '@learning/contracts';
import { api, keepPreviousData, useMutation, useQuery, useQueryClient, type User } from '@learning/platform';
import { usersKey } from './keys';
import { rowsPerPage } from './paging';

export function useUsers(page: number) {
  return useQuery({
    queryKey: [...usersKey, page],
    queryFn: ({ signal }) => api.get<Page<User>>('/v1/users', { perPage: rowsPerPage, currentPage: page }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSetAdministrator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, isAdmin }: { user: User; isAdmin: boolean }) => api.put<User>(`/v1/users/${encodeURIComponent(user._id)}/admin`, { isAdmin }),
    // Reloaded whether it worked or not: a refusal often means another administrator changed it first.
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
