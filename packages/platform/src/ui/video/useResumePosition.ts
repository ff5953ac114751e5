// Where the learner stopped in a video: the position it opens at (the server's when given, else this
// browser's, playback-memory.ts), kept as it plays and when the page goes, forgotten at its end or on "start over".
import { useEffect, useRef, useState, type RefObject } from 'react';
import { forgetPosition, rememberPosition, resumePosition, worthResuming } from './playback-memory';

/** How far playback moves before its position is written again (seconds). */
const positionStep = 1;

// `videoRef` by name: the React Compiler's checks then know it for a ref, whose element an event
// handler may change.
export function useResumePosition(videoRef: RefObject<HTMLVideoElement | null>, src: string, resumeKey: string | undefined, startAt: number | null | undefined) {
  const savedAt = useRef(-Infinity);
  // Where this address resumed, if it did; a new address starts with nothing resumed.
  const [resumed, setResumed] = useState<{ src: string; at: number } | null>(null);

  // The last position is kept when the learner leaves the page or the player goes.
  useEffect(() => {
    const element = videoRef.current;
    if (!element || !resumeKey) return;
    const keep = () => {
      if (!element.ended && element.currentTime > 0) rememberPosition(resumeKey, element.currentTime);
    };
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('pagehide', keep);
      keep();
    };
  }, [videoRef, src, resumeKey]);

  const forget = () => {
    if (resumeKey) forgetPosition(resumeKey);
  };

  return {
    resumedAt: resumed?.src === src ? resumed.at : null,
    /** Opens a <video> whose metadata has just loaded where the learner stopped, if anywhere. */
    resume: (element: HTMLVideoElement) => {
      savedAt.current = -Infinity;
      const position = typeof startAt === 'number' ? worthResuming(startAt, element.duration) : resumeKey ? resumePosition(resumeKey, element.duration) : null;
      if (position !== null) {
        element.currentTime = position;
        setResumed({ src, at: position });
      }
    },
    /** Writes the position as playback moves (every `positionStep`), or now when `force`d. */
    keep: (force: boolean) => {
      const element = videoRef.current;
      if (!element || !resumeKey || element.ended) return;
      if (!force && Math.abs(element.currentTime - savedAt.current) < positionStep) return;
      savedAt.current = element.currentTime;
      rememberPosition(resumeKey, element.currentTime);
    },
    /** A video watched to its end starts from the beginning next time. */
    forget,
    startOver: () => {
      const element = videoRef.current;
      if (element) element.currentTime = 0;
      forget();
      setResumed(null);
      element?.focus();
    },
  };
}
