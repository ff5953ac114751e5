// What the player remembers in localStorage: where the learner stopped in each video (so it resumes
// there), and the speed and subtitles they chose last (so the next video starts the same way).
// A storage that throws (private mode, disabled storage) remembers nothing.

/** The spec's speeds (section 9), always in view. */
export const playbackSpeeds = [0.7, 1, 1.5, 2] as const;
/** Finer slow steps for listening, in a menu beside them. */
export const slowSpeeds = [0.5, 0.6, 0.8, 0.9] as const;
/** Every speed, slowest first: the keys step through these. */
export const allSpeeds = [0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.5, 2] as const;
export type PlaybackSpeed = (typeof allSpeeds)[number];

const positionPrefix = 'lp.video.position.';
const speedKey = 'lp.video.speed';
const subtitlesKey = 'lp.video.subtitles';

/** A position this close to either end is not worth resuming from (seconds). */
const resumeMargin = 3;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused: nothing is remembered.
  }
}

/** Where to resume this video, or null to start at the beginning. */
export function resumePosition(videoKey: string, duration: number): number | null {
  return worthResuming(Number(read(positionPrefix + videoKey)), duration);
}

/** `saved`, unless it is too close to either end to resume from (then null: the beginning). */
export function worthResuming(saved: number, duration: number): number | null {
  if (!Number.isFinite(saved) || saved < resumeMargin) return null;
  if (Number.isFinite(duration) && saved > duration - resumeMargin) return null;
  return saved;
}

export function rememberPosition(videoKey: string, seconds: number): void {
  write(positionPrefix + videoKey, Number.isFinite(seconds) && seconds > 0 ? seconds.toFixed(1) : null);
}

/** A video watched to its end starts from the beginning next time. */
export function forgetPosition(videoKey: string): void {
  write(positionPrefix + videoKey, null);
}

export function preferredSpeed(): PlaybackSpeed {
  const saved = Number(read(speedKey));
  return allSpeeds.find((speed) => speed === saved) ?? 1;
}

export function rememberSpeed(speed: PlaybackSpeed): void {
  write(speedKey, String(speed));
}

/** Subtitles are on unless the learner turned them off. */
export function prefersSubtitles(): boolean {
  return read(subtitlesKey) !== 'off';
}

export function rememberSubtitles(isOn: boolean): void {
  write(subtitlesKey, isOn ? 'on' : 'off');
}

// Where it always was for the player's imports; its own module keeps this one out of pages without a player.
export { formatClock } from './clock';

const qualityKey = 'lp.video.quality';

/** The quality chosen last in the player's menu (hls-source.ts): 'auto', a rendition such as '540p', or 'audio'. */
export function preferredQuality(): string {
  return read(qualityKey) ?? 'auto';
}

export function rememberQuality(quality: string): void {
  write(qualityKey, quality === 'auto' ? null : quality);
}
