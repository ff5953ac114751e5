// The days' words (monsterWords): the administrator's free text read as words (one a line,
// or comma-separated on one line, each perhaps with its meaning after a dash, a tab or a colon), and
// the plan's words so far as a flash-card file that Anki and Quizlet import: tab-separated UTF-8 with
// Anki's file headers (#separator:tab, #html:false, #deck:), one card a line, the word then its meaning.
import type { catalog, PlanProgress } from '@learning/contracts';
import { lockedUntil } from './day-release';

export interface DayWord {
  term: string;
  meaning: string;
}

export interface DayWords {
  week: number;
  dayOfWeek: number;
  words: DayWord[];
}

export function dayWordsOf(text: string): DayWord[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  const entries = lines.length === 1 && !/\t| [—–-] |:/.test(lines[0]!) ? lines[0]!.split(/[,;]/) : lines;
  return entries
    .map((entry) => {
      const [term = '', ...meaning] = entry.split(/\t| [—–-] |:\s*/);
      return { term: term.trim(), meaning: meaning.join(' ').trim() };
    })
    .filter((word) => word.term !== '');
}

/** The plan's days up to now (those released to the learner), in order, with their words. */
export function wordsSoFar(plan: catalog.Monsterplan, progress: PlanProgress | null | undefined): DayWords[] {
  return plan.populatedVideos
    .flatMap(({ week, videos }) => videos.map((video) => ({ week, dayOfWeek: video.dayOfWeek, words: dayWordsOf(video.monsterWords) })))
    .filter((day) => day.words.length > 0 && lockedUntil(progress, day.week, day.dayOfWeek) === null)
    .sort((one, other) => one.week - other.week || one.dayOfWeek - other.dayOfWeek);
}

/** A field of the file: a tab or a line break inside it would start a new column or card. */
const field = (text: string) => text.replace(/[\t\r\n]+/g, ' ').trim();

/** The flash-card file: UTF-8 (no byte order mark, which would hide Anki's first header). */
export function flashcardsFile(deck: string, days: readonly DayWords[]): File {
  const cards = days.flatMap((day) => day.words.map((word) => `${field(word.term)}\t${field(word.meaning)}`));
  const text = ['#separator:tab', '#html:false', `#deck:${field(deck)}`, ...cards, ''].join('\n');
  const name = deck.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'monster';
  return new File([text], `${name}-words.tsv`, { type: 'text/tab-separated-values;charset=utf-8' });
}
