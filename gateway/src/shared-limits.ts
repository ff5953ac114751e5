// The sign-in and callback limits counted across every gateway: with REDIS_URL each limit's counts
// live in Redis (rate-limit-redis, the store express-rate-limit's authors keep), so two gateways
// behind nginx allow a client the limit once, not once each. Without it each gateway counts in its
// own memory, which is right for one. A gateway does not start without the Redis it is given; Redis
// going away later never stops sign-in: the limits let calls through while it is unreachable
// (passOnStoreError) and the client reconnects by itself.
import type { Logger } from '@learning/kit/observability';
import type { Store } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import { createClient } from 'redis';

/** Makes the store of one limit, its keys under `prefix`. */
export type LimitStore = (prefix: string) => Store;

export interface SharedLimits {
  store: LimitStore;
  close(): Promise<void>;
}

/** How long a starting gateway waits for Redis before it refuses to start. */
const connectTimeoutMs = 10_000;

export async function connectSharedLimits(url: string, logger: Logger): Promise<SharedLimits> {
  // Commands fail at once while the connection is down rather than waiting in a queue, so a limit
  // answers (and lets the call through) instead of holding a sign-in until Redis is back.
  let isStarting = true;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    // Refused at start, the gateway does not start; once running, it tries again, up to every 2 s. The
    // refusal is an Error made here: node-redis tells it from a delay with instanceof, which an error
    // of another realm (a test runner's) would fail.
    socket: { reconnectStrategy: (retries: number, cause: Error) => (isStarting ? new Error(cause.message) : Math.min(100 * (retries + 1), 2000)) },
  });
  // A lost connection is logged once per episode; the client tries again meanwhile.
  let isDown = false;
  client.on('error', (error: unknown) => {
    if (isDown) return;
    isDown = true;
    logger.warn({ err: error }, 'Redis cannot be reached: the rate limits let calls through until it is back');
  });
  client.on('ready', () => {
    if (isDown) logger.info('Redis is back: the rate limits are shared again');
    isDown = false;
  });
  const timeout = setTimeout(() => void client.destroy(), connectTimeoutMs);
  try {
    await client.connect();
    // A refusal at start may end the connect without an error, the client left closed.
    if (!client.isReady) throw new Error('not connected');
    isStarting = false;
  } catch {
    if (client.isOpen) client.destroy();
    throw new Error(`REDIS_URL: Redis could not be reached within ${connectTimeoutMs / 1000} s`);
  } finally {
    clearTimeout(timeout);
  }
  return {
    store: (prefix) => new RedisStore({ prefix: `rl:${prefix}:`, sendCommand: (...args: string[]) => client.sendCommand(args) }),
    close: async () => {
      await client.close();
    },
  };
}
