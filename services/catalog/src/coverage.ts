// What a learner heard of one video, counted as unique seconds: the ranges the player
// reports are in video seconds (the `played` TimeRanges), so playing at 2× covers two video seconds per
// wall second. Pure functions, no database: listening.ts keeps the result per learner and video.
import { progressRules, type ProgressStatus } from '@learning/contracts';

/** Seconds of the video, [start, end], start ≤ end. */
export type HeardRange = readonly [start: number, end: number];

/** The wall seconds a video's first report is taken to cover. */
export const firstReportSeconds = 15;
/** What a budget holds beyond `fastestSpeed` × a first report's wall seconds: timers and networks are late. */
export const budgetAllowanceSeconds = 5;
/** How far past the video's probed duration a range may end: players and probes round differently. */
export const durationAllowanceSeconds = 1;

/** The ranges sorted and merged where they overlap or touch. */
export function mergeRanges(ranges: readonly HeardRange[]): HeardRange[] {
  const sorted = ranges.filter(([start, end]) => end > start).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Seconds covered at least once. */
export function uniqueSeconds(ranges: readonly HeardRange[]): number {
  return mergeRanges(ranges).reduce((sum, [start, end]) => sum + (end - start), 0);
}

/** The parts of `reported` not in `heard` (both merged), earliest first. */
export function newParts(heard: readonly HeardRange[], reported: readonly HeardRange[]): HeardRange[] {
  const parts: HeardRange[] = [];
  for (const [start, end] of mergeRanges(reported)) {
    let from = start;
    for (const [heardStart, heardEnd] of heard) {
      if (heardEnd <= from) continue;
      if (heardStart >= end) break;
      if (heardStart > from) parts.push([from, heardStart]);
      from = Math.max(from, heardEnd);
      if (from >= end) break;
    }
    if (from < end) parts.push([from, end]);
  }
  return parts;
}

/** What a learner's reports of one video may still add, and when it was counted: kept with the video's row. */
export interface Budget {
  seconds: number;
  at: Date;
}

/** The most a budget holds: what the fastest speed covers in a first report's 15 s, and 5 s for late timers. */
export const budgetCapSeconds = progressRules.fastestSpeed * firstReportSeconds + budgetAllowanceSeconds;

/**
 * How many new seconds a report may add now: the budget left by the previous report, refilled with
 * what the fastest speed covers in the wall seconds since, up to the cap (full on a first report).
 * A bucket, not a per-report grant, so reporting often gains nothing.
 */
export function budgetAt(previous: Budget | null, now: Date): number {
  if (!previous) return budgetCapSeconds;
  const wallSeconds = Math.max(0, (now.getTime() - previous.at.getTime()) / 1000);
  return Math.min(budgetCapSeconds, previous.seconds + progressRules.fastestSpeed * wallSeconds);
}

/**
 * `heard` with what `reported` adds, at most `budget` new seconds, the earliest kept: a claim of more
 * than could have been played is clipped, and an honest page's next report (its ranges are
 * cumulative) brings the rest. A report already counted adds nothing.
 */
export function addHeard(heard: readonly HeardRange[], reported: readonly HeardRange[], budget: number): { heard: HeardRange[]; addedSeconds: number } {
  const current = mergeRanges(heard);
  let left = Math.max(0, budget);
  const kept: HeardRange[] = [];
  for (const [start, end] of newParts(current, reported)) {
    if (left <= 0) break;
    const taken = Math.min(end - start, left);
    kept.push([start, start + taken]);
    left -= taken;
  }
  const addedSeconds = kept.reduce((sum, [start, end]) => sum + (end - start), 0);
  return { heard: kept.length > 0 ? mergeRanges([...current, ...kept]) : current, addedSeconds };
}

/** Whether a range ends past the video's duration (and the allowance): nobody played that. */
export function isBeyondDuration(ranges: readonly HeardRange[], durationSeconds: number | null): boolean {
  return durationSeconds !== null && ranges.some(([, end]) => end > durationSeconds + durationAllowanceSeconds);
}

/**
 * Complete: 90 % of the video heard, and 90 % of its last 5 % too, so dragging to the end completes
 * nothing. A video whose duration is unknown is never complete.
 */
export function isComplete(heard: readonly HeardRange[], durationSeconds: number | null): boolean {
  if (durationSeconds === null || durationSeconds <= 0) return false;
  const { completeShare, finalShare } = progressRules;
  const merged = mergeRanges(heard);
  const finalStart = durationSeconds * (1 - finalShare);
  const finalHeard = uniqueSeconds(merged.map(([start, end]): HeardRange => [Math.max(start, finalStart), Math.min(end, durationSeconds)]));
  return heardSecondsOf(merged, durationSeconds) >= completeShare * durationSeconds && finalHeard >= completeShare * (durationSeconds - finalStart);
}

/** Unique seconds heard, at most the duration when it is known. */
export function heardSecondsOf(heard: readonly HeardRange[], durationSeconds: number | null): number {
  if (durationSeconds === null) return uniqueSeconds(heard);
  return uniqueSeconds(heard.map(([start, end]): HeardRange => [Math.min(start, durationSeconds), Math.min(end, durationSeconds)]));
}

export function statusOf(heardSeconds: number, isCompleted: boolean): ProgressStatus {
  if (isCompleted) return 'complete';
  return heardSeconds > 0 ? 'in-progress' : 'not-started';
}

/** A day, a week, a plan or a bundle: complete when every video is, not started when none was heard. */
export function statusOfAll(statuses: readonly ProgressStatus[]): ProgressStatus {
  if (statuses.length > 0 && statuses.every((status) => status === 'complete')) return 'complete';
  if (statuses.every((status) => status === 'not-started')) return 'not-started';
  return 'in-progress';
}

/** Seconds as the answers give them: to 0.1. */
export function tenths(seconds: number): number {
  return Math.round(seconds * 10) / 10;
}
