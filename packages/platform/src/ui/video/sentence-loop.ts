// What happens when a line ends: played again after a pause (the sentence loop, or an A–B
// stretch), or the video waits for the learner (auto-pause, for shadowing and dictation). Driven by
// the <video>'s timeupdate and seeked events, and one timer for the pause between repeats; nothing
// here touches the DOM, so tests drive it with a plain object and fake timers.
import { lineTolerance, type Line } from './lines';

/** What the controller needs of a <video>. */
export interface LoopMedia {
  currentTime: number;
  readonly paused: boolean;
  play(): unknown;
  pause(): void;
}

export interface LoopSettings {
  /** The current line is played again when it ends. */
  isLooping: boolean;
  /** The wait before each repeat, in seconds (0–5). */
  pauseSeconds: number;
  /** How many times a line is played again after it is first heard; Infinity for endless. */
  repeats: number;
  /** The video pauses at the end of every line (after its repeats, when looping). */
  isAutoPausing: boolean;
}

export interface Span {
  start: number;
  end: number;
}

export interface SentenceLoopOptions {
  media: LoopMedia;
  /** The line being heard at a moment (lines.ts lineAt over the track's lines). */
  lineAt: (time: number) => Line | null;
  settings: () => LoopSettings;
  /** A line (or the A–B stretch) has ended and the video paused for the learner. */
  onAutoPause?: (line: Line | null) => void;
  /** A repeat is waiting its pause (true) or has started (false). */
  onWaiting?: (isWaiting: boolean) => void;
  timers?: { setTimeout: (run: () => void, ms: number) => unknown; clearTimeout: (timer: unknown) => void };
}

export interface SentenceLoop {
  /** Call on the video's timeupdate. */
  timeUpdate(): void;
  /** Call on the video's seeked: a seek out of the line followed starts afresh where it landed. */
  seeked(): void;
  /** Plays a line from its start (a tap in the list, previous / replay / next), its repeats counted anew. */
  playLine(line: Line): void;
  /** Loops this stretch instead of the lines (the A–B loop), or goes back to the lines with null. */
  setStretch(stretch: Span | null): void;
  /** Call on the video's play: a learner who presses play during the pause hears the repeat at once. */
  played(): void;
  /** Stops a waiting repeat and leaves the line followed as it is (the player goes away). */
  cancel(): void;
}

const maxPauseSeconds = 5;

const globalTimers = {
  setTimeout: (run: () => void, ms: number): unknown => setTimeout(run, ms),
  clearTimeout: (timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

export function createSentenceLoop({ media, lineAt, settings, onAutoPause, onWaiting, timers = globalTimers }: SentenceLoopOptions): SentenceLoop {
  // The line (or stretch) being followed, how often it was repeated, and whether its end was dealt with.
  let followed: { line: Line | null; span: Span; repeated: number; isDone: boolean } | null = null;
  let stretch: Span | null = null;
  let waiting: unknown = null;

  const follow = (line: Line | null, span: Span | null) => {
    followed = span ? { line, span, repeated: 0, isDone: false } : null;
  };
  const followAt = (time: number) => {
    if (stretch) return follow(null, stretch);
    const line = lineAt(time);
    follow(line, line);
  };
  const isInside = (span: Span, time: number) => time >= span.start - lineTolerance && time < span.end + lineTolerance;

  const stopWaiting = () => {
    if (waiting === null) return;
    timers.clearTimeout(waiting);
    waiting = null;
    onWaiting?.(false);
  };

  const repeat = (span: Span) => {
    media.currentTime = span.start;
    if (media.paused) void Promise.resolve(media.play()).catch(() => undefined);
  };

  const reachEnd = (current: NonNullable<typeof followed>) => {
    const { isLooping, pauseSeconds, repeats, isAutoPausing } = settings();
    // An A–B stretch loops until the learner clears it; a line, its count of repeats.
    const isRepeating = stretch !== null || (isLooping && current.repeated < repeats);
    if (isRepeating) {
      current.repeated++;
      const waitMs = Math.min(Math.max(pauseSeconds, 0), maxPauseSeconds) * 1000;
      if (waitMs === 0) return repeat(current.span);
      media.pause();
      onWaiting?.(true);
      waiting = timers.setTimeout(() => {
        waiting = null;
        onWaiting?.(false);
        repeat(current.span);
      }, waitMs);
      return;
    }
    current.isDone = true;
    if (isAutoPausing) {
      media.pause();
      onAutoPause?.(current.line);
    }
  };

  return {
    timeUpdate() {
      if (waiting !== null) return;
      const time = media.currentTime;
      if (!followed || (followed.isDone && !isInside(followed.span, time)) || time < followed.span.start - lineTolerance) followAt(time);
      const current = followed;
      if (!current || current.isDone || media.paused) return;
      // timeupdate comes every quarter second or so: the end is seen up to that late, which a repeat undoes.
      if (time >= current.span.end - lineTolerance) reachEnd(current);
    },
    seeked() {
      if (waiting !== null) return;
      const time = media.currentTime;
      if (!followed || !isInside(followed.span, time)) followAt(time);
    },
    playLine(line) {
      stopWaiting();
      follow(line, stretch ?? line);
      repeat(stretch ?? line);
    },
    setStretch(next) {
      stopWaiting();
      stretch = next && next.end > next.start ? next : null;
      if (stretch) repeat(stretch);
      followAt(media.currentTime);
    },
    played() {
      if (waiting === null || !followed) return;
      stopWaiting();
      repeat(followed.span);
    },
    cancel() {
      stopWaiting();
      if (followed) followed.isDone = true;
    },
  };
}
