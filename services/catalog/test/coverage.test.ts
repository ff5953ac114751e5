// Counting what was heard of one video, without a database: ranges in video seconds, their union,
// the clipping budget of a report and the completion rule (90 % heard and 90 % of the last 5 %).
import { addHeard, heardSecondsOf, isBeyondDuration, isComplete, mergeRanges, budgetAt, statusOfAll, uniqueSeconds, type HeardRange } from '../src/coverage.js';

const start = new Date('2026-11-25T09:00:00.000Z');
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
/** A page played for `wallSeconds` at `speed` from `from`: the video seconds it covers. */
const played = (from: number, wallSeconds: number, speed: number): HeardRange => [from, from + wallSeconds * speed];

describe('unique seconds', () => {
  it('counts overlapping ranges once', () => {
    expect(mergeRanges([[10, 30], [0, 15], [25, 40]])).toEqual([[0, 40]]);
    expect(uniqueSeconds([[10, 30], [0, 15], [25, 40]])).toBe(40);
  });

  it('keeps what seeking leaves apart as disjoint ranges, and counts only what was played', () => {
    expect(mergeRanges([[100, 120], [0, 30]])).toEqual([[0, 30], [100, 120]]);
    expect(uniqueSeconds([[0, 30], [100, 120], [110, 125]])).toBe(55);
  });

  it('ignores empty ranges (a seek with nothing played)', () => {
    expect(mergeRanges([[5, 5], [7, 9]])).toEqual([[7, 9]]);
  });

  it('counts at most the duration', () => {
    expect(heardSecondsOf([[0, 60.8]], 60)).toBe(60);
  });
});

describe('the clipping budget', () => {
  it('is 2 × 15 s + 5 s on the first report of a video, then refills by 2 × the wall seconds, up to that', () => {
    expect(budgetAt(null, start)).toBe(35);
    expect(budgetAt({ seconds: 0, at: start }, at(10))).toBe(20);
    expect(budgetAt({ seconds: 0, at: start }, at(0))).toBe(0);
    expect(budgetAt({ seconds: 30, at: start }, at(10))).toBe(35);
  });

  /** Reports `claims` (cumulative ranges) at the given wall seconds; answers the heard seconds. */
  function reportAll(claims: Array<[seconds: number, ranges: HeardRange[]]>): HeardRange[] {
    let heard: HeardRange[] = [];
    let budget: { seconds: number; at: Date } | null = null;
    for (const [seconds, ranges] of claims) {
      const now = at(seconds);
      const left = budgetAt(budget, now);
      const added = addHeard(heard, ranges, left);
      heard = added.heard;
      budget = { seconds: left - added.addedSeconds, at: now };
    }
    return heard;
  }

  it.each([0.7, 1, 1.5, 2])('takes all of an honest page playing at %s× reporting every 10 s', (speed) => {
    // `played` is cumulative: the whole range since the page opened the video.
    const heard = reportAll(Array.from({ length: 6 }, (_, index) => [(index + 1) * 10, [played(0, (index + 1) * 10, speed)]]));
    expect(uniqueSeconds(heard)).toBeCloseTo(60 * speed, 6);
  });

  it('clips an impossible claim to the budget, keeping the earliest new seconds', () => {
    const { heard, addedSeconds } = addHeard([], [[0, 600]], budgetAt(null, start));
    expect(addedSeconds).toBe(35);
    expect(heard).toEqual([[0, 35]]);
  });

  it('gives nothing for reporting often: 100 reports in 10 s add no more than 10 s at 2× and the first 35 s', () => {
    const heard = reportAll(Array.from({ length: 100 }, (_, index) => [index / 10, [[0, 600]]]));
    expect(uniqueSeconds(heard)).toBeCloseTo(35 + 2 * 9.9, 6);
  });

  it('brings the rest with the next reports of an honest page (its ranges are cumulative)', () => {
    // 30 s at 2× reported late, all at once: 60 video seconds against a 35 s budget; then on at 1×.
    expect(reportAll([[30, [[0, 60]]]])).toEqual([[0, 35]]);
    expect(reportAll([[30, [[0, 60]]], [40, [[0, 70]]]])).toEqual([[0, 55]]);
    expect(reportAll([[30, [[0, 60]]], [40, [[0, 70]]], [50, [[0, 80]]]])).toEqual([[0, 75]]);
    expect(reportAll([[30, [[0, 60]]], [40, [[0, 70]]], [50, [[0, 80]]], [60, [[0, 90]]]])).toEqual([[0, 90]]);
  });

  it('adds nothing for a retried report', () => {
    const first = addHeard([], [[0, 20]], 35);
    const retried = addHeard(first.heard, [[0, 20]], 5);
    expect(retried).toEqual({ heard: [[0, 20]], addedSeconds: 0 });
  });

  it('counts only the new parts of a report against the budget, earliest first', () => {
    const { heard, addedSeconds } = addHeard([[10, 20]], [[0, 40]], 15);
    expect(addedSeconds).toBe(15);
    expect(heard).toEqual([[0, 25]]);
  });

  it('finds a range past the duration (and its 1 s allowance), never when the duration is unknown', () => {
    expect(isBeyondDuration([[0, 61]], 60)).toBe(false);
    expect(isBeyondDuration([[0, 61.5]], 60)).toBe(true);
    expect(isBeyondDuration([[0, 5000]], null)).toBe(false);
  });
});

describe('completion', () => {
  const duration = 100;

  it('is 90 % of the video heard with 90 % of its last 5 %', () => {
    expect(isComplete([[0, 90], [95.5, 100]], duration)).toBe(true);
    expect(isComplete([[0, 100]], duration)).toBe(true);
  });

  it('is not 90 % heard without the end: dragging the playhead there is not listening', () => {
    expect(isComplete([[0, 94]], duration)).toBe(false);
    expect(isComplete([[0, 90], [99, 100]], duration)).toBe(false);
  });

  it('is not the end heard without 90 % of the whole: dragging to the end completes nothing', () => {
    expect(isComplete([[0, 10], [95, 100]], duration)).toBe(false);
    expect(isComplete([[0, 79], [90, 100]], duration)).toBe(false);
  });

  it('never happens when the duration is unknown', () => {
    expect(isComplete([[0, 5000]], null)).toBe(false);
  });
});

it('marks a day or a week complete when every video is, not started when none was heard', () => {
  expect(statusOfAll(['complete', 'complete'])).toBe('complete');
  expect(statusOfAll(['not-started', 'not-started'])).toBe('not-started');
  expect(statusOfAll(['complete', 'not-started'])).toBe('in-progress');
  expect(statusOfAll(['in-progress'])).toBe('in-progress');
});
