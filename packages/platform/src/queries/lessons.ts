// The lesson bundles' calls (spec section 7) in the shared query client, for the learner pages and
// the administrator's alike: one key per answer, so a change made in one area shows in the other.
import type { catalog } from '@learning/contracts';
import { useQuery } from '@tanstack/react-query';
import { useAccessRequest } from '../access-request';
import { api } from '../api';

export const lessonsKey = ['lessons'] as const;
export const lessonKey = (id: string) => [...lessonsKey, id] as const;

export function fetchLessons(signal?: AbortSignal): Promise<catalog.Lesson[]> {
  return api.get<catalog.Lesson[]>('/v1/lessons', undefined, signal);
}

export function fetchLesson(id: string, signal?: AbortSignal): Promise<catalog.Lesson> {
  return api.get<catalog.Lesson>(`/v1/lessons/${encodeURIComponent(id)}`, undefined, signal);
}

/** GET /v1/lessons: every bundle. */
export function useLessons() {
  return useQuery({ queryKey: lessonsKey, queryFn: ({ signal }) => fetchLessons(signal) });
}

/** A bundle with its videos; their addresses are signed and short-lived, so it is asked for each time it opens. */
export function useLesson(id: string) {
  return useQuery({ queryKey: lessonKey(id), queryFn: ({ signal }) => fetchLesson(id, signal), staleTime: 0, refetchOnReconnect: false });
}

/** POST /v1/lesson-requests: mutate({ lesson: id }). */
export function useRequestLesson() {
  return useAccessRequest<{ lesson: string }>({
    path: '/v1/lesson-requests',
    pendingIn: 'pendingLessons',
    idOf: (body) => body.lesson,
    pageOf: (id) => `/product-remote-lesson/${encodeURIComponent(id)}`,
  });
}
