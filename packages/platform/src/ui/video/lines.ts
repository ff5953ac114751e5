// The subtitle track as the learner's list of lines (issue 23): cues from the browser's own WebVTT
// parsing (video.textTracks) made into plain lines, the line playing at a moment, and the lines
// before and after it. Pure: the player reads the cues, this decides.

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

/** The cues as lines, in time order, empty ones left out. */
export function linesOf(cues: ArrayLike<CueLike> | null | undefined): Line[] {
  if (!cues) return [];
  return Array.from(cues)
    .map((cue) => ({ start: cue.startTime, end: cue.endTime, text: plainText(cue.text ?? '') }))
    .filter((line) => line.text !== '' && line.end > line.start)
    .sort((one, other) => one.start - other.start || one.end - other.end)
    .map((line, index) => ({ index, ...line }));
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
