// Asks auth every few seconds for the revocations it recorded since the last answer, so that a
// revoked token stops working here even while the broker, which carries the same revocations as
// events, is away. Whatever comes first, the event or the answer, is applied; the other changes nothing.
import type { Logger } from 'pino';
import { revocationsAnswer, revocationsPath, type RevocationsAnswer } from './revocations.js';

export interface RevocationPollOptions {
  /** Auth's `/internal/revocations`. */
  url: string;
  /** Presented as a bearer token when set (INTERNAL_TOKEN). */
  token?: string | undefined;
  intervalMs: number;
  /** Keeps an answer's revocations in this service's tables. */
  apply: (answer: RevocationsAnswer) => Promise<void>;
  logger: Logger;
  fetch?: typeof fetch;
}

export interface RevocationPoll {
  /** Resolves once one call in hand has finished; no call starts after it. */
  stop(): Promise<void>;
}

export function startRevocationPoll({ url, token, intervalMs, apply, logger, fetch: fetchAnswer = fetch }: RevocationPollOptions): RevocationPoll {
  let cursor: string | null = null;
  let isStopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inHand: Promise<void> = Promise.resolve();
  let hasWarned = false;

  const pollOnce = async () => {
    const address = new URL(url);
    if (cursor) address.searchParams.set('after', cursor);
    const response = await fetchAnswer(address, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(intervalMs),
    });
    if (!response.ok) throw new Error(`${revocationsPath} answered ${response.status}`);
    const answer = revocationsAnswer.parse(await response.json());
    await apply(answer);
    cursor = answer.cursor ?? cursor;
  };

  const run = () => {
    inHand = pollOnce()
      .then(() => {
        if (hasWarned) logger.info('revocations are read from auth again');
        hasWarned = false;
      })
      .catch((error: unknown) => {
        // Said once per failing spell, not at every call while auth is away.
        if (!hasWarned) logger.warn({ err: error }, 'revocations could not be read from auth; asking again');
        hasWarned = true;
      })
      .finally(() => {
        if (isStopped) return;
        timer = setTimeout(run, intervalMs);
        timer.unref?.();
      });
  };
  // The first call at once: what was revoked while this service was not running is known before long.
  run();

  return {
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await inHand;
    },
  };
}
