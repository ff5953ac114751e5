// The subtitle track as the learner's list of lines: the cues that are speech, from the
// browser's own WebVTT parsing (video.textTracks), made into plain lines, the line playing at a moment,
// and the lines before and after it. Pure: the player reads the cues, this decides.

/** What a line is made from: a browser's VTTCue (a TextTrackCue with text), or a test's plain object. */
export interface CueLike {
  startTime: number;
  endTime: number;
  text?: string;
}

export interface Line {
  index: number;
  start: number;
  end: number;
  /** The cue's text without WebVTT tags (<i>, <c.x>, <v Name>, timestamps), on one line. */
  text: string;
}

/** A seek lands a hair before where it was asked in some browsers: this close counts as inside. */
export const lineTolerance = 0.05;

/**
 * The cues that are speech, as lines in time order. A line is what the learner follows, loops and
 * writes in dictation, so a cue that is not said is left out (the video still shows it as a subtitle):
 * - a cue with no word once its sounds are taken out: anything in [ ], ( ) or between music notes, and
 *   the notes themselves ("[Music]", "(laughs)", "♪ la la ♪", "♪ ♪", "...", "1", an empty cue);
 * - the track's title: its first remaining cue, when it begins with a numbered week, day, lesson,
 *   lecture, unit or part and does not end as a sentence does (. ? ! …): "Week 1 Day 2",
 *   "1-р долоо хоног, 2-р өдөр: Дэлгүүрт", "Лекц 1: Утсаар ярих". A first line that is said
 *   ("Lesson 1 is about greetings.") ends with its stop and stays.
 */
export function linesOf(cues: ArrayLike<CueLike> | null | undefined): Line[] {
  if (!cues) return [];
  const said = Array.from(cues)
    .map((cue) => ({ start: cue.startTime, end: cue.endTime, text: plainText(cue.text ?? '') }))
    .filter((line) => line.end > line.start && hasWords(line.text))
    .sort((one, other) => one.start - other.start || one.end - other.end);
  const speech = said[0] && isTitle(said[0].text) ? said.slice(1) : said;
  return speech.map((line, index) => ({ index, ...line }));
}

const musicNotes = '♪♫♬♩';
const sounds = new RegExp(`\\[[^\\]]*\\]|\\([^)]*\\)|[${musicNotes}][^${musicNotes}]*[${musicNotes}]|[${musicNotes}]`, 'gu');

/** Whether a cue's text says a word, once its sounds ([Music], (laughs), ♪ … ♪) are taken out. */
export function hasWords(text: string): boolean {
  return /\p{L}/u.test(text.replace(sounds, ''));
}

const units = 'week|day|lesson|lecture|unit|part|долоо хоног|өдөр|хичээл|лекц|бүлэг';
/** "Week 1", "Лекц 1", or "1-р долоо хоног", "2 дугаар хичээл", at the start. */
const numberedUnit = new RegExp(`^(?:(?:${units})\\s*\\d+|\\d+\\s*-?\\s*(?:р|дугаар|дүгээр)\\s+(?:${units}))`, 'iu');
const sentenceEnd = /[.?!…]["'”’»)]*$/u;

/** Whether a track's first cue is its title (see linesOf): a numbered week, day or lesson, not a sentence. */
export function isTitle(text: string): boolean {
  return numberedUnit.test(text) && !sentenceEnd.test(text);
}

/** A cue's text as the learner reads it: tags dropped, the few entities VTT has decoded, one line. */
export function plainText(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The line being heard at `time`, or null in a silence between lines (or before the first). */
export function lineAt(lines: readonly Line[], time: number): Line | null {
  const latest = latestStarted(lines, time);
  return latest && time < latest.end ? latest : null;
}

/**
 * The line the learner is "on" at `time`: the one being heard, else the last one heard (in a silence),
 * else the first. Null only without lines. Replay and the list's highlight follow it.
 */
export function currentLine(lines: readonly Line[], time: number): Line | null {
  return latestStarted(lines, time) ?? lines[0] ?? null;
}

/**
 * The line before the current one. Past the first second of a line, "previous" first goes back to its
 * start, as music players do, so a learner who just missed its beginning does not skip it.
 */
export function previousLine(lines: readonly Line[], time: number, restartWithin = 1): Line | null {
  const current = latestStarted(lines, time);
  if (!current) return lines[0] ?? null;
  if (time - current.start > restartWithin) return current;
  return lines[current.index - 1] ?? current;
}

/** The first line that starts after `time`, or null after the last. */
export function nextLine(lines: readonly Line[], time: number): Line | null {
  return lines.find((line) => line.start > time + lineTolerance) ?? null;
}

function latestStarted(lines: readonly Line[], time: number): Line | null {
  // Binary search: a film's track holds a thousand lines and this runs on every timeupdate.
  let low = 0;
  let high = lines.length - 1;
  let found: Line | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (lines[middle]!.start <= time + lineTolerance) {
      found = lines[middle]!;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}
