// batchedLookup: questions asked at once share one round trip, and no answer is older than its question.
import { batchedLookup } from '../src/data/index.js';

/** A store whose lookups the test releases one at a time, recording the keys of each. */
function controlledStore(values: Map<string, number>) {
  const batches: string[][] = [];
  const releases: Array<() => void> = [];
  const loadMany = async (keys: readonly string[]) => {
    batches.push([...keys]);
    await new Promise<void>((resolve) => releases.push(resolve));
    // Read when the lookup finishes, as a query sees the rows committed before it ran.
    return new Map([...keys].flatMap((key) => (values.has(key) ? [[key, values.get(key)!] as const] : [])));
  };
  const releaseNext = async () => {
    while (releases.length === 0) await new Promise((resolve) => setImmediate(resolve));
    releases.shift()!();
  };
  return { loadMany, batches, releaseNext };
}

it('questions asked in the same tick share one lookup, and each gets its own answer', async () => {
  const store = controlledStore(new Map([['a', 1], ['b', 2]]));
  const lookup = batchedLookup(store.loadMany);
  const answers = Promise.all([lookup('a'), lookup('b'), lookup('a'), lookup('missing')]);
  await store.releaseNext();
  expect(await answers).toEqual([1, 2, 1, undefined]);
  expect(store.batches).toEqual([['a', 'b', 'missing']]);
});

it('questions asked while a lookup runs wait for the next one, which asks for all of them together', async () => {
  const store = controlledStore(new Map([['a', 1]]));
  const lookup = batchedLookup(store.loadMany);
  const first = lookup('a');
  await new Promise((resolve) => setImmediate(resolve)); // the first lookup is running now
  const later = [lookup('a'), lookup('c')];
  await store.releaseNext();
  expect(await first).toBe(1);
  await store.releaseNext();
  expect(await Promise.all(later)).toEqual([1, undefined]);
  expect(store.batches).toEqual([['a'], ['a', 'c']]);
});

it('a question asked after a change never gets an answer from before it', async () => {
  const values = new Map<string, number>();
  let reads = 0;
  // This store reads at the start of each lookup, as a query does.
  const lookup = batchedLookup(async (keys: readonly string[]) => {
    const seen = new Map(keys.flatMap((key) => (values.has(key) ? [[key, values.get(key)!] as const] : [])));
    reads++;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return seen;
  });
  const before = lookup('token');
  await new Promise((resolve) => setImmediate(resolve));
  values.set('token', 1); // e.g. a sign-out revokes the token while a lookup runs
  const after = lookup('token');
  expect(await before).toBeUndefined();
  expect(await after).toBe(1);
  expect(reads).toBe(2);
});

it('a failed lookup fails the questions it carried, and the next questions are asked again', async () => {
  let fail = true;
  const lookup = batchedLookup(async (keys: readonly string[]) => {
    if (fail) throw new Error('the database is away');
    return new Map(keys.map((key) => [key, key.length]));
  });
  await expect(Promise.all([lookup('a'), lookup('bb')])).rejects.toThrow('the database is away');
  fail = false;
  expect(await Promise.all([lookup('a'), lookup('bb')])).toEqual([1, 2]);
});
