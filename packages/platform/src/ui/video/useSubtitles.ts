// Subtitles on or off, as the learner chose (remembered for the next video): shown or hidden through
// the <video>'s text tracks, hidden during dictation, and kept in step with the browser's own captions menu.
import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { prefersSubtitles, rememberSubtitles } from './playback-memory';

export function useSubtitles(video: RefObject<HTMLVideoElement | null>, src: string, hasSubtitles: boolean, isDictating: boolean, announce: (text: string) => void) {
  const { t } = useTranslation('common');
  const [isOn, setOn] = useState(prefersSubtitles);

  useEffect(() => {
    const tracks = video.current?.textTracks;
    if (!tracks || !hasSubtitles) return;
    showSubtitles(tracks, isOn && !isDictating);
    const follow = () => {
      const isShowing = subtitleTracks(tracks).some((track) => track.mode === 'showing');
      if (!isDictating && isShowing !== isOn) setOn(isShowing);
    };
    tracks.addEventListener?.('change', follow);
    return () => tracks.removeEventListener?.('change', follow);
  }, [video, isOn, hasSubtitles, src, isDictating]);

  return {
    hasSubtitles,
    isOn,
    toggle: () => {
      const next = !isOn;
      setOn(next);
      rememberSubtitles(next);
      announce(next ? t('video.subtitlesOn') : t('video.subtitlesOff'));
    },
    /** Shows or hides the subtitles of a <video> whose address has just loaded, as chosen. */
    applyTo: (element: HTMLVideoElement) => {
      if (element.textTracks && hasSubtitles) showSubtitles(element.textTracks, isOn);
    },
  };
}

/** The <video>'s subtitle and caption tracks, the ones the player shows, hides and reads lines from. */
export function subtitleTracks(tracks: ArrayLike<TextTrack>): TextTrack[] {
  return Array.from(tracks).filter((track) => track.kind === 'subtitles' || track.kind === 'captions');
}

function showSubtitles(tracks: TextTrackList, isOn: boolean): void {
  for (const track of subtitleTracks(tracks)) {
    const mode = isOn ? 'showing' : 'hidden';
    if (track.mode !== mode) track.mode = mode;
  }
}
