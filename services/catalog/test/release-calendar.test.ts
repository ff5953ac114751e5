// The daily release's calendar (release-calendar.ts): no database, just the rule.
import { centreDayOf } from '@learning/contracts';
import { dayIndexOf, dayReleasesAt } from '../src/release-calendar.js';

describe('releasing a plan\'s days one a day from the approval date, at 00:00 Ulaanbaatar', () => {
  it('approved at 23:30 in Ulaanbaatar (15:30Z): day 1 opened at that date\'s midnight, day 2 at the next', () => {
    const approvedAt = new Date('2026-12-08T15:30:00Z');
    expect(dayReleasesAt(approvedAt, 0).toISOString()).toBe('2026-12-07T16:00:00.000Z');
    expect(dayReleasesAt(approvedAt, 1).toISOString()).toBe('2026-12-08T16:00:00.000Z');
  });

  it('approved at 00:30 in Ulaanbaatar (16:30Z the day before): the date is Ulaanbaatar\'s, not UTC\'s', () => {
    const approvedAt = new Date('2026-12-08T16:30:00Z');
    expect(centreDayOf(approvedAt)).toBe('2026-12-09');
    expect(dayReleasesAt(approvedAt, 0).toISOString()).toBe('2026-12-08T16:00:00.000Z');
    expect(dayReleasesAt(approvedAt, 7).toISOString()).toBe('2026-12-15T16:00:00.000Z');
  });

  it('crosses month and year ends', () => {
    expect(dayReleasesAt(new Date('2026-12-30T04:00:00Z'), 3).toISOString()).toBe('2027-01-01T16:00:00.000Z');
    expect(centreDayOf(new Date('2027-01-01T16:00:00Z'))).toBe('2027-01-02');
  });

  it('counts the plan\'s days in plan order, a day without a video not counted', () => {
    const days = [{ week: 1, dayOfWeek: 1 }, { week: 1, dayOfWeek: 3 }, { week: 2, dayOfWeek: 1 }];
    expect(dayIndexOf(days, 1, 3)).toBe(1);
    expect(dayIndexOf(days, 2, 1)).toBe(2);
    expect(dayIndexOf(days, 1, 2)).toBe(-1);
  });
});
