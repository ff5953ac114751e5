// The centre's clock (Asia/Ulaanbaatar, UTC+8 all year), shared by the catalog and the pages.
import { centreClockOf, centreDayOf, centreMidnightOf } from '../src/centre-time.js';

it('reads the centre’s day of a moment, which begins at 16:00 UTC the day before', () => {
  expect(centreDayOf(new Date('2026-12-08T15:59:59Z'))).toBe('2026-12-08');
  expect(centreDayOf(new Date('2026-12-08T16:00:00Z'))).toBe('2026-12-09');
  expect(centreDayOf(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
  expect(centreDayOf(new Date('not a date'))).toBe('');
});

it('writes the start of a centre’s day as the API takes it, the same moment as 16:00 UTC the day before', () => {
  expect(centreMidnightOf('2026-12-09')).toBe('2026-12-09T00:00:00+08:00');
  expect(new Date(centreMidnightOf('2026-12-09')).toISOString()).toBe('2026-12-08T16:00:00.000Z');
  expect(centreDayOf(new Date(centreMidnightOf('2026-12-09')))).toBe('2026-12-09');
});

it('reads a moment as the centre’s clock does, to the minute', () => {
  expect(centreClockOf(new Date('2026-12-08T06:30:59Z'))).toBe('2026-12-08 14:30');
  expect(centreClockOf(new Date('2026-12-08T23:05:00Z'))).toBe('2026-12-09 07:05');
});
