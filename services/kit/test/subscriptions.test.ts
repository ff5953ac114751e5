// Typed subscriptions: a handler gets an event's data as its contract parses it, and an event the
// contract refuses goes to the dead-letter queue at once, never to the handler. On the in-process bus
// always, on RabbitMQ too when AMQP_URL is set.
import { connectRabbitBus, createInProcessBus, subscribe, type Bus, type EventOf } from '../src/events/index.js';
import { eventually } from '@learning/testing';
import { amqpUrl, connectRabbitAdmin, envelope, logger, uniqueName } from './bus-fixtures.js';

const maxDeliveries = 3;
const exchange = uniqueName('kit_test.subscriptions');
const subscribers: string[] = [];
function newSubscriber(role: string): string {
  const subscriber = uniqueName(`kit-test-${role}`);
  subscribers.push(subscriber);
  return subscriber;
}

afterAll(async () => {
  if (!amqpUrl) return;
  const admin = await connectRabbitAdmin(amqpUrl);
  await admin.deleteTopology(exchange, subscribers);
  await admin.close();
});

const registration = { userId: 'u1', email: 'bat@example.mn', name: 'Бат' };

describe('subscribe', () => {
  it('hands the handler the data its contract parsed, and nothing the contract does not name', async () => {
    const received: EventOf<'user.registered'>[] = [];
    const { handler } = subscribe('user.registered', async (event) => {
      received.push(event);
    });

    await handler(envelope('user.registered', { ...registration, password: 'never kept' }));

    expect(received.map((event) => event.data)).toEqual([registration]);
  });

  it('narrows a handler of several types by the event’s type', async () => {
    const seen: string[] = [];
    const { handler } = subscribe(['user.registered', 'user.deleted'], async (event) => {
      seen.push(event.type === 'user.registered' ? `registered ${event.data.email}` : `deleted ${event.data.userId}`);
    });

    await handler(envelope('user.registered', registration));
    await handler(envelope('user.deleted', { userId: 'u2' }));

    expect(seen).toEqual(['registered bat@example.mn', 'deleted u2']);
  });
});

interface Transport {
  open(): Promise<Bus>;
  /** The dead letters of a subscriber so far: each event's id and why it was dead-lettered. */
  deadLetters(bus: Bus, subscriber: string): Promise<{ id: string; reason: unknown }[]>;
}

const inProcess: Transport = {
  open: async () => createInProcessBus({ maxDeliveries, logger }),
  deadLetters: async (bus) => (bus as ReturnType<typeof createInProcessBus>).deadLetters.map(({ id }) => ({ id, reason: undefined })),
};

const rabbit: Transport = {
  open: () => connectRabbitBus({ url: amqpUrl!, logger, exchange, maxDeliveries }),
  async deadLetters(_bus, subscriber) {
    const admin = await connectRabbitAdmin(amqpUrl!);
    try {
      const messages = await admin.takeAll(`${subscriber}.dead-letter`);
      // RabbitMQ says `rejected` for a nack without requeue, `delivery_limit` for a handler that kept failing.
      return messages.map((message) => ({ id: message.properties.messageId as string, reason: message.properties.headers?.['x-first-death-reason'] }));
    } finally {
      await admin.close();
    }
  },
};

const transports: [string, Transport][] = [['in-process', inProcess], ...(amqpUrl ? [['RabbitMQ', rabbit] as [string, Transport]] : [])];

describe.each(transports)('on the %s bus', (_name, transport) => {
  let bus: Bus;
  beforeAll(async () => {
    bus = await transport.open();
  });
  afterAll(() => bus.close());

  it('a malformed event is dead-lettered on its first delivery and never reaches the handler; the next one does', async () => {
    const subscriber = newSubscriber('malformed');
    const handled: string[] = [];
    const { types, handler } = subscribe('user.registered', async (event) => {
      handled.push(event.id);
    });
    let deliveries = 0;
    await bus.subscribe(subscriber, types, async (event) => {
      deliveries++;
      await handler(event);
    });

    const malformed = envelope('user.registered', { userId: 'u3', email: 42 });
    const wellFormed = envelope('user.registered', registration);
    await bus.publish(malformed);
    await bus.publish(wellFormed);

    await eventually(() => handled.includes(wellFormed.id), 'the well-formed event is handled');
    const deadLetters: { id: string; reason: unknown }[] = [];
    await eventually(async () => {
      deadLetters.push(...(await transport.deadLetters(bus, subscriber)));
      return deadLetters.some(({ id }) => id === malformed.id);
    }, 'the malformed event is in the dead-letter queue');
    expect(handled).toEqual([wellFormed.id]);
    expect(deadLetters).toEqual([{ id: malformed.id, reason: transport === rabbit ? 'rejected' : undefined }]);
    // One delivery each: the malformed event was not retried before it was dead-lettered.
    expect(deliveries).toBe(2);
  });
});
