// The speed the video plays at: one of the spec's four or the finer slow ones, chosen by button,
// menu or key, kept in step with the browser's own menu, and remembered for the next video.
import { useState, type RefObject } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { allSpeeds, preferredSpeed, rememberSpeed, type PlaybackSpeed } from './playback-memory';

// `videoRef` by name: the React Compiler's checks then know it for a ref, whose element an event
// handler may change.
export function usePlaybackSpeed(videoRef: RefObject<HTMLVideoElement | null>, announce: (text: string) => void) {
  const { t } = useTranslation('common');
  const [speed, setSpeed] = useState<PlaybackSpeed>(preferredSpeed);

  const choose = (next: PlaybackSpeed) => {
    setSpeed(next);
    rememberSpeed(next);
    const element = videoRef.current;
    if (element) {
      element.playbackRate = next;
      element.defaultPlaybackRate = next;
    }
    announce(t('video.speedChanged', { speed: next }));
  };

  return {
    speed,
    choose,
    /** The next speed slower (-1) or faster (1) among all of them; nothing past the slowest or the fastest. */
    step: (step: 1 | -1) => {
      const next = allSpeeds[allSpeeds.indexOf(speed) + step];
      if (next !== undefined) choose(next);
    },
    /** The browser's own menu may change the speed too; one of ours is kept in step with it. */
    follow: (rate: number) => {
      const known = allSpeeds.find((candidate) => candidate === rate);
      if (known !== undefined && known !== speed) setSpeed(known);
    },
    /** Gives a <video> whose address has just loaded the speed chosen. */
    applyTo: (element: HTMLVideoElement) => {
      element.playbackRate = speed;
      element.defaultPlaybackRate = speed;
    },
  };
}
