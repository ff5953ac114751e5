// The bus on RabbitMQ: one durable topic exchange, a quorum queue per subscriber with a delivery
// limit and its own dead-letter queue (declared before anything is published, see declareQueues),
// publisher confirms, and reconnection after a broker outage.
import { setTimeout as sleep } from 'node:timers/promises';
import amqp, { type Channel, type ChannelModel, type ConfirmChannel, type ConsumeMessage } from 'amqplib';
import { eventEnvelope } from '@learning/contracts';
import { MalformedEvent, type Bus, type EventEnvelope, type EventHandler } from './bus.js';
import type { Logger } from '../observability/logger.js';
import { activeTraceHeaders, inConsumeSpan, type TraceHeaders } from '../observability/tracing.js';

export interface RabbitBusOptions {
  url: string;
  logger: Logger;
  /** The topic exchange every event goes to; its dead letters go to `<exchange>.dead-letter`. */
  exchange?: string;
  /** Deliveries of one event to one subscriber before RabbitMQ dead-letters it. */
  maxDeliveries?: number;
  /** Events a subscriber handles at once; 1 (the default) keeps them in order. */
  prefetch?: number;
  /** How long publish() waits for the broker's confirm before it rejects. */
  confirmTimeoutMs?: number;
  /** Connection attempts at start before connectRabbitBus gives up (a wrong URL fails the start). */
  initialConnectRetries?: number;
}

interface Subscriber {
  name: string;
  types: Set<string>;
  subscriptions: { types: ReadonlySet<string>; handler: EventHandler }[];
  /** The consumer on the current connection, if it has one yet. */
  consumer: { connection: ChannelModel; channel: Channel; consumerTag: string } | null;
}

