// What a learner really heard of a plan's or a bundle's video, told to the server: the
// <video>'s played ranges (any speed, not the playhead) and its playhead, every 10 s while it plays,
// on pause and end, and when the page is hidden, left or the video closed. The ranges are cumulative
// since the page opened the video, so a lost report is carried by the next one; the latest one that
// could not reach the server waits offline until the connection returns (offline/progress-queue.ts).
import { payloadEncryptionHeader, progressRules, type VideoProgress } from '@learning/contracts';
import { type RefObject, useEffect, useRef } from 'react';
import { callHeaders, readAnswer } from './api';
import { forgetQueued, queueOffline } from './offline/queued-progress';

/** The video and the plan or bundle it is heard in (the server counts it for that one). */
export type ListeningTarget = { videoId: string; monsterplan: string } | { videoId: string; lesson: string };

/** Why a report left: the page may refresh what it shows after one. */
export type ReportMoment = 'playing' | 'pause' | 'ended' | 'hidden' | 'closed';

export type OnListeningReported = (progress: VideoProgress, moment: ReportMoment) => void;

/** The contract's most ranges in one report. */
const maxRanges = 100;

/**
 * Reports the video's listening to the server until the returned function is called (which reports a
 * last time). An answer is decoded as any other call's and handed to `onReported`; a failure is left
 * to the next report.
 */
export function reportListening(video: HTMLVideoElement, target: ListeningTarget, onReported?: OnListeningReported): () => void {
  const path = `/v1/progress/videos/${encodeURIComponent(target.videoId)}`;
  const owner = 'monsterplan' in target ? { monsterplan: target.monsterplan } : { lesson: target.lesson };
  let lastSent = '';
  let lastAnswered: Array<[number, number]> = [];
  let timer: ReturnType<typeof setInterval> | null = null;
  // This player's reports replace one another in the offline queue: each holds all heard so far.
  const queueKey = `listening:${target.videoId}:${crypto.randomUUID()}`;

  const report = (moment: ReportMoment) => {
    const played = playedRanges(video.played);
    if (played.length === 0) return;
    const headers = callHeaders();
    if (!headers.authorization) return;
    const ranges = played.length > maxRanges ? rangesToSend(played, lastAnswered) : played;
    const body = JSON.stringify({ ...owner, ranges, position: roundSeconds(video.currentTime) });
    // A pause then a hidden page, or an end after its pause, would say the same twice.
    if (body === lastSent) return;
    lastSent = body;
    // keepalive: the report of a page being left still reaches the server.
    let isAnswered = false;
    fetch(path, { method: 'POST', keepalive: true, headers: { ...headers, 'content-type': 'application/json' }, body })
      .then(async (response) => {
        isAnswered = true;
        return readAnswer<VideoProgress>(response.status, response.headers.get(payloadEncryptionHeader), await response.text());
      })
      .then(
        (progress) => {
          lastAnswered = ranges;
          void forgetQueued(queueKey).catch(() => undefined);
          onReported?.(progress, moment);
        },
        () => {
          // No connection: the report waits, and is sent once there is one, unless a later one is.
          if (!isAnswered) void queueOffline({ key: queueKey, method: 'POST', path, body }).catch(() => undefined);
          // Not counted: the same ranges go again with the next report, even if nothing new was heard.
          if (lastSent === body) lastSent = '';
        },
      );
  };

  const stopTimer = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  const onPlaying = () => {
    if (timer === null) timer = setInterval(() => report('playing'), progressRules.reportEverySeconds * 1000);
  };
  const onPause = () => {
    stopTimer();
    report('pause');
  };
  const onEnded = () => {
    stopTimer();
    report('ended');
  };
  const onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') report('hidden');
  };
  const onPageHide = () => report('hidden');

  video.addEventListener('playing', onPlaying);
  video.addEventListener('pause', onPause);
  video.addEventListener('ended', onEnded);
  document.addEventListener('visibilitychange', onVisibilityChange);
  window.addEventListener('pagehide', onPageHide);
  if (!video.paused) onPlaying();

  return () => {
    stopTimer();
    video.removeEventListener('playing', onPlaying);
    video.removeEventListener('pause', onPause);
    video.removeEventListener('ended', onEnded);
    document.removeEventListener('visibilitychange', onVisibilityChange);
    window.removeEventListener('pagehide', onPageHide);
    report('closed');
  };
}

/**
 * Reports the listening of the <video> in `video` while `target` is set. `element` is what names the
 * element (the player remounts its <video> for each address): a new one is followed from then on.
 */
export function useListeningReports(video: RefObject<HTMLVideoElement | null>, element: string, target: ListeningTarget | null | undefined, onReported?: OnListeningReported): void {
  const latestOnReported = useRef(onReported);
  useEffect(() => {
    latestOnReported.current = onReported;
  });
  const videoId = target?.videoId;
  const owner = target ? ('monsterplan' in target ? `monsterplan:${target.monsterplan}` : `lesson:${target.lesson}`) : null;
  useEffect(() => {
    const current = video.current;
    if (!current || !target) return;
    return reportListening(current, target, (progress, moment) => latestOnReported.current?.(progress, moment));
    // The target is followed by its values, not by the object a page may build anew on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video, element, videoId, owner]);
}

function playedRanges(played: TimeRanges | undefined): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  if (!played) return ranges;
  for (let index = 0; index < played.length; index++) {
    const start = roundSeconds(played.start(index));
    const end = roundSeconds(played.end(index));
    if (end > start) ranges.push([start, end]);
  }
  return ranges;
}

/**
 * More ranges than one report may carry (a learner who skipped about a lot): those the server has not
 * answered for yet go first, as they hold what is not counted; the ones already counted fill the rest.
 */
function rangesToSend(played: Array<[number, number]>, answered: Array<[number, number]>): Array<[number, number]> {
  const isAnswered = (range: [number, number]) => answered.some(([start, end]) => start === range[0] && end === range[1]);
  const fresh = played.filter((range) => !isAnswered(range));
  const known = played.filter(isAnswered);
  return [...fresh, ...known].slice(0, maxRanges).sort((one, other) => one[0] - other[0]);
}

function roundSeconds(seconds: number): number {
  return Number.isFinite(seconds) ? Math.round(Math.max(0, seconds) * 100) / 100 : 0;
}
