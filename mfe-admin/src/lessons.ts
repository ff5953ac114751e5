// Lesson bundles (spec section 7): create and update {name, videos, price, earlyPrice, earlyPriceUntil,
// paymentInstructions} (the early price and its deadline null to clear them) and remove {id, videos};
// the list is @learning/platform's useLessons.
import type { catalog } from '@learning/contracts';
import { api, lessonsKey, useMutation, useQueryClient } from '@learning/platform';
import { requestsKey } from './keys';

export interface LessonFields {
  name: string;
  videos: string[];
  price: string;
  earlyPrice: string | null;
  earlyPriceUntil: string | null;
  paymentInstructions: string;
}

export function useSaveLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id: string | null; fields: LessonFields }) =>
      id === null ? api.post<catalog.Lesson>('/v1/lessons', fields) : api.put<catalog.Lesson>(`/v1/lessons/${encodeURIComponent(id)}`, { id, ...fields }),
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
