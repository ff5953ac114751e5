// One learner playing a plan's video at 1× as the page's reporter sends it: every 10 s the
// ranges played since the page opened the video (cumulative) and the playhead, on the reporter's own
// clock whether or not the previous report has been answered. Some learners seek once; some send each
// report twice at once, as a retried beacon would. Every report is kept with what it answered, so the
// bench knows what the server must hold at the end.
import { setTimeout as sleep } from 'node:timers/promises';
import { progressRules, type VideoProgress } from '@learning/contracts';
import type { Call } from '../client.js';

/** Seconds of the video, [start, end]. */
export type Range = [start: number, end: number];

export interface Listener {
  id: string;
  token: string;
}

export interface Playing {
  monsterplanId: string;
  videoId: string;
  /** Where the page opened the video (a resumed one starts later than 0). */
  startAt: number;
  /** After this report (1, 2, …) the learner drags the playhead to `to`. */
  seek?: { afterReport: number; to: number };
  /** Each report is sent twice at once (a beacon and its retry): the second must add nothing. */
  isRetried: boolean;
}

export interface SentReport {
  ranges: Range[];
  position: number;
  /** One status per copy sent; a call that failed (no answer) is 0. */
  statuses: number[];
  /** The answer of a copy that answered 200. */
  answered?: VideoProgress;
}

/** Plays and reports until `endsAt` (ms since the epoch); each report goes into `reports` as it is sent. */
export async function playAndReport(call: Call, listener: Listener, playing: Playing, endsAt: number, reports: SentReport[]): Promise<void> {
  const path = `/v1/progress/videos/${playing.videoId}`;
  const startedAt = Date.now();
  const played: Range[] = [];
  let segment = { from: playing.startAt, since: startedAt };
  const inFlight: Promise<void>[] = [];
  for (let number = 1; startedAt + number * progressRules.reportEverySeconds * 1000 <= endsAt; number++) {
    await sleep(startedAt + number * progressRules.reportEverySeconds * 1000 - Date.now());
    const now = Date.now();
    const position = roundedToMs(segment.from + (now - segment.since) / 1000);
    const report: SentReport = { ranges: union([...played, [segment.from, position]]), position, statuses: [] };
    reports.push(report);
    const body = { monsterplan: playing.monsterplanId, ranges: report.ranges, position };
    for (let copy = 0; copy < (playing.isRetried ? 2 : 1); copy++) {
      inFlight.push(
        call<VideoProgress>('POST', path, { token: listener.token, body, timedAs: 'report' }).then(
          ({ status, body }) => {
            report.statuses.push(status);
            if (status === 200) report.answered = body;
          },
          () => void report.statuses.push(0),
        ),
      );
    }
    if (playing.seek?.afterReport === number) {
      played.push([segment.from, position]);
      segment = { from: playing.seek.to, since: now };
    }
  }
  await Promise.all(inFlight);
}

/** The ranges merged where they overlap or touch, earliest first. */
export function union(ranges: readonly Range[]): Range[] {
  const merged: Range[] = [];
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

export function coveredSeconds(ranges: readonly Range[]): number {
  return union(ranges).reduce((sum, [start, end]) => sum + end - start, 0);
}

/** A browser's `played` is in seconds with fractions; a millisecond keeps the bench's arithmetic exact enough. */
function roundedToMs(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
