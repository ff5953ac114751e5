import { keepAtMost } from '../src/bounded-map.js';

it('holds at most its capacity, dropping the entry set longest ago; a key set again counts as new', () => {
  const map = new Map<string, number>();
  keepAtMost(map, 2, 'a', 1);
  keepAtMost(map, 2, 'b', 2);
  keepAtMost(map, 2, 'a', 3);
  keepAtMost(map, 2, 'c', 4);
  expect([...map]).toEqual([
    ['a', 3],
    ['c', 4],
  ]);
});
