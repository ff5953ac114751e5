// The cursor of the /internal calls that answer what changed since the caller last asked (auth's
// revocations, the catalog's accesses): the time of the latest change served, as ISO text. A row's
// time is taken before its transaction commits, so a row can become visible after a later one was
// already served: every answer starts a while before the cursor, and the caller applies what it is
// answered so that receiving a change twice changes nothing.
import { z } from 'zod';
import { badRequest } from './errors.js';

/** How far before the cursor an answer starts: far longer than any transaction that records a change. */
export const cursorOverlapMs = 60_000;

const cursorQuery = z.object({ after: z.iso.datetime().optional() });

/** The `after` of a call's query string, or undefined without one; 400 `cursor_invalid` when it is no cursor. */
export function readCursor(query: unknown): Date | undefined {
  const parsed = cursorQuery.safeParse(query);
  if (!parsed.success) throw badRequest('`after` нь өмнөх хариултын cursor байх ёстой.', 'cursor_invalid');
  return parsed.data.after === undefined ? undefined : new Date(parsed.data.after);
}

/** The time an answer starts from: the overlap before the cursor, or the beginning without one. */
export function changedSince(after: Date | undefined): Date {
  return new Date((after?.getTime() ?? 0) - cursorOverlapMs);
}

/** What the next call passes as `after`: the latest change served, else the cursor asked with; null while there is neither. */
export function nextCursor(after: Date | undefined, changedAt: readonly Date[]): string | null {
  // A loop, not Math.max(...): an answer from the beginning may hold more rows than a call takes arguments.
  const latest = changedAt.reduce((latest, time) => Math.max(latest, time.getTime()), after?.getTime() ?? -Infinity);
  return Number.isFinite(latest) ? new Date(latest).toISOString() : null;
}
