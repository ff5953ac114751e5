// A learner's dictation of a video: the player compares each typed line with the subtitle
// line and sends the video's score so far; the latest is kept per learner and video, and shown with
// the video's listening progress (progress.ts). Only where the learner may report listening.
import type { progress } from '@learning/contracts';
import { placeOf } from './listening.js';
import type { CatalogDb } from './tables.js';

/** PUT /v1/progress/videos/{videoId}/dictation: keeps the score, answers it. */
export async function saveDictation(db: CatalogDb, userId: string, videoId: string, report: progress.DictationReport, now = new Date()): Promise<progress.DictationScore> {
  await placeOf(db, userId, videoId, report);
  const values = { lines: report.lines, correct_words: report.correctWords, total_words: report.totalWords, saved_at: now };
  await db
    .insertInto('dictation')
    .values({ user_id: userId, video_id: videoId, ...values })
    .onConflict((c) => c.columns(['user_id', 'video_id']).doUpdateSet(values))
    .execute();
  return { lines: report.lines, correctWords: report.correctWords, totalWords: report.totalWords, at: now.toISOString() };
}

/** The score as the progress answers give it, from a row joined to the video (null without one). */
export function dictationOf(row: { dictation_lines: number | null; correct_words: number | null; total_words: number | null; saved_at: Date | null }): progress.DictationScore | null {
  if (row.dictation_lines === null || row.correct_words === null || row.total_words === null || row.saved_at === null) return null;
  return { lines: row.dictation_lines, correctWords: row.correct_words, totalWords: row.total_words, at: row.saved_at.toISOString() };
}
