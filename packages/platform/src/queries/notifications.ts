// The learner's notifications in the shared query client: a page of them, the unread count
// the menu polls, and marking them read. A count that grows means something happened to the learner
// (an approval, an exam result…), so what it may have changed is asked for again: no reload needed.
import type { auth } from '@learning/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { currentUserKey } from '../session';
import { lessonsKey } from './lessons';
import { monsterplansKey } from './monsterplans';
import { progressKey } from './progress';

export const notificationsKey = ['notifications'] as const;
export const notificationPageKey = (page: number, perPage: number) => [...notificationsKey, 'page', perPage, page] as const;
export const unreadCountKey = [...notificationsKey, 'unread-count'] as const;

/** How often an open page asks for the unread count; TanStack Query stops while the tab is hidden. */
export const unreadCountPollMs = 5000;

export function fetchNotifications(page: number, perPage: number, signal?: AbortSignal): Promise<auth.NotificationPage> {
  return api.get<auth.NotificationPage>('/v1/notifications', { perPage, currentPage: page }, signal);
}

export function fetchUnreadCount(signal?: AbortSignal): Promise<auth.UnreadCount> {
  return api.get<auth.UnreadCount>('/v1/notifications/unread-count', undefined, signal);
}

/** GET /v1/notifications: a page, newest first; the page shown stays while the next one loads. */
export function useNotifications(page: number, perPage = 10) {
  return useQuery({
    queryKey: notificationPageKey(page, perPage),
    queryFn: ({ signal }) => fetchNotifications(page, perPage, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * GET /v1/notifications/unread-count every 5 s while the tab is visible, for a signed-in user
 * (`isEnabled`). The growth is noticed in the fetch itself, so it refreshes once however many
 * components show the count.
 */
export function useUnreadCount(isEnabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: unreadCountKey,
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<auth.UnreadCount>(unreadCountKey);
      const answer = await fetchUnreadCount(signal);
      if (before && answer.count > before.count) refreshAfterNews(queryClient);
      return answer;
    },
    enabled: isEnabled,
    refetchInterval: unreadCountPollMs,
    staleTime: 0,
  });
}

/** What a new notification may have changed: the user's grants and exam results, their progress, plans and bundles, and the list itself. */
function refreshAfterNews(queryClient: QueryClient): void {
  for (const queryKey of [currentUserKey, progressKey, monsterplansKey, lessonsKey, [...notificationsKey, 'page']]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** PUT /v1/notifications/{id}/read: mutate(id). */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.put<auth.Notification>(`/v1/notifications/${encodeURIComponent(id)}/read`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

/** PUT /v1/notifications/read: all of the learner's read. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.put<auth.UnreadCount>('/v1/notifications/read'),
    onSuccess: (count) => {
      queryClient.setQueryData(unreadCountKey, count);
      return queryClient.invalidateQueries({ queryKey: [...notificationsKey, 'page'] });
    },
  });
}
