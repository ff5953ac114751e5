// Monster plans (spec section 7): create {name, videos, price}, update {id, name, videos, price} and
// remove {id, videos}; the list is @learning/platform's useMonsterplans. Videos go as placements
// (week, day, the day's words): the catalog's form of a video's place in a plan. The bodies also
// carry the payment instructions and the daily release; the early price and its deadline are null
// to clear them.
import type { catalog } from '@learning/contracts';
import { api, monsterplansKey, useMutation, useQueryClient } from '@learning/platform';
import { requestsKey } from './keys';

export type Placement = catalog.Placement;

export interface MonsterplanFields {
  name: string;
  price: string;
  earlyPrice: string | null;
  earlyPriceUntil: string | null;
  videos: Placement[];
  isActive: boolean;
  exam: boolean;
  paymentInstructions: string;
  releaseDaily: boolean;
}

/** Where each video of a plan sits, in the plan's order (weeks, then days). */
export function placementsOf(plan: catalog.Monsterplan): Placement[] {
  return plan.populatedVideos.flatMap(({ week, videos }) =>
    videos.map((video) => ({ _id: video._id, week, dayOfWeek: video.dayOfWeek, monsterWords: video.monsterWords })),
  );
}

export function useSaveMonsterplan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id: string | null; fields: MonsterplanFields }) =>
      id === null
        ? api.post<catalog.Monsterplan>('/v1/monsterplans', fields)
        : api.put<catalog.Monsterplan>(`/v1/monsterplans/${encodeURIComponent(id)}`, { id, ...fields }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: monsterplansKey }),
  });
}

export function useDeleteMonsterplan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: Pick<catalog.Monsterplan, '_id' | 'videos'>) =>
      api.delete<void>(`/v1/monsterplans/${encodeURIComponent(plan._id)}`, { id: plan._id, videos: plan.videos }),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: monsterplansKey }), queryClient.invalidateQueries({ queryKey: requestsKey('monsterplan') })]),
  });
}
