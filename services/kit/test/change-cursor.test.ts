// The cursor of the /internal calls that answer what changed: read from the query, the overlap an
// answer starts with, and the cursor it hands on.
import { changedSince, cursorOverlapMs, nextCursor, readCursor } from '../src/http/change-cursor.js';

const at = (iso: string) => new Date(iso);

it('reads the cursor of the last answer, or none', () => {
  expect(readCursor({ after: '2026-01-01T00:00:01.000Z' })).toEqual(at('2026-01-01T00:00:01.000Z'));
  expect(readCursor({})).toBeUndefined();
});

it('refuses a cursor that is no time with 400 cursor_invalid', () => {
  for (const after of ['yesterday', ['2026-01-01T00:00:01.000Z', '2026-01-01T00:00:02.000Z']]) {
    expect(() => readCursor({ after })).toThrow(expect.objectContaining({ status: 400, code: 'cursor_invalid' }));
  }
});

it('starts an answer the overlap before the cursor, or from the beginning without one', () => {
  expect(changedSince(at('2026-01-01T00:01:00.000Z')).getTime()).toBe(at('2026-01-01T00:01:00.000Z').getTime() - cursorOverlapMs);
  expect(changedSince(undefined).getTime()).toBeLessThanOrEqual(0);
});

it('hands on the latest change served, never a cursor older than the one asked with', () => {
  const after = at('2026-01-01T00:01:00.000Z');
  expect(nextCursor(after, [at('2026-01-01T00:00:30.000Z'), at('2026-01-01T00:02:00.000Z')])).toBe('2026-01-01T00:02:00.000Z');
  expect(nextCursor(after, [at('2026-01-01T00:00:30.000Z')])).toBe('2026-01-01T00:01:00.000Z');
  expect(nextCursor(undefined, [])).toBeNull();
});

it('hands on a cursor for an answer from the beginning, however many rows it holds', () => {
  const many = Array.from({ length: 300_000 }, (_, index) => new Date(index * 1000));
  expect(nextCursor(undefined, many)).toBe(new Date(299_999_000).toISOString());
});
