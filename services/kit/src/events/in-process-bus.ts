// The bus of the all-in-one mode and of tests: RabbitMQ's semantics inside one process. Each
// subscriber has one queue (however many subscribe() calls it makes), events are delivered one at a
// time in order, a failing handler gets the event again, and one that keeps failing (or refuses it
// as malformed) dead-letters it.
import { setTimeout as sleep } from 'node:timers/promises';
import { eventEnvelope } from '@learning/contracts';
import { MalformedEvent, type Bus, type EventEnvelope, type EventHandler } from './bus.js';
import { createLogger, type Logger } from '../observability/logger.js';
import { activeTraceHeaders, inConsumeSpan, type TraceHeaders } from '../observability/tracing.js';

export interface InProcessBusOptions {
  /** Deliveries of one event to one subscriber before it goes to `deadLetters`. */
  maxDeliveries?: number;
  logger?: Logger;
}

export type InProcessBus = Bus & { deadLetters: EventEnvelope[] };

interface WaitingEvent {
  content: string;
  headers: TraceHeaders;
}

interface SubscriberQueue {
  subscriber: string;
  types: Set<string>;
  subscriptions: { types: ReadonlySet<string>; handler: EventHandler }[];
  /** Events as JSON text, so every delivery hands out a fresh copy, as a broker would; with their trace. */
  waiting: WaitingEvent[];
  isDelivering: boolean;
}

export function createInProcessBus(options: InProcessBusOptions = {}): InProcessBus {
  const maxDeliveries = options.maxDeliveries ?? 5;
  const logger = options.logger ?? createLogger('in-process-bus');
  const queues = new Map<string, SubscriberQueue>();
  const deadLetters: EventEnvelope[] = [];
  const deadLettersPerSubscriber = new Map<string, number>();
  const deliveries = new Set<Promise<void>>();
  const closing = new AbortController();

  /** The queue of a subscriber, made on its first declaration or subscription. */
  function queueOf(subscriber: string): SubscriberQueue {
    let queue = queues.get(subscriber);
    if (!queue) {
      queue = { subscriber, types: new Set(), subscriptions: [], waiting: [], isDelivering: false };
      queues.set(subscriber, queue);
    }
    return queue;
  }

  function startDelivering(queue: SubscriberQueue) {
    // A declared queue keeps its events until its subscriber comes.
    if (queue.isDelivering || queue.subscriptions.length === 0) return;
    queue.isDelivering = true;
    const running = deliverWaiting(queue).finally(() => {
      queue.isDelivering = false;
      deliveries.delete(running);
      // An event published between the last shift() and this point would otherwise wait for ever.
      if (queue.waiting.length > 0 && !closing.signal.aborted) startDelivering(queue);
    });
    deliveries.add(running);
  }

  async function deliverWaiting(queue: SubscriberQueue) {
    // Never inside the publisher's call stack: a handler must not run before publish() returns.
    await new Promise((resolve) => setImmediate(resolve));
    for (let waiting = queue.waiting.shift(); waiting !== undefined && !closing.signal.aborted; waiting = queue.waiting.shift()) {
      await deliver(queue, waiting);
    }
  }

  async function deliver(queue: SubscriberQueue, { content, headers }: WaitingEvent) {
    for (let delivery = 1; ; delivery++) {
      const event = JSON.parse(content) as EventEnvelope;
      try {
        await inConsumeSpan({ type: event.type, id: event.id, subscriber: queue.subscriber, headers }, async () => {
          for (const { types, handler } of queue.subscriptions) {
            if (types.has(event.type)) await handler(event);
          }
        });
        return;
      } catch (error) {
        const context = { err: error, subscriber: queue.subscriber, eventId: event.id, type: event.type, delivery };
        if (error instanceof MalformedEvent || delivery >= maxDeliveries) {
          deadLetters.push(event);
          deadLettersPerSubscriber.set(queue.subscriber, (deadLettersPerSubscriber.get(queue.subscriber) ?? 0) + 1);
          const reason = error instanceof MalformedEvent ? 'its contract refuses it' : `after ${delivery} failed deliveries`;
          logger.error(context, `event dead-lettered: ${reason}`);
          return;
        }
        logger.warn(context, 'event handler failed; the event will be delivered again');
        try {
          await sleep(redeliveryDelayMs(delivery), undefined, { signal: closing.signal });
        } catch {
          return; // closing
        }
      }
    }
  }

  return {
    deadLetters,

    async publish(event) {
      if (closing.signal.aborted) throw new Error('The in-process bus is closed.');
      const content = JSON.stringify(eventEnvelope.parse(event));
      const headers = activeTraceHeaders();
      for (const queue of queues.values()) {
        if (!queue.types.has(event.type)) continue;
        queue.waiting.push({ content, headers });
        startDelivering(queue);
      }
    },

    async subscribe(subscriber, types, handler) {
      const queue = queueOf(subscriber);
      for (const type of types) queue.types.add(type);
      queue.subscriptions.push({ types: new Set(types), handler });
      if (queue.waiting.length > 0) startDelivering(queue);
    },

    async declareQueues(declared) {
      for (const [subscriber, types] of Object.entries(declared)) {
        const queue = queueOf(subscriber);
        for (const type of types) queue.types.add(type);
      }
    },

    async deadLetterCount(subscriber) {
      return deadLettersPerSubscriber.get(subscriber) ?? 0;
    },

    async close() {
      closing.abort();
      await Promise.allSettled([...deliveries]);
    },
  };
}

/** A short pause before a failed event is delivered again, growing with each failure. */
function redeliveryDelayMs(failedDeliveries: number): number {
  return Math.min(1000, 20 * 2 ** (failedDeliveries - 1));
}
