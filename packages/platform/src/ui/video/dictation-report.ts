// A dictation's score sent to the catalog with the learner's progress: the video's score
// so far, after each line checked; a lost one is carried by the next, which holds it, and the player
// says so when the latest save failed, offering to send it again. Without a connection the score
// waits offline and is sent when one returns (offline/queued-progress.ts).
import type { DictationScore as SavedDictation } from '@learning/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../api';
import type { ListeningTarget } from '../../listening';
import { queueOffline } from '../../offline/queued-progress';
import { progressKey } from '../../queries/progress';
import type { DictationScore } from './DictationPanel';

export async function saveDictation(target: ListeningTarget, score: DictationScore): Promise<SavedDictation> {
  const owner = 'monsterplan' in target ? { monsterplan: target.monsterplan } : { lesson: target.lesson };
  const path = `/v1/progress/videos/${encodeURIComponent(target.videoId)}/dictation`;
  const body = { ...owner, ...score };
  try {
    return await api.put<SavedDictation>(path, body);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'network_error')) throw error;
    // The video's latest score replaces any earlier one waiting.
    if (!(await queueOffline({ key: `dictation:${target.videoId}`, method: 'PUT', path, body: JSON.stringify(body) }))) throw error;
    return { ...score, at: new Date().toISOString() };
  }
}

/** Saves a score and refreshes the progress that shows it; `isError` while the latest save has failed. */
export function useSaveDictation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, score }: { target: ListeningTarget; score: DictationScore }) => saveDictation(target, score),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: progressKey }),
  });
}
