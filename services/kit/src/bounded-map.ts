// Memory kept for speed must not grow without end: a map holding at most `capacity` entries, where
// the entry set longest ago goes first when a new one comes.

/** Sets `key` in `map` (a key set again counts as new), then drops the oldest entries past `capacity`. */
export function keepAtMost<Key, Value>(map: Map<Key, Value>, capacity: number, key: Key, value: Value): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > capacity) map.delete(map.keys().next().value!);
}
