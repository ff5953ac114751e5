// Shares one database round trip among the requests that ask the same kind of question at once
// (is this token revoked? what is the catalog's revision?). Under load each query's round trip costs
// more than its SQL (the socket writes of pg's queries, in a --cpu-prof of bench/catalog;
// docs/benchmarks.md), so the questions that arrive while one lookup runs wait for the next, which
// asks for all of them together.
// Never stale: a lookup starts only after every request it answers has arrived, so an answer is at
// least as new as the question, as if each request had asked on its own.

/** Answers, for the keys asked, what the store holds; a key it does not hold is left out. */
export type LoadMany<Key, Value> = (keys: readonly Key[]) => Promise<ReadonlyMap<Key, Value>>;

/** Looks one key up, sharing the round trip with the keys asked at the same time. */
export type Lookup<Key, Value> = (key: Key) => Promise<Value | undefined>;

interface Batch<Key, Value> {
  keys: Set<Key>;
  answer: Promise<ReadonlyMap<Key, Value>>;
}

export function batchedLookup<Key, Value>(loadMany: LoadMany<Key, Value>): Lookup<Key, Value> {
  let running: Promise<unknown> | undefined;
  let next: Batch<Key, Value> | undefined;

  const startNext = (): Batch<Key, Value> => {
    const keys = new Set<Key>();
    const run = () => {
      if (next?.keys === keys) next = undefined; // from here on, questions wait for the batch after this one
      return loadMany([...keys]);
    };
    // The batch runs once the one before it has finished, or in the next microtask when none runs,
    // so that the questions asked in the same tick go together.
    const answer = (running ?? Promise.resolve()).then(run, run);
    const settled = answer.then(
      () => undefined,
      () => undefined,
    );
    running = settled;
    void settled.then(() => {
      if (running === settled) running = undefined;
    });
    return { keys, answer };
  };

  return async (key) => {
    next ??= startNext();
    next.keys.add(key);
    const answers = await next.answer;
    return answers.get(key);
  };
}
