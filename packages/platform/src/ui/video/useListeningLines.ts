// Focused listening as the player offers it (useFocusedListening.ts): the same lines and controls,
// each change of the toggles and the A–B stretch said to a screen reader, and the day's words heard
// in the line the learner is on.
import { useMemo, type RefObject } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { formatClock } from './clock';
import type { Line } from './lines';
import type { ListeningSettings } from './listening-settings';
import { useFocusedListening } from './useFocusedListening';
import { wordsInLine } from './word-marks';

export interface ListeningLinesOptions {
  /** The day's words, marked when the line heard holds them. */
  words: readonly string[];
  /** Dictation hides the lines' text, so no word is marked as heard. */
  isDictating: boolean;
  onAutoPause: (line: Line | null) => void;
  announce: (text: string) => void;
}

export function useListeningLines(video: RefObject<HTMLVideoElement | null>, src: string, subtitlesSrc: string | null, { words, isDictating, onAutoPause, announce }: ListeningLinesOptions) {
  const { t } = useTranslation('common');
  const focused = useFocusedListening(video, src, subtitlesSrc, { isDictating, onAutoPause });
  const currentText = focused.current && !isDictating ? focused.current.text : '';
  const heardWords = useMemo(() => wordsInLine(words, currentText), [words, currentText]);
  const onOff = (isOn: boolean) => (isOn ? t('video.on') : t('video.off'));

  const changeSettings = (change: Partial<ListeningSettings>) => {
    focused.changeSettings(change);
    if (change.isLooping !== undefined) announce(`${t('video.loopLine')}: ${onOff(change.isLooping)}`);
    if (change.isAutoPausing !== undefined) announce(`${t('video.autoPause')}: ${onOff(change.isAutoPausing)}`);
  };
  const markStretch = (point: 'start' | 'end') => {
    const next = focused.markStretch(point);
    if (next.start !== null && next.end !== null) announce(t('video.stretchSet', { from: formatClock(next.start), to: formatClock(next.end) }));
  };
  const clearStretch = () => {
    focused.clearStretch();
    announce(t('video.stretchCleared'));
  };

  return { ...focused, hasLines: focused.lines.length > 0, heardWords, changeSettings, markStretch, clearStretch };
}
