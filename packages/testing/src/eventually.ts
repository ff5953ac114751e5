// The one bounded wait of the tests, for what arrives later (an event's effect, a sent mail, a job's
// state): it asks again every 25 ms and, when the time is up, fails saying what it waited for and
// what it last saw, so a red run says why.
import { inspect } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits until `check` answers something truthy and answers that; a falsy answer or a throw (an
 * `expect` not met yet) means not yet. Fails after `timeoutMs` with `what` and the last answer or error.
 */
export async function eventually<T>(check: () => Promise<T | undefined | null | false> | T | undefined | null | false, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let lastSeen: string;
    try {
      const found = await check();
      if (found) return found;
      lastSeen = `it answered ${inspect(found, { depth: 4, breakLength: Infinity })}`;
    } catch (error) {
      lastSeen = `it threw ${error instanceof Error ? error.message : inspect(error)}`;
    }
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting until ${what}; last, ${lastSeen}`);
    await sleep(25);
  }
}
