// Lesson bundles (spec section 7): create {name, videos, price} and remove {id, videos}; the list is
// @learning/platform's useLessons.
import type { catalog } from '@learning/contracts';
import { api, lessonsKey, useMutation, useQueryClient } from '@learning/platform';
import { requestsKey } from './keys';

export function useCreateLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; videos: string[]; price: string }) => api.post<catalog.Lesson>('/v1/lessons', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lessonsKey }),
  });
}

export function useDeleteLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lesson: Pick<catalog.Lesson, '_id' | 'videos'>) => api.delete<void>(`/v1/lessons/${encodeURIComponent(lesson._id)}`, { id: lesson._id, videos: lesson.videos }),
    // Its requests go with it.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: lessonsKey }), queryClient.invalidateQueries({ queryKey: requestsKey('lesson') })]),
  });
}
