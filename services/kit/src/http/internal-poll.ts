// Asks another service's /internal call every few seconds for what changed since its last answer
// (auth's revocations, the catalog's accesses), so that what the events carry reaches this service
// even while the broker, which carries them, is away. Whatever comes first, the event or the answer,
// is applied; the other changes nothing.
import type { Logger } from 'pino';
import type { z } from 'zod';
import { startRounds, type Rounds } from '../service/rounds.js';

/** What every such call answers beside its changes: the `after` of the next call, null while nothing ever changed. */
export interface CursorAnswer {
  cursor: string | null;
}

export interface InternalPollOptions<Answer extends CursorAnswer> {
  /** The other service's call, e.g. auth's `/internal/revocations`. */
  url: string;
  /** Presented as a bearer token when set (INTERNAL_TOKEN). */
  token?: string | undefined;
  intervalMs: number;
  /** The answer's schema: what does not match it is a failed call, asked again. */
  answer: z.ZodType<Answer>;
  /** Keeps an answer's changes in this service's tables. */
  apply: (answer: Answer) => Promise<void>;
  /** For the log: what is asked for of whom, e.g. `revocations from auth`. */
  what: string;
  logger: Logger;
  fetch?: typeof fetch;
}

/** Its `stop` resolves once the call in hand has finished; no call starts after it. */
export type InternalPoll = Rounds;

export function startInternalPoll<Answer extends CursorAnswer>({
  url,
  token,
  intervalMs,
  answer: answerSchema,
  apply,
  what,
  logger,
  fetch: fetchAnswer = fetch,
}: InternalPollOptions<Answer>): InternalPoll {
  let cursor: string | null = null;
  let hasWarned = false;

  const pollOnce = async () => {
    const address = new URL(url);
    if (cursor) address.searchParams.set('after', cursor);
    const response = await fetchAnswer(address, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(intervalMs),
    });
    if (!response.ok) throw new Error(`${address.pathname} answered ${response.status}`);
    const answer = answerSchema.parse(await response.json());
    await apply(answer);
    // Moved only once applied: what could not be kept is asked for again.
    cursor = answer.cursor ?? cursor;
  };

  // The first call at once: what changed while this service was not running is known before long.
  return startRounds(async () => {
    try {
      await pollOnce();
      if (hasWarned) logger.info(`${what} are read again`);
      hasWarned = false;
    } catch (error) {
      // Said once per failing spell, not at every call while the other service is away.
      if (!hasWarned) logger.warn({ err: error }, `${what} could not be read; asking again`);
      hasWarned = true;
    }
  }, intervalMs);
}
