// The lines of the <video>'s subtitle track, once the browser has loaded and parsed its WebVTT (its
// cues in video.textTracks); the track may be 'hidden' (the list shows the text) or 'showing'.
import { useEffect, useState, type RefObject } from 'react';
import { linesOf, type Line } from './lines';
import { subtitleTracks } from './useSubtitles';

export function useTrackLines(video: RefObject<HTMLVideoElement | null>, src: string, subtitlesSrc: string | null): Line[] {
  const [found, setFound] = useState<{ key: string; lines: Line[] } | null>(null);
  const key = `${src} ${subtitlesSrc ?? ''}`;
  useEffect(() => {
    const element = video.current;
    const trackElement = element?.querySelector('track');
    if (!element || !trackElement || !subtitlesSrc) return;
    const read = () => {
      const [track] = subtitleTracks(element.textTracks ?? []);
      const lines = linesOf(track?.cues);
      if (lines.length > 0) setFound({ key, lines });
    };
    read();
    trackElement.addEventListener('load', read);
    return () => trackElement.removeEventListener('load', read);
  }, [video, key, subtitlesSrc]);
  return found?.key === key ? found.lines : [];
}
