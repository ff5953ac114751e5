// Where a plan's videos go (monsterplans.ts placeVideos): no database, just the rule.
import { placeVideos, type Slot } from '../src/monsterplans.js';

const slot = (videoId: string, week: number, dayOfWeek: number, monsterWords = ''): Slot => ({ videoId, week, dayOfWeek, monsterWords });

describe('placing a plan\'s videos', () => {
  it('plain ids of a new plan fill the days in order, seven a week', () => {
    const ids = Array.from({ length: 9 }, (_, index) => `v${index + 1}`);
    const slots = placeVideos(ids, []);
    expect(slots.map((s) => [s.week, s.dayOfWeek])).toEqual([
      [1, 1], [1, 2], [1, 3], [1, 4], [1, 5], [1, 6], [1, 7], [2, 1], [2, 2],
    ]);
  });

  it('a placement is taken as given, and a plain id goes after the latest day of the plan', () => {
    const slots = placeVideos(['new', { _id: 'set', week: 2, dayOfWeek: 5, monsterWords: 'words' }], []);
    expect(slots).toEqual([slot('new', 2, 6), slot('set', 2, 5, 'words')]);
  });

  it('a video the plan holds keeps its place and words when sent as a plain id', () => {
    const current = [slot('a', 1, 1, 'alpha'), slot('b', 1, 7, 'beta')];
    expect(placeVideos(['b', 'c', 'a'], current)).toEqual([slot('b', 1, 7, 'beta'), slot('c', 2, 1), slot('a', 1, 1, 'alpha')]);
  });

  it('a video listed twice keeps its first place', () => {
    expect(placeVideos(['a', { _id: 'a', week: 3, dayOfWeek: 3, monsterWords: '' }], [])).toEqual([slot('a', 1, 1)]);
  });
});
