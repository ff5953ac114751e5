// One contract for every bus: the in-process bus always, RabbitMQ too when AMQP_URL is set.
import { MalformedEvent } from '../src/events/bus.js';
import { connectRabbitBus, createInProcessBus, type Bus, type EventEnvelope } from '../src/events/index.js';
import { eventually } from '@learning/testing';
import { amqpUrl, collector, connectRabbitAdmin, envelope, logger, startForwarder, uniqueName } from './bus-fixtures.js';

const maxDeliveries = 3;
const exchange = uniqueName('kit_test.events');
const subscribers: string[] = [];
function newSubscriber(role: string): string {
  const subscriber = uniqueName(`kit-test-${role}`);
  subscribers.push(subscriber);
  return subscriber;
}

interface Transport {
  open(): Promise<Bus>;
  /** The events dead-lettered for a subscriber so far. */
  deadLetters(bus: Bus, subscriber: string): Promise<EventEnvelope[]>;
}

const inProcess: Transport = {
  open: async () => createInProcessBus({ maxDeliveries, logger }),
  deadLetters: async (bus) => (bus as ReturnType<typeof createInProcessBus>).deadLetters,
};

const rabbit: Transport = {
  open: () => connectRabbitBus({ url: amqpUrl!, logger, exchange, maxDeliveries }),
  async deadLetters(_bus, subscriber) {
    const admin = await connectRabbitAdmin(amqpUrl!);
    try {
      const messages = await admin.takeAll(`${subscriber}.dead-letter`);
      return messages.map((message) => JSON.parse(message.content.toString()) as EventEnvelope);
    } finally {
      await admin.close();
    }
  },
};

const transports: [string, Transport][] = [['in-process', inProcess], ...(amqpUrl ? [['RabbitMQ', rabbit] as [string, Transport]] : [])];

afterAll(async () => {
  if (!amqpUrl) return;
  const admin = await connectRabbitAdmin(amqpUrl);
  await admin.deleteTopology(exchange, subscribers);
  await admin.close();
});

describe.each(transports)('the %s bus', (_name, transport) => {
  let bus: Bus;
  beforeAll(async () => {
    bus = await transport.open();
  });
  afterAll(() => bus.close());

  it('delivers an event to every subscriber whose types include it, and to no other', async () => {
    const [first, second, both] = [collector(), collector(), collector()];
    await bus.subscribe(newSubscriber('first'), ['test.first'], first.handler);
    await bus.subscribe(newSubscriber('second'), ['test.second'], second.handler);
    await bus.subscribe(newSubscriber('both'), ['test.first', 'test.second'], both.handler);

    const firstEvent = envelope('test.first', { n: 1 });
    const secondEvent = envelope('test.second', { n: 2 });
    await bus.publish(firstEvent);
    await bus.publish(secondEvent);

    await eventually(() => both.received.length === 2 && first.received.length === 1 && second.received.length === 1, 'every subscriber has its events');
    expect(first.received).toEqual([firstEvent]);
    // The second event was published after the first, so had the first reached this queue it would be here.
    expect(second.received).toEqual([secondEvent]);
    expect(both.ids()).toEqual([firstEvent.id, secondEvent.id]);
  });

  it('several subscriptions of one subscriber share its queue, and each handler gets its own types', async () => {
    const subscriber = newSubscriber('shared');
    const [first, second] = [collector(), collector()];
    await bus.subscribe(subscriber, ['test.first'], first.handler);
    await bus.subscribe(subscriber, ['test.second'], second.handler);

    const firstEvent = envelope('test.first');
    const secondEvent = envelope('test.second');
    await bus.publish(firstEvent);
    await bus.publish(secondEvent);

    await eventually(() => first.received.length === 1 && second.received.length === 1, 'both handlers have their event');
    expect(first.ids()).toEqual([firstEvent.id]);
    expect(second.ids()).toEqual([secondEvent.id]);
  });

  it('a declared queue keeps the events published before its subscriber ever subscribed, in order, and declaring again changes nothing', async () => {
    const subscriber = newSubscriber('declared');
    await bus.declareQueues({ [subscriber]: ['test.early', 'test.late'] });
    const early = [envelope('test.early'), envelope('test.late'), envelope('test.early')];
    for (const event of early) await bus.publish(event);

    // Another service's start declares the same queue again, with the same arguments.
    await bus.declareQueues({ [subscriber]: ['test.early', 'test.late'] });
    const { received, ids, handler } = collector();
    await bus.subscribe(subscriber, ['test.early', 'test.late'], handler);
    const afterwards = envelope('test.late');
    await bus.publish(afterwards);

    await eventually(() => received.length === 4, 'the early events and the later one arrive');
    expect(ids()).toEqual([...early, afterwards].map((event) => event.id));
  });

  it('delivers after publish returns, never inside the publisher’s call stack', async () => {
    const subscriber = newSubscriber('async');
    const { received, handler } = collector();
    await bus.subscribe(subscriber, ['test.async'], handler);

    const published = bus.publish(envelope('test.async'));
    expect(received).toHaveLength(0);
    await published;
    await eventually(() => received.length === 1, 'the event arrives');
  });

  it('a handler that throws gets the same event again', async () => {
    const subscriber = newSubscriber('retry');
    const deliveries: EventEnvelope[] = [];
    await bus.subscribe(subscriber, ['test.retry'], async (event) => {
      deliveries.push(event);
      if (deliveries.length === 1) throw new Error('a passing fault');
    });

    const event = envelope('test.retry', { lesson: 'A1' });
    await bus.publish(event);

    await eventually(() => deliveries.length === 2, 'the event is delivered a second time');
    expect(deliveries).toEqual([event, event]);
  });

  it('a handler that keeps failing sends the event to the dead-letter queue, and later events still arrive', async () => {
    const subscriber = newSubscriber('poison');
    const poison = envelope('test.poison');
    const later = envelope('test.poison');
    let poisonDeliveries = 0;
    const handled: string[] = [];
    await bus.subscribe(subscriber, ['test.poison'], async (event) => {
      if (event.id === poison.id) {
        poisonDeliveries++;
        throw new Error('this event can never be applied');
      }
      handled.push(event.id);
    });

    await bus.publish(poison);
    await bus.publish(later);

    await eventually(() => handled.includes(later.id), 'the later event is handled');
    expect(poisonDeliveries).toBe(maxDeliveries);
    const deadLetters: EventEnvelope[] = [];
    await eventually(async () => {
      deadLetters.push(...(await transport.deadLetters(bus, subscriber)));
      return deadLetters.some((event) => event.id === poison.id);
    }, 'the event is in the dead-letter queue');
    expect(deadLetters.find((event) => event.id === poison.id)).toEqual(poison);
    expect(deadLetters.map((event) => event.id)).not.toContain(later.id);
  });

  it("counts each subscriber's dead letters, for /metrics", async () => {
    const refusing = newSubscriber('refusing');
    const accepting = newSubscriber('accepting');
    await bus.subscribe(refusing, ['test.counted'], async () => {
      throw new MalformedEvent('no delivery of this event can succeed');
    });
    const { handler, ids } = collector();
    await bus.subscribe(accepting, ['test.counted'], handler);

    const event = envelope('test.counted');
    await bus.publish(event);

    await eventually(async () => (await bus.deadLetterCount(refusing)) === 1, 'the refused event is counted');
    await eventually(() => ids().includes(event.id), 'the other subscriber has it');
    expect(await bus.deadLetterCount(accepting)).toBe(0);
  });

  it('publish refuses an envelope that is not a valid event', async () => {
    await expect(bus.publish({ ...envelope('test.invalid'), id: 'not-a-uuid' })).rejects.toThrow();
  });
});