export async function connectRabbitBus(options: RabbitBusOptions): Promise<Bus> {
  const { logger } = options;
  const exchange = options.exchange ?? 'platform.events';
  const deadLetterExchange = `${exchange}.dead-letter`;
  const maxDeliveries = options.maxDeliveries ?? 5;
  const prefetch = options.prefetch ?? 1;
  const confirmTimeoutMs = options.confirmTimeoutMs ?? 10_000;
  const subscribers = new Map<string, Subscriber>();
  /** Every queue declareQueues() was given, with its types: declared again on every connection. */
  const declaredQueues = new Map<string, Set<string>>();
  const handling = new Set<Promise<void>>();
  const closing = new AbortController();
  let connection: ChannelModel | null = null;
  let publisher: ConfirmChannel | null = null;
  let isReconnecting = false;

  // Declarations run one at a time, so a subscribe() during a reconnect's set-up is not half-applied.
  let declarations: Promise<unknown> = Promise.resolve();
  function declareSerially<T>(declare: () => Promise<T>): Promise<T> {
    const declared = declarations.then(declare);
    declarations = declared.catch(() => undefined);
    return declared;
  }

  function openChannel<C extends Channel>(model: ChannelModel, create: (model: ChannelModel) => Promise<C>): Promise<C> {
    return create(model).then((channel) => {
      // Without an 'error' listener a channel error (e.g. PRECONDITION_FAILED) crashes the process.
      channel.on('error', (error: Error) => logger.error({ err: error }, 'RabbitMQ channel error'));
      return channel;
    });
  }

  /** A long-lived channel that closes by itself means trouble: reconnect, and set-up rebuilds it all. */
  function reconnectWhenClosed(channel: Channel, model: ChannelModel) {
    channel.on('close', () => {
      // Deferred: when the whole connection drops, its channels close first; by then it is handled.
      setImmediate(() => {
        if (closing.signal.aborted || connection !== model) return;
        logger.error('a RabbitMQ channel closed unexpectedly; reconnecting');
        model.close().catch(() => undefined);
      });
    });
  }

  async function setUp(model: ChannelModel) {
    // The recovering connection reports this connection's errors once set-up is done; a failure
    // before that rejects set-up, which is reported as connect-failed.
    model.on('error', () => undefined);
    const admin = await openChannel(model, (m) => m.createChannel());
    await admin.assertExchange(exchange, 'topic', { durable: true });
    await admin.assertExchange(deadLetterExchange, 'direct', { durable: true });
    // Before the publisher exists: a broker that lost its queues gets them back before any event.
    for (const [name, types] of declaredQueues) await declareQueue(admin, name, types);
    await admin.close();
    const confirmChannel = await openChannel(model, (m) => m.createConfirmChannel());
    for (const subscriber of subscribers.values()) await consume(model, subscriber);
    reconnectWhenClosed(confirmChannel, model);
    model.on('close', () => {
      if (connection !== model) return;
      connection = null;
      publisher = null;
    });
    connection = model;
    publisher = confirmChannel;
  }

  async function consume(model: ChannelModel, subscriber: Subscriber) {
    const channel = await openChannel(model, (m) => m.createChannel());
    await channel.prefetch(prefetch);
    const queue = await declareQueue(channel, subscriber.name, subscriber.types);
    const { consumerTag } = await channel.consume(queue, (message) => receive(subscriber, channel, message));
    reconnectWhenClosed(channel, model);
    subscriber.consumer = { connection: model, channel, consumerTag };
  }

  /**
   * A subscriber's queue, its dead-letter queue and its bindings. Always the same arguments, or
   * RabbitMQ refuses the declaration of an existing queue (PRECONDITION_FAILED).
   */
  async function declareQueue(channel: Channel, subscriber: string, types: Iterable<string>): Promise<string> {
    const queue = `${subscriber}.events`;
    const deadLetterQueue = `${subscriber}.dead-letter`;
    await channel.assertQueue(deadLetterQueue, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
    await channel.bindQueue(deadLetterQueue, deadLetterExchange, subscriber);
    await channel.assertQueue(queue, {
      durable: true,
      arguments: {
        'x-queue-type': 'quorum',
        // Measured on RabbitMQ 3.10: a limit of N allows N + 1 deliveries before dead-lettering.
        'x-delivery-limit': maxDeliveries - 1,
        'x-dead-letter-exchange': deadLetterExchange,
        'x-dead-letter-routing-key': subscriber,
        // Dead-letter with confirms inside the broker, so a dead letter is never lost on the way.
        'x-dead-letter-strategy': 'at-least-once',
        'x-overflow': 'reject-publish',
      },
    });
    for (const type of types) await channel.bindQueue(queue, exchange, type);
    return queue;
  }

  function receive(subscriber: Subscriber, channel: Channel, message: ConsumeMessage | null) {
    if (message === null) {
      logger.warn({ subscriber: subscriber.name }, 'RabbitMQ cancelled the consumer (was its queue deleted?)');
      return;
    }
    const handled = handle(subscriber, channel, message).finally(() => handling.delete(handled));
    handling.add(handled);
  }

  async function handle(subscriber: Subscriber, channel: Channel, message: ConsumeMessage) {
    const event = parseEnvelope(message.content);
    if (!event) {
      logger.error({ subscriber: subscriber.name, messageId: message.properties.messageId }, 'dead-lettering a message that is not a valid event envelope');
      settle(() => channel.nack(message, false, false));
      return;
    }
    try {
      await inConsumeSpan({ type: event.type, id: event.id, subscriber: subscriber.name, headers: traceHeadersOf(message) }, async () => {
        for (const { types, handler } of subscriber.subscriptions) {
          if (types.has(event.type)) await handler(event);
        }
      });
      settle(() => channel.ack(message));
    } catch (error) {
      if (error instanceof MalformedEvent) {
        logger.error({ err: error, subscriber: subscriber.name, eventId: event.id, type: event.type }, 'dead-lettering an event its contract refuses');
        // Without requeue the quorum queue hands it to its dead-letter exchange.
        settle(() => channel.nack(message, false, false));
        return;
      }
      const delivery = Number(message.properties.headers?.['x-delivery-count'] ?? 0) + 1;
      const context = { err: error, subscriber: subscriber.name, eventId: event.id, type: event.type, delivery };
      if (delivery >= maxDeliveries) logger.error(context, `event failed on its last delivery (${delivery}); RabbitMQ dead-letters it`);
      else logger.warn(context, 'event handler failed; the event will be delivered again');
      // A short pause, so a passing fault (a restarting database) is not retried away in milliseconds.
      await sleep(redeliveryDelayMs(delivery), undefined, { signal: closing.signal }).catch(() => undefined);
      settle(() => channel.nack(message, false, true));
    }
  }

  /** Acks on a channel that has since closed fail; the broker then redelivers the message anyway. */
  function settle(acknowledge: () => void) {
    try {
      acknowledge();
    } catch (error) {
      logger.debug({ err: error }, 'could not acknowledge a message; the broker delivers it again');
    }
  }

  const recovering = await amqp.connect(options.url, {
    recovery: {
      initialDelay: 200,
      maxDelay: 5000,
      initialMaxRetries: options.initialConnectRetries ?? 8,
      waitForConnect: false,
      setup: (model: ChannelModel) => declareSerially(() => setUp(model)),
    },
  });
  // Without these listeners a network error would crash the process.
  recovering.on('error', (error) => logger.debug({ err: error }, 'RabbitMQ connection error'));
  recovering.on('handler-error', (error, eventName) => logger.error({ err: error, eventName }, 'a RabbitMQ event listener threw'));
  recovering.on('disconnect', (error) => {
    isReconnecting = true;
    logger.warn({ err: error }, 'lost the RabbitMQ connection; reconnecting');
  });
  recovering.on('connect-failed', (error) => {
    // Once per outage at warn level; the retries every few seconds only at debug.
    if (isReconnecting) logger.debug({ err: error }, 'RabbitMQ is still unreachable');
    else logger.warn({ err: error }, 'cannot connect to RabbitMQ; retrying');
    isReconnecting = true;
  });
  recovering.on('connect', () => {
    if (isReconnecting) logger.info('connected to RabbitMQ again');
    isReconnecting = false;
  });
  recovering.on('reconnect-failed', (error) => logger.error({ err: error }, 'gave up connecting to RabbitMQ'));
  try {
    await recovering.waitForConnect();
  } catch (error) {
    await recovering.close();
    throw error;
  }

  return {
    async publish(event) {
      const envelope = eventEnvelope.parse(event);
      if (closing.signal.aborted) throw new Error('The RabbitMQ bus is closed.');
      const channel = publisher;
      // Rejecting at once lets the outbox relay back off and retry, instead of piling up publishes.
      if (!channel) throw new Error('RabbitMQ is unreachable; the event was not published.');
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`RabbitMQ did not confirm event ${event.id} within ${confirmTimeoutMs} ms.`)), confirmTimeoutMs);
        const confirmed = (error: unknown) => {
          clearTimeout(timer);
          if (error) reject(error instanceof Error ? error : new Error(String(error)));
          else resolve();
        };
        try {
          channel.publish(
            exchange,
            envelope.type,
            Buffer.from(JSON.stringify(envelope)),
            { persistent: true, messageId: envelope.id, type: envelope.type, contentType: 'application/json', appId: envelope.producer, headers: activeTraceHeaders() },
            confirmed,
          );
        } catch (error) {
          confirmed(error ?? new Error('publish failed'));
        }
      });
    },

    async subscribe(subscriber, types, handler) {
      let entry = subscribers.get(subscriber);
      if (!entry) {
        entry = { name: subscriber, types: new Set(), subscriptions: [], consumer: null };
        subscribers.set(subscriber, entry);
      }
      const added = types.filter((type) => !entry.types.has(type));
      for (const type of types) entry.types.add(type);
      entry.subscriptions.push({ types: new Set(types), handler });
      // While disconnected there is nothing to declare: set-up declares everything on connect.
      await declareSerially(async () => {
        if (!connection) return;
        if (entry.consumer?.connection === connection) {
          for (const type of added) await entry.consumer.channel.bindQueue(`${subscriber}.events`, exchange, type);
        } else {
          await consume(connection, entry);
        }
      });
    },

    async declareQueues(queues) {
      for (const [name, types] of Object.entries(queues)) {
        const declared = declaredQueues.get(name) ?? new Set();
        for (const type of types) declared.add(type);
        declaredQueues.set(name, declared);
      }
      // While disconnected, set-up declares them on connect, before the publisher is back.
      await declareSerially(async () => {
        if (!connection) return;
        const admin = await openChannel(connection, (m) => m.createChannel());
        for (const [name, types] of Object.entries(queues)) await declareQueue(admin, name, types);
        await admin.close();
      });
    },

    async deadLetterCount(subscriber) {
      const model = connection;
      if (!model) throw new Error('RabbitMQ is unreachable.');
      // The passive declare answers the count: no management plugin needed. A channel of its own, as a
      // failed check (a queue deleted by hand) closes the channel it ran on.
      const channel = await openChannel(model, (m) => m.createChannel());
      try {
        return (await channel.checkQueue(`${subscriber}.dead-letter`)).messageCount;
      } finally {
        await channel.close().catch(() => undefined);
      }
    },

    async close() {
      if (closing.signal.aborted) return;
      closing.abort();
      // Stop new deliveries, let the running handlers finish and settle, then close.
      await Promise.allSettled(
        [...subscribers.values()].map(({ consumer }) =>
          consumer ? withTimeout(consumer.channel.cancel(consumer.consumerTag), 2000) : undefined,
        ),
      );
      await Promise.allSettled([...handling]);
      await recovering.close();
    },
  };
}

/** The message's `traceparent` and `tracestate` headers, as the producer's span sent them. */
function traceHeadersOf(message: ConsumeMessage): TraceHeaders {
  const headers: TraceHeaders = {};
  for (const name of ['traceparent', 'tracestate']) {
    const value: unknown = message.properties.headers?.[name];
    if (typeof value === 'string' || Buffer.isBuffer(value)) headers[name] = value.toString();
  }
  return headers;
}

function parseEnvelope(content: Buffer): EventEnvelope | undefined {
  try {
    const parsed = eventEnvelope.safeParse(JSON.parse(content.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A short pause before a failed event goes back to the queue, growing with each failure. */
function redeliveryDelayMs(failedDeliveries: number): number {
  return Math.min(1000, 50 * 2 ** (failedDeliveries - 1));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
