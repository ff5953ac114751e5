// How the player's <video> gets its address: an HLS playlist through hls.js (attached when the
// address comes, detached when it goes), through the browser's own HLS, or a file as it is; and
// whether the address failed, which the player shows instead of its <video>.
import { useEffect, useMemo, useState, type RefObject } from 'react';
import { browserHlsSupport, chooseSource, loadHls, playHls } from './hls-source';
import type { QualityLadder } from './useQuality';

export function useHlsSource(video: RefObject<HTMLVideoElement | null>, src: string, ladder: QualityLadder) {
  // hls.js's chunk is loaded when a playlist starts, not before.
  const sourceKind = useMemo(() => chooseSource(src, browserHlsSupport()), [src]);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // A failed address shows the error instead of its <video>; tried again, it starts anew.
  const isFailed = failedSrc === src;

  useEffect(() => {
    const element = video.current;
    if (!element || sourceKind !== 'hls.js' || isFailed) return;
    const { session } = ladder;
    let isCurrent = true;
    loadHls().then(
      (Hls) => {
        if (!isCurrent) return;
        if (!Hls.isSupported()) {
          if (element.canPlayType('application/vnd.apple.mpegurl')) element.src = src;
          else setFailedSrc(src);
          return;
        }
        session.current = playHls(Hls, element, src, {
          quality: ladder.startingQuality.current,
          onChoices: (choices, inForce) => {
            if (isCurrent) ladder.showChoices(src, choices, inForce);
          },
          onFatal: () => isCurrent && setFailedSrc(src),
        });
      },
      () => isCurrent && setFailedSrc(src),
    );
    return () => {
      isCurrent = false;
      session.current?.destroy();
      session.current = null;
    };
  }, [video, src, sourceKind, isFailed, ladder]);

  return {
    sourceKind,
    isFailed,
    /** The <video>'s own error. With hls.js, its own errors say what failed, and a media error is recovered from first. */
    onError: () => sourceKind !== 'hls.js' && setFailedSrc(src),
    /** Tries the address again (the page asks for a fresh one). */
    retry: () => setFailedSrc(null),
  };
}