(amqpUrl ? describe : describe.skip)('the RabbitMQ bus, against the broker itself', () => {
  const url = amqpUrl!;
  const closers: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  it('dead-letters a message that is not a valid event envelope at once, without calling the handler', async () => {
    const bus = await connectRabbitBus({ url, logger, exchange, maxDeliveries });
    closers.push(() => bus.close());
    const admin = await connectRabbitAdmin(url);
    closers.push(() => admin.close());
    const subscriber = newSubscriber('garbage');
    const { received, handler } = collector();
    await bus.subscribe(subscriber, ['test.garbage'], handler);

    admin.channel.publish(exchange, 'test.garbage', Buffer.from('{"this is": not json'), { messageId: 'garbage-1' });
    admin.channel.publish(exchange, 'test.garbage', Buffer.from(JSON.stringify({ type: 'test.garbage' })), { messageId: 'garbage-2' });
    const valid = envelope('test.garbage');
    await bus.publish(valid);

    await eventually(() => received.length === 1, 'the valid event arrives');
    expect(received).toEqual([valid]);
    const deadLetters: { messageId: unknown; reason: unknown }[] = [];
    await eventually(async () => {
      for (const message of await admin.takeAll(`${subscriber}.dead-letter`)) {
        deadLetters.push({ messageId: message.properties.messageId, reason: message.properties.headers?.['x-first-death-reason'] });
      }
      return deadLetters.length === 2;
    }, 'both bad messages are dead-lettered');
    expect(deadLetters).toEqual([
      { messageId: 'garbage-1', reason: 'rejected' },
      { messageId: 'garbage-2', reason: 'rejected' },
    ]);
  });

  it('a dead letter carries the reason delivery_limit', async () => {
    const bus = await connectRabbitBus({ url, logger, exchange, maxDeliveries: 1 });
    closers.push(() => bus.close());
    const admin = await connectRabbitAdmin(url);
    closers.push(() => admin.close());
    const subscriber = newSubscriber('limit');
    let deliveries = 0;
    await bus.subscribe(subscriber, ['test.limit'], async () => {
      deliveries++;
      throw new Error('never works');
    });

    const event = envelope('test.limit');
    await bus.publish(event);

    const reasons: unknown[] = [];
    await eventually(async () => {
      for (const message of await admin.takeAll(`${subscriber}.dead-letter`)) reasons.push(message.properties.headers?.['x-first-death-reason']);
      return reasons.length > 0;
    }, 'the event is dead-lettered');
    expect(reasons).toEqual(['delivery_limit']);
    expect(deliveries).toBe(1);
  });

  it('a subscriber cut off from the broker gets the events published meanwhile once it reconnects', async () => {
    const forwarder = await startForwarder(url);
    closers.push(() => forwarder.stop());
    const subscribing = await connectRabbitBus({ url: forwarder.url, logger, exchange, maxDeliveries });
    closers.push(() => subscribing.close());
    const publishing = await connectRabbitBus({ url, logger, exchange, maxDeliveries });
    closers.push(() => publishing.close());
    const subscriber = newSubscriber('reconnect');
    const { received, handler, ids } = collector();
    await subscribing.subscribe(subscriber, ['test.reconnect'], handler);
    const before = envelope('test.reconnect');
    await publishing.publish(before);
    await eventually(() => received.length === 1, 'the first event arrives');

    await forwarder.stop();
    const meanwhile = envelope('test.reconnect');
    await publishing.publish(meanwhile);
    await forwarder.start();

    await eventually(() => ids().includes(meanwhile.id), 'the event published during the outage arrives');
    expect([...new Set(ids())]).toEqual([before.id, meanwhile.id]); // at least once: a lost ack may repeat one
  });
});
