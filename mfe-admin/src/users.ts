// The users the administrator sees: GET /v1/users, paged on the server and searched by name or
// email; the administrator role, granted or removed with PUT /v1/users/{id}/admin (the user's
// earlier tokens stop working); and one learner whole: the user, their plans' and bundles' progress,
// and revoking their access to one.
import type { MyLesson, MyMonsterplan, Page } from '@learning/contracts';
import { api, keepPreviousData, useMutation, useQuery, useQueryClient, type User } from '@learning/platform';
import { learnerKey, requestsKey, usersKey } from './keys';
import { rowsPerPage } from './paging';

export function useUsers(page: number, search = '') {
  return useQuery({
    queryKey: [...usersKey, search, page],
    queryFn: ({ signal }) => api.get<Page<User>>('/v1/users', { perPage: rowsPerPage, currentPage: page, search: search || undefined }, signal),
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

/** The learner's own admin page. */
export const learnerPath = (userId: string) => `/administrator/users/${encodeURIComponent(userId)}`;

const userPath = (userId: string) => `/v1/users/${encodeURIComponent(userId)}`;
const fetchUser = (userId: string, signal?: AbortSignal) => api.get<User>(userPath(userId), undefined, signal);

/** GET /v1/users/{id}: the user with their grants and exam results. */
export function useUser(userId: string) {
  return useQuery({ queryKey: [...learnerKey(userId), 'user'], queryFn: ({ signal }) => fetchUser(userId, signal) });
}

/** A learner's plans and bundles as their own /me shows them (GET /v1/progress/users/{id}). */
export interface LearnerProgress {
  monsterplans: MyMonsterplan[];
  lessons: MyLesson[];
}

export function useLearnerProgress(userId: string) {
  return useQuery({
    queryKey: [...learnerKey(userId), 'progress'],
    queryFn: ({ signal }) => api.get<LearnerProgress>(`/v1/progress/users/${encodeURIComponent(userId)}`, undefined, signal),
  });
}

export type BundleKind = 'monsterplan' | 'lesson';

const grantsOf: Record<BundleKind, ReadonlyArray<'monsterplans' | 'pendingMonsterplans' | 'lessons' | 'pendingLessons'>> = {
  monsterplan: ['monsterplans', 'pendingMonsterplans'],
  lesson: ['lessons', 'pendingLessons'],
};

export function hasGrant(user: User, kind: BundleKind, bundleId: string): boolean {
  return grantsOf[kind].some((list) => user[list].includes(bundleId));
}

/** How often, and how many times, the user is reloaded until their grants show the revoke. */
const revokeRecheck = { intervalMs: 300, attempts: 20 };

/**
 * DELETE /v1/monsterplans/{id}/learners/{userId} (or /v1/lessons/…): the request goes and access is
 * recomputed. The user's grants change through events a moment after the answer, so the user is
 * reloaded until the grant is gone (as packages/platform's access-request does for a new request).
 */
export function useRevokeAccess(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, bundleId }: { kind: BundleKind; bundleId: string; name: string }) => {
      const family = kind === 'monsterplan' ? 'monsterplans' : 'lessons';
      await api.delete<void>(`/v1/${family}/${encodeURIComponent(bundleId)}/learners/${encodeURIComponent(userId)}`);
      for (let attempt = 0; attempt < revokeRecheck.attempts; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, revokeRecheck.intervalMs));
        const user = await fetchUser(userId).catch(() => undefined);
        if (user && !hasGrant(user, kind, bundleId)) {
          queryClient.setQueryData([...learnerKey(userId), 'user'], user);
          return;
        }
      }
    },
    onSettled: (_answer, _error, { kind }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: learnerKey(userId) }), queryClient.invalidateQueries({ queryKey: requestsKey(kind) })]),
  });
}
