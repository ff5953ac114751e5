// The focused-listening toggles, kept per learner in this browser: localStorage under the
// signed-in user's id (a guest's under "guest"), so two learners sharing a computer keep their own.
// Not on the server: they are a preference of the device as much as of the learner.
import type { LoopSettings } from './sentence-loop';

export interface ListeningSettings extends LoopSettings {
  /** The list of lines beside the video is shown. */
  isListShown: boolean;
}

export const pauseChoices = [0, 1, 2, 3, 4, 5] as const;
/** Repeats after the first hearing; Infinity is "endless". */
export const repeatChoices = [1, 2, 3, 5, Infinity] as const;

export const defaultListeningSettings: ListeningSettings = { isLooping: false, pauseSeconds: 1, repeats: 2, isAutoPausing: false, isListShown: true };

const keyOf = (userId: string | null | undefined) => `lp.video.listening.${userId ?? 'guest'}`;

export function readListeningSettings(userId: string | null | undefined): ListeningSettings {
  try {
    const saved = JSON.parse(localStorage.getItem(keyOf(userId)) ?? 'null') as Partial<Record<keyof ListeningSettings, unknown>> | null;
    if (!saved || typeof saved !== 'object') return defaultListeningSettings;
    const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
    const pauseSeconds = pauseChoices.find((choice) => choice === saved.pauseSeconds) ?? defaultListeningSettings.pauseSeconds;
    // JSON has no Infinity: endless is kept as null.
    const repeats = saved.repeats === null ? Infinity : (repeatChoices.find((choice) => choice === saved.repeats) ?? defaultListeningSettings.repeats);
    return {
      isLooping: flag(saved.isLooping, defaultListeningSettings.isLooping),
      pauseSeconds,
      repeats,
      isAutoPausing: flag(saved.isAutoPausing, defaultListeningSettings.isAutoPausing),
      isListShown: flag(saved.isListShown, defaultListeningSettings.isListShown),
    };
  } catch {
    return defaultListeningSettings;
  }
}

export function rememberListeningSettings(userId: string | null | undefined, settings: ListeningSettings): void {
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify({ ...settings, repeats: Number.isFinite(settings.repeats) ? settings.repeats : null }));
  } catch {
    // Storage refused: the toggles last as long as the page.
  }
}
