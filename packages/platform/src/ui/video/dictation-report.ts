// A dictation's score sent to the catalog with the learner's progress (issue 23): the video's score
// so far, after each line checked; a lost one is carried by the next, which holds it.
import type { DictationScore } from '@learning/contracts';
import { api } from '../../api';
import type { ListeningTarget } from '../../listening';

export function saveDictation(target: ListeningTarget, score: { lines: number; correctWords: number; totalWords: number }): Promise<DictationScore> {
  const owner = 'monsterplan' in target ? { monsterplan: target.monsterplan } : { lesson: target.lesson };
  return api.put<DictationScore>(`/v1/progress/videos/${encodeURIComponent(target.videoId)}/dictation`, { ...owner, ...score });
}
