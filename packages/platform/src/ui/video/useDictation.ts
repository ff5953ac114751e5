// Dictation in the player, for the address playing: on and off, the line waiting for the learner's
// answer, and the video's score so far, saved with the learner's progress after each line checked.
import { useState, type RefObject } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import type { ListeningTarget } from '../../listening';
import type { VideoPlayerProps } from '../VideoPlayer';
import type { DictationScore } from './DictationPanel';
import type { DictationResult } from './dictation';
import { useSaveDictation } from './dictation-report';
import type { Line } from './lines';

export interface DictationOptions {
  /** Where the score is saved; without it, it is only shown. */
  listening: ListeningTarget | null | undefined;
  onDictationChecked: VideoPlayerProps['onDictationChecked'];
  announce: (text: string) => void;
}

const noScore: DictationScore = { lines: 0, correctWords: 0, totalWords: 0 };

export function useDictation(video: RefObject<HTMLVideoElement | null>, src: string, { listening, onDictationChecked, announce }: DictationOptions) {
  const { t } = useTranslation('common');
  const [dictation, setDictation] = useState<{ src: string; line: Line | null; score: DictationScore } | null>(null);
  const isDictating = dictation?.src === src;
  const savedDictation = useSaveDictation();
  // The score whose latest save failed, offered to be sent again.
  const unsavedDictation = savedDictation.isError ? savedDictation.variables : undefined;

  return {
    isDictating,
    /** The line waiting for an answer and the score, while this address is in dictation. */
    current: isDictating ? dictation : null,
    /** The video paused after a line: that line waits for the learner's answer. */
    waitForAnswer: (line: Line | null) => setDictation((current) => (current?.src === src && line ? { ...current, line } : current)),
    toggle: () => {
      setDictation(isDictating ? null : { src, line: null, score: noScore });
      savedDictation.reset();
      announce(`${t('video.dictation')}: ${isDictating ? t('video.off') : t('video.on')}`);
    },
    check: (line: Line, result: DictationResult) => {
      if (!dictation) return;
      const score = { lines: dictation.score.lines + 1, correctWords: dictation.score.correctWords + result.correctWords, totalWords: dictation.score.totalWords + result.totalWords };
      setDictation({ ...dictation, score });
      // Kept with the learner's progress; a failed save is carried by the next line's, which holds it.
      if (listening) savedDictation.mutate({ target: listening, score });
      onDictationChecked?.({ ...score, line: line.index });
    },
    /** The answer seen: the video plays on from the next line. */
    playOn: () => {
      setDictation((current) => (current ? { ...current, line: null } : current));
      const element = video.current;
      if (element?.paused) void element.play()?.catch(() => undefined);
      element?.focus();
    },
    saveAgain: unsavedDictation ? () => savedDictation.mutate(unsavedDictation) : null,
  };
}
