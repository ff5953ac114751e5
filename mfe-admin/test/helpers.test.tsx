import { pageNumbers } from '../src/components/Pager';
import { timeAgo } from '../src/components/RelativeTime';
import { nextPlace } from '../src/screens/bundle-form/bundle-fields';
import { pageCount, pageOf } from '../src/paging';

describe('the admin screens’ small rules', () => {
  it('counts pages from the real total, at least one', () => {
    expect([0, 1, 10, 11, 23].map((total) => pageCount(total))).toEqual([1, 1, 1, 2, 3]);
    expect(pageOf(['a', 'b', 'c'], 2, 2)).toEqual({ result: ['c'], total: 3 });
  });

  it('shows the first, the last and the pages around the current one, with gaps', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(10, 20)).toEqual([1, null, 9, 10, 11, null, 20]);
    expect(pageNumbers(20, 20)).toEqual([1, null, 19, 20]);
  });

  it('says how long ago a request was made', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    const ago = (ms: number) => timeAgo(new Date(now - ms), now);
    expect(ago(30_000)).toEqual({ key: 'time.justNow', count: 0 });
    expect(ago(5 * 60_000)).toEqual({ key: 'time.minutes', count: 5 });
    expect(ago(3 * 3_600_000)).toEqual({ key: 'time.hours', count: 3 });
    expect(ago(2 * 86_400_000)).toEqual({ key: 'time.days', count: 2 });
    expect(ago(65 * 86_400_000)).toEqual({ key: 'time.months', count: 2 });
    expect(ago(800 * 86_400_000)).toEqual({ key: 'time.years', count: 2 });
    // A clock a little behind the server's is not "in the future".
    expect(ago(-5_000)).toEqual({ key: 'time.justNow', count: 0 });
  });

  it("puts a newly chosen plan video on the day after the last chosen one; the eighth day is the next week's first", () => {
    expect(nextPlace([])).toEqual({ week: 1, dayOfWeek: 1 });
    expect(nextPlace([{ _id: 'a', week: 1, dayOfWeek: 3, monsterWords: '' }, { _id: 'b', week: 1, dayOfWeek: 1, monsterWords: '' }])).toEqual({ week: 1, dayOfWeek: 4 });
    expect(nextPlace([{ _id: 'a', week: 2, dayOfWeek: 7, monsterWords: '' }])).toEqual({ week: 3, dayOfWeek: 1 });
  });
});
