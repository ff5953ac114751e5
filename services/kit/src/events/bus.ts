// The event bus every service publishes to and consumes from: RabbitMQ in production, an in-process
// implementation with the same semantics for the embedded mode and tests.
import type { EventEnvelope } from '@learning/contracts';

export type { EventEnvelope };
export type EventHandler = (event: EventEnvelope) => Promise<void>;

export interface Bus {
  /** Resolves once the broker has confirmed the event (RabbitMQ publisher confirms). */
  publish(event: EventEnvelope): Promise<void>;
  /**
   * Delivers every event whose type is in `types` to `handler`, through a durable queue named after
   * `subscriber` (one per service). A handler that throws gets the event again; one that keeps
   * failing sends it to the dead-letter queue instead of blocking the others. A handler that throws
   * `MalformedEvent` sends it there at once: no delivery of it could ever succeed.
   */
  subscribe(subscriber: string, types: readonly string[], handler: EventHandler): Promise<void>;
  /**
   * Makes each subscriber's queue and binds its types without consuming, so an event published
   * before its subscriber ever subscribed waits for it. Idempotent; `subscribe` uses the same queue.
   */
  declareQueues(queues: Readonly<Record<string, readonly string[]>>): Promise<void>;
  /** Events of `subscriber` in its dead-letter queue, for /metrics; rejects while the broker is unreachable. */
  deadLetterCount(subscriber: string): Promise<number>;
  close(): Promise<void>;
}

/** An event its contract refuses (see `subscribe`): dead-lettered at once, never retried, never cast. */
export class MalformedEvent extends Error {
  override name = 'MalformedEvent';
}
