// The lesson bundles as the learner pages see them: the calls of spec section 7 through the shared
// query client, and the access rule of spec section 4 as a plain function of the current user.
import type { catalog } from '@learning/contracts';
import { api, useAccessRequest, useQuery, type AccessState, type User } from '@learning/platform';

export const lessonsKey = ['lessons'] as const;

/** The notice a lesson detail leaves on the list when it could not be loaded (spec section 8: back to the list). */
export const lessonNotOpened = 'lessonNotOpened';

export function useLessons() {
  return useQuery({ queryKey: lessonsKey, queryFn: ({ signal }) => api.get<catalog.Lesson[]>('/v1/lessons', undefined, signal) });
}

/** A bundle with its videos; their addresses are signed and short-lived, so it is asked for each time it opens. */
export function useLesson(id: string) {
  return useQuery({
    queryKey: [...lessonsKey, id],
    queryFn: ({ signal }) => api.get<catalog.Lesson>(`/v1/lessons/${encodeURIComponent(id)}`, undefined, signal),
    staleTime: 0,
    refetchOnReconnect: false,
  });
}

export function useRequestLesson() {
  return useAccessRequest<{ lesson: string }>({ path: '/v1/lesson-requests', pendingIn: 'pendingLessons', idOf: (body) => body.lesson });
}

/**
 * Spec section 4: approved when every video of the bundle is among the user's lessons (approved video
 * ids); pending when the bundle is in the user's pending list; otherwise not requested.
 */
export function lessonAccess(lesson: Pick<catalog.Lesson, '_id' | 'videos'>, user: User | null | undefined): AccessState {
  if (user && lesson.videos.length > 0 && lesson.videos.every((videoId) => user.lessons.includes(videoId))) return 'approved';
  if (user?.pendingLessons.includes(lesson._id)) return 'pending';
  return 'not-requested';
}
