// The state of focused listening for one <video>: its lines from the subtitle track, the
// line the learner is on, previous / replay / next, the sentence loop and auto-pause (sentence-loop.ts)
// with the learner's saved toggles, and the A–B stretch. The player wires the returned events to its
// <video> and draws the list and controls from the rest.
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useCurrentUser } from '../../session';
import { currentLine, lineAt, nextLine, previousLine, type Line } from './lines';
import { readListeningSettings, rememberListeningSettings, type ListeningSettings } from './listening-settings';
import type { Stretch } from './SentenceControls';
import { createSentenceLoop, type SentenceLoop } from './sentence-loop';
import { useTrackLines } from './useTrackLines';

const noStretch: Stretch = { start: null, end: null };

export function useFocusedListening(video: RefObject<HTMLVideoElement | null>, src: string, subtitlesSrc: string | null, options: { onAutoPause?: (line: Line | null) => void; isDictating?: boolean } = {}) {
  const lines = useTrackLines(video, src, subtitlesSrc);
  const { user } = useCurrentUser();
  const userId = user?._id ?? null;
  const [savedSettings, setSavedSettings] = useState<{ userId: string | null; settings: ListeningSettings } | null>(null);
  const settings = savedSettings?.userId === userId ? savedSettings.settings : readListeningSettings(userId);
  const [time, setTime] = useState(0);
  // The A–B points of this address; a new video starts without them.
  const [marked, setMarked] = useState<{ src: string; stretch: Stretch } | null>(null);
  const stretch = marked?.src === src ? marked.stretch : noStretch;
  const setStretch = (next: Stretch) => setMarked({ src, stretch: next });
  const [isWaiting, setWaiting] = useState(false);

  const latest = useRef({ lines, settings, onAutoPause: options.onAutoPause, isDictating: options.isDictating });
  useEffect(() => {
    latest.current = { lines, settings, onAutoPause: options.onAutoPause, isDictating: options.isDictating };
  });

  const loop = useRef<SentenceLoop | null>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const created = createSentenceLoop({
      media: element,
      lineAt: (at) => lineAt(latest.current.lines, at),
      // Dictation pauses after every line, once: the learner writes it, then goes on.
      settings: () => (latest.current.isDictating ? { ...latest.current.settings, isLooping: false, isAutoPausing: true } : latest.current.settings),
      onAutoPause: (line) => latest.current.onAutoPause?.(line),
      onWaiting: setWaiting,
    });
    loop.current = created;
    return () => {
      created.cancel();
      if (loop.current === created) loop.current = null;
    };
  }, [video, src]);

  const current = useMemo(() => currentLine(lines, time), [lines, time]);

  const changeSettings = (change: Partial<ListeningSettings>) => {
    const next = { ...settings, ...change };
    setSavedSettings({ userId, settings: next });
    rememberListeningSettings(userId, next);
  };

  const playLine = (line: Line | null) => {
    if (!line || !loop.current) return;
    loop.current.playLine(line);
    setTime(line.start);
  };
  const now = () => video.current?.currentTime ?? 0;

  const markStretch = (point: 'start' | 'end') => {
    const at = now();
    const next = { ...stretch, [point]: at };
    // A point marked past the other swaps them: the stretch is always from the earlier to the later.
    if (next.start !== null && next.end !== null && next.end < next.start) [next.start, next.end] = [next.end, next.start];
    setStretch(next);
    if (next.start !== null && next.end !== null) loop.current?.setStretch({ start: next.start, end: next.end });
    return next;
  };
  const clearStretch = () => {
    setStretch(noStretch);
    loop.current?.setStretch(null);
  };

  return {
    lines,
    current,
    settings,
    changeSettings,
    stretch,
    markStretch,
    clearStretch,
    isWaiting,
    playLine,
    previous: () => playLine(previousLine(lines, now())),
    replay: () => playLine(currentLine(lines, now())),
    next: () => playLine(nextLine(lines, now())),
    events: {
      onTimeUpdate: () => {
        setTime(now());
        loop.current?.timeUpdate();
      },
      onSeeked: () => {
        setTime(now());
        loop.current?.seeked();
      },
      onPlay: () => loop.current?.played(),
    },
  };
}
