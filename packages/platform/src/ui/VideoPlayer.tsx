// A video from a signed, short-lived address, with its subtitles when it has them. When the address
// fails (expired, the media service away) it says so and offers to ask for a fresh one.
// The player (video/Player.tsx) is its own chunk, loaded when a page first shows a video: this SDK
// is on every page, and the home page's first visit has a weight budget (bench/bundle).
import { lazy, Suspense, useEffect } from 'react';
import type { ListeningTarget, OnListeningReported } from '../listening';

const Player = lazy(() => import('./video/Player'));

export interface VideoPlayerProps {
  src: string;
  /** A WebVTT track, shown unless the learner turned subtitles off. */
  subtitles?: { src: string; label: string; srcLang: string } | null;
  /** Asks for a fresh address (the failed one is not tried again as is). */
  onRetry: () => void;
  /**
   * Names the video for resuming where the learner stopped (kept in localStorage). A stable id,
   * not the address, which is signed anew each time. Without it the video starts at the beginning.
   */
  resumeKey?: string;
  /**
   * Where the server says the learner stopped (seconds), from any device: the video opens there when
   * its metadata loads, before play, instead of the position this browser remembers.
   */
  startAt?: number | null;
  /** Reports what is heard of this video to the server (listening.ts). */
  listening?: ListeningTarget | null;
  /** Called with the server's count after each report answered. */
  onListeningReported?: OnListeningReported;
  /** Called after each dictation line is checked, with the video's score so far. */
  onDictationChecked?: (score: { lines: number; correctWords: number; totalWords: number; line: number }) => void;
  /** The day's words, listed beside the video, those in the line being heard marked. */
  words?: string[];
  autoPlay?: boolean;
  /** Called when the video plays to its end (a playlist moves on). */
  onEnded?: () => void;
  /** The player's accessible name; "Video player" when not given. */
  label?: string;
  className?: string;
}

/**
 * hls.js's chunk (the one video/hls-source.ts loads) asked for as soon as the address is a playlist
 * and the browser has Media Source Extensions: beside the player's chunk, not after it has mounted.
 */
function prefetchHls(src: string): void {
  const scope = globalThis as { MediaSource?: unknown; ManagedMediaSource?: unknown };
  if (!/\.m3u8$/i.test(src.split(/[?#]/, 1)[0]!) || !(scope.MediaSource || scope.ManagedMediaSource)) return;
  void import(/* webpackChunkName: "hls" */ 'hls.js/light').catch(() => undefined);
}

export function VideoPlayer(props: VideoPlayerProps) {
  useEffect(() => prefetchHls(props.src), [props.src]);
  return (
    <Suspense fallback={<div className={['lp-video', props.className].filter(Boolean).join(' ')} aria-busy="true" />}>
      <Player {...props} />
    </Suspense>
  );
}
