// The quality menu of an HLS ladder: the rendition chosen (Auto, a picture rendition or audio only),
// remembered for the next video, and the choices hls.js has read from this address's ladder.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { audioQuality, autoQuality, type HlsSession, type Quality } from './hls-source';
import { preferredQuality, rememberQuality } from './playback-memory';

/** What the quality menu shares with the hls.js session that plays the address (useHlsSource.ts). */
export interface QualityLadder {
  /** The quality a new session starts at: the one chosen last. */
  startingQuality: RefObject<Quality>;
  /** The session playing the address, which plays what the menu chooses. */
  session: RefObject<HlsSession | null>;
  /** The ladder's choices for an address, once hls.js has read them, and the quality in force. */
  showChoices(src: string, choices: Quality[], inForce: Quality): void;
}

export function useQuality(src: string, announce: (text: string) => void) {
  const { t } = useTranslation('common');
  const [quality, setQuality] = useState<Quality>(preferredQuality);
  const [offered, setOffered] = useState<{ src: string; choices: Quality[] } | null>(null);
  const startingQuality = useRef(quality);
  useEffect(() => {
    startingQuality.current = quality;
  });
  const session = useRef<HlsSession | null>(null);
  // The same ladder at every render: the session's effect (useHlsSource.ts) depends on it, and a new
  // one would start a new session.
  const [ladder] = useState<QualityLadder>(() => ({
    startingQuality,
    session,
    showChoices: (ladderSrc, choices, inForce) => {
      setOffered({ src: ladderSrc, choices });
      setQuality(inForce);
    },
  }));

  const labelOf = (choice: Quality) => (choice === autoQuality ? t('video.qualityAuto') : choice === audioQuality ? t('video.qualityAudio') : choice);
  const choose = (next: Quality) => {
    setQuality(next);
    rememberQuality(next);
    session.current?.choose(next);
    announce(t('video.qualityChanged', { quality: labelOf(next) }));
  };

  return {
    quality,
    /** The menu's choices for this address; none before hls.js has read its ladder, or for a file. */
    choices: offered?.src === src ? offered.choices : [],
    labelOf,
    choose,
    ladder,
  };
}
