import { changeLanguage, i18n } from '@learning/platform';
import '../src/i18n';
import { pageNumbers } from '../src/components/Pager';
import { timeAgo } from '../src/components/RelativeTime';
import { nextPlace } from '../src/screens/bundle-form/bundle-fields';
import { pageCount, pageOf } from '../src/paging';
import { idTag, namesakeTags } from '../src/video-names';

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

  it("tells same-named videos apart by their week and day when those differ, else by the shortest end of their id that is theirs alone", () => {
    expect(idTag('6f1c-00a1b2', ['6f1c-00a1b2', '6f1c-00c3d4'])).toBe('#a1b2');
    expect(idTag('6f1c-01a1b2', ['6f1c-01a1b2', '6f1c-02a1b2'])).toBe('#1a1b2');
    expect(idTag('mv1', ['mv1', 'mv2'])).toBe('#mv1');
    const cut = (name: string) => name.slice(0, 5);
    const tags = namesakeTags(
      [
        { _id: 'id-0001', name: 'Өглөө 1', week: 1, dayOfWeek: 1 },
        { _id: 'id-0002', name: 'Өглөө 2', week: 1, dayOfWeek: 2 },
        { _id: 'id-0003', name: 'Дэлгүүрт', week: 1, dayOfWeek: 3 },
        { _id: 'id-0004', name: 'Хобби', week: 2, dayOfWeek: 1 },
        { _id: 'id-0005', name: 'Хобби', week: 2, dayOfWeek: 1 },
        { _id: 'id-0006', name: 'Аялал' },
        { _id: 'id-0007', name: 'Аялал' },
      ],
      cut,
    );
    expect(Object.fromEntries(tags)).toEqual({
      'id-0001': { kind: 'day', week: 1, dayOfWeek: 1 },
      'id-0002': { kind: 'day', week: 1, dayOfWeek: 2 },
      'id-0004': { kind: 'id', text: '#0004' },
      'id-0005': { kind: 'id', text: '#0005' },
      'id-0006': { kind: 'id', text: '#0006' },
      'id-0007': { kind: 'id', text: '#0007' },
    });
  });

  it("says the administrator's words in Mongolian by default, keeps the English ones in the English locale and the spec's 'N new request' in both", async () => {
    const keys = ['requests.approve', 'requests.approved', 'requests.confirmApprove', 'table.edit', 'videos.publish.submit', 'table.yes', 'table.no', 'monsterplanRequests.title', 'lessonRequests.title'];
    const words = () => [...keys.map((key) => i18n.t(key, { ns: 'admin' })), i18n.t('requests.newBadge', { ns: 'admin', count: 2 })];
    expect(words()).toEqual(['Зөвшөөрөх', 'Зөвшөөрсөн', 'Зөвшөөрөх үү?', 'Засах', 'Нийтлэх', 'Тийм', 'Үгүй', 'Monster plan-ы хүсэлтүүд', 'Багц хичээлийн хүсэлтүүд', '2 new request']);
    try {
      await changeLanguage('en');
      expect(words()).toEqual(['Approve', 'Approved', 'Approve it?', 'Edit', 'Publish', 'Yes', 'No', 'Monster plan requests', 'Lesson bundle requests', '2 new request']);
    } finally {
      await changeLanguage('mn');
    }
  });
});
