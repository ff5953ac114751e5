// Request validation from the zod schemas of packages/contracts: bad input is a 400 whose message
// is the first problem in Mongolian.
import type { z } from 'zod';
import { badRequest } from './errors.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can be a uuid key; anything else is answered as "not found" before PostgreSQL sees it. */
export function isUuid(id: string): boolean {
  return uuidPattern.test(id);
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw badRequest(mongolianMessage(issue), 'validation_failed');
}

function mongolianMessage(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'Хүсэлт буруу байна.';
  // Messages the contracts wrote themselves are already Mongolian; zod's defaults are English.
  if (/[\u0400-\u04FF]/.test(issue.message)) return issue.message;
  const field = issue.path.join('.');
  return field ? `«${field}» талбарын утга буруу байна.` : 'Хүсэлт буруу байна.';
}
