// The bounded wait of tests that look for what events bring.
import { setTimeout as sleep } from 'node:timers/promises';

/** Waits until `check` answers something truthy, checking every 25 ms; fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | false> | T | undefined | false, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await sleep(25);
  }
}
