// A dictation's score sent to the catalog with the learner's progress: the video's score
// so far, after each line checked; a lost one is carried by the next, which holds it, and the player
// says so when the latest save failed, offering to send it again.
import type { DictationScore as SavedDictation } from '@learning/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import type { ListeningTarget } from '../../listening';
import { progressKey } from '../../queries/progress';
import type { DictationScore } from './DictationPanel';

export function saveDictation(target: ListeningTarget, score: DictationScore): Promise<SavedDictation> {
  const owner = 'monsterplan' in target ? { monsterplan: target.monsterplan } : { lesson: target.lesson };
  return api.put<SavedDictation>(`/v1/progress/videos/${encodeURIComponent(target.videoId)}/dictation`, { ...owner, ...score });
}

/** Saves a score and refreshes the progress that shows it; `isError` while the latest save has failed. */
export function useSaveDictation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, score }: { target: ListeningTarget; score: DictationScore }) => saveDictation(target, score),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: progressKey }),
  });
}
