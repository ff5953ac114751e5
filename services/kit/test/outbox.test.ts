// The outbox relay and the inbox, on the mode's database and bus: PGlite and the in-process bus, or
// PostgreSQL and RabbitMQ when DATABASE_URL and AMQP_URL are set.
import { sql, type Kysely } from 'kysely';
import { pino } from 'pino';
import { transaction, type Db } from '../src/data/index.js';
import { commitAndRefuse } from '../src/data/unit-of-work.js';
import { applyOnce, connectRabbitBus, createInProcessBus, recordEvent, type Bus } from '../src/events/index.js';
import { deleteOldOutboxRows, startOutboxRelay, type OutboxRelay } from '../src/events/outbox.js';
import { conflict } from '../src/http/index.js';
import { eventually } from '@learning/testing';
import { amqpUrl, collector, connectRabbitAdmin, envelope, logger, openTestDatabase, startForwarder, uniqueName } from './bus-fixtures.js';

interface Tables {
  tally: { name: string; value: number };
}

const migrations = {
  '0001_tally': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tally')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'integer', (c) => c.notNull())
        .execute();
    },
  },
};

const exchange = uniqueName('kit_test.outbox');
const subscribers: string[] = [];
function newSubscriber(role: string): string {
  const subscriber = uniqueName(`kit-test-${role}`);
  subscribers.push(subscriber);
  return subscriber;
}

let db: Db<Tables>;
let closeDatabase: () => Promise<void>;
let bus: Bus;
/** Undone after each test, last first: relays, extra buses, forwarders. */
const cleanups: (() => Promise<unknown>)[] = [];

function startRelay(relayBus: Bus, relayLogger = logger, pollMs = 50): OutboxRelay {
  const relay = startOutboxRelay({ db, bus: relayBus, logger: relayLogger, pollMs });
  cleanups.push(() => relay.stop());
  return relay;
}

const registration = (name: string) => ({ userId: uniqueName('user'), email: `${name}@example.mn`, name });

async function countUp(trx: Db<Tables>, name: string) {
  await trx
    .insertInto('tally')
    .values({ name, value: 1 })
    .onConflict((c) => c.column('name').doUpdateSet({ value: sql<number>`tally.value + 1` }))
    .execute();
}

async function tallyOf(name: string): Promise<number | undefined> {
  const row = await db.selectFrom('tally').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

async function isPublished(eventId: string): Promise<boolean> {
  const row = await db.selectFrom('outbox').select('published_at').where('id', '=', eventId).executeTakeFirstOrThrow();
  return row.published_at !== null;
}

beforeAll(async () => {
  ({ db, close: closeDatabase } = await openTestDatabase<Tables>(migrations));
  bus = amqpUrl ? await connectRabbitBus({ url: amqpUrl, logger, exchange, maxDeliveries: 3 }) : createInProcessBus({ maxDeliveries: 3, logger });
});

afterEach(async () => {
  for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) await cleanup();
});

afterAll(async () => {
  await bus.close();
  await closeDatabase();
  if (amqpUrl) {
    const admin = await connectRabbitAdmin(amqpUrl);
    await admin.deleteTopology(exchange, subscribers);
    await admin.close();
  }
});

describe('the unit of work', () => {
  // A relay that would look on its own only in an hour: what arrives sooner, the commit announced.
  const hour = 3_600_000;

  it('relays the events a transaction recorded once it commits, without anyone nudging the relay', async () => {
    const { handler, ids } = collector();
    await bus.subscribe(newSubscriber('commit'), ['user.registered'], handler);
    // The relay's first pass publishes this one; after it, the relay would sleep for the hour.
    const before = await transaction(db, (trx) => recordEvent(trx, 'user.registered', registration('Khulan')));
    startRelay(bus, logger, hour);
    await eventually(() => isPublished(before.id), 'the relay’s first pass is done');

    const event = await transaction(db, (trx) => recordEvent(trx, 'user.registered', registration('Naraa')));

    await eventually(() => ids().includes(event.id), 'the committed event arrives');
    // The relay marks an event published once the bus has taken it, which may be after it arrives.
    await eventually(() => isPublished(event.id), 'the relay marks it published');
  });

  it('keeps a change refused with commitAndRefuse, relays its events, and answers the refusal', async () => {
    const { handler, ids } = collector();
    await bus.subscribe(newSubscriber('refusal'), ['user.registered'], handler);
    startRelay(bus, logger, hour);

    let kept: { id: string } | undefined;
    const refused = transaction(db, async (trx) => {
      await countUp(trx, 'refused-but-kept');
      kept = await recordEvent(trx, 'user.registered', registration('Oyun'));
      throw commitAndRefuse(conflict('Хугацаа дууссан.', 'time_over'));
    });

    await expect(refused).rejects.toMatchObject({ status: 409, code: 'time_over' });
    expect(await tallyOf('refused-but-kept')).toBe(1);
    await eventually(() => ids().includes(kept!.id), 'the kept change’s event arrives');
  });

  it('refuses to record an event outside the kit’s transaction, where no commit would announce it', async () => {
    await expect(db.transaction().execute((trx) => recordEvent(trx, 'user.registered', registration('Ariunaa')))).rejects.toThrow(
      'recordEvent runs inside the kit’s transaction',
    );
  });
});

describe('the outbox', () => {
  it('an event recorded in a rolled-back transaction is never published', async () => {
    const { handler, ids } = collector();
    await bus.subscribe(newSubscriber('rollback'), ['user.registered'], handler);
    const relay = startRelay(bus);

    let rolledBack: { id: string } | undefined;
    await expect(
      transaction(db, async (trx) => {
        rolledBack = await recordEvent(trx, 'user.registered', registration('Bat'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const committed = await transaction(db, (trx) => recordEvent(trx, 'user.registered', registration('Dorj')));
    relay.nudge();

    // The relay publishes in recording order, so once the later event is out the earlier one would be too.
    await eventually(() => ids().includes(committed.id), 'the committed event arrives');
    expect(ids()).not.toContain(rolledBack!.id);
    expect(await db.selectFrom('outbox').select('id').where('id', '=', rolledBack!.id).executeTakeFirst()).toBeUndefined();
  });

  it('publishes events in the order they were recorded', async () => {
    const { handler, ids } = collector();
    await bus.subscribe(newSubscriber('order'), ['user.registered'], handler);
    const recorded = [];
    for (const name of ['Anu', 'Bold', 'Saraa']) {
      recorded.push(await transaction(db, (trx) => recordEvent(trx, 'user.registered', registration(name))));
    }
    startRelay(bus);

    await eventually(() => ids().length === 3, 'all three events arrive');
    expect(ids()).toEqual(recorded.map((event) => event.id));
  });

  it('records the envelope with the contract’s version and refuses data that breaks the contract', async () => {
    const event = await transaction(db, (trx) => recordEvent(trx, 'user.registered', registration('Tuya')));
    expect(event).toMatchObject({ type: 'user.registered', version: 1, producer: 'kit_test', data: { name: 'Tuya' } });
    await expect(
      transaction(db, (trx) => recordEvent(trx, 'user.registered', { userId: 'u', email: 'e' } as never)),
    ).rejects.toThrow();
  });

  it('publish while the broker is unreachable: the user’s transaction commits, and the event arrives after the broker comes back', async () => {
    const { handler, ids } = collector();
    await bus.subscribe(newSubscriber('outage'), ['user.registered'], handler);
    const outage = await brokerThatCanFail();
    let publishAttempts = 0;
    const countingBus: Bus = { ...outage.bus, publish: (event) => (publishAttempts++, outage.bus.publish(event)) };
    const relayWarnings: string[] = [];
    const relayLogger = pino({ level: 'warn' }, { write: (line: string) => void relayWarnings.push(JSON.parse(line).msg) });

    await outage.begin();
    const relay = startRelay(countingBus, relayLogger);
    const event = await transaction(db, async (trx) => {
      await countUp(trx, 'outage');
      return recordEvent(trx, 'user.registered', registration('Gerel'));
    });
    relay.nudge();
    expect(await tallyOf('outage')).toBe(1);

    await eventually(() => publishAttempts >= 3, 'the relay has tried three times');
    expect(await isPublished(event.id)).toBe(false);
    expect(ids()).not.toContain(event.id);

    await outage.end();
    await eventually(() => ids().includes(event.id), 'the event arrives after the broker is back');
    await eventually(() => isPublished(event.id), 'the outbox row is marked published');
    expect(relayWarnings).toEqual(['outbox relay cannot publish; the events wait in the outbox and are retried']);
  });

  it('deletes published events older than the given days, and keeps the rest', async () => {
    const [old, recent, unpublished] = await transaction(db, async (trx) => [
      await recordEvent(trx, 'user.registered', registration('Old')),
      await recordEvent(trx, 'user.registered', registration('Recent')),
      await recordEvent(trx, 'user.registered', registration('Waiting')),
    ]);
    await db.updateTable('outbox').set({ published_at: new Date(Date.now() - 40 * 86_400_000) }).where('id', '=', old.id).execute();
    await db.updateTable('outbox').set({ published_at: new Date() }).where('id', '=', recent.id).execute();

    expect(await deleteOldOutboxRows(db, 30)).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom('outbox').select('id').where('id', 'in', [old.id, recent.id, unpublished.id]).execute();
    expect(left.map((row) => row.id).sort()).toEqual([recent.id, unpublished.id].sort());
  });
});

describe('the inbox', () => {
  it('a redelivered event is applied once', async () => {
    const apply = applyOnce(db, (trx, event) => countUp(trx, event.id));
    let deliveries = 0;
    await bus.subscribe(newSubscriber('once'), ['test.tally'], async (event) => {
      await apply(event);
      deliveries++;
    });

    const event = envelope('test.tally');
    await bus.publish(event);
    await bus.publish(event);

    await eventually(() => deliveries === 2, 'both deliveries are handled');
    expect(await tallyOf(event.id)).toBe(1);
  });

  it('a failing apply is retried, and applied once it succeeds', async () => {
    let attempts = 0;
    const apply = applyOnce(db, async (trx, event) => {
      attempts++;
      await countUp(trx, event.id);
      if (attempts === 1) throw new Error('a passing fault');
    });
    let isApplied = false;
    await bus.subscribe(newSubscriber('retry'), ['test.tally-retry'], async (event) => {
      await apply(event);
      isApplied = true;
    });

    const event = envelope('test.tally-retry');
    await bus.publish(event);

    await eventually(() => isApplied, 'the event is applied');
    expect(attempts).toBe(2);
    // The first attempt's count and inbox row were rolled back with it.
    expect(await tallyOf(event.id)).toBe(1);
    const inbox = await db.selectFrom('inbox').select('event_id').where('event_id', '=', event.id).execute();
    expect(inbox).toHaveLength(1);
  });
});

/**
 * A bus whose broker can go away. On RabbitMQ for real: the bus connects through a TCP forwarder
 * that the test closes (cutting the open connection) and opens again. In-process: publish rejects
 * while the broker is "down".
 */
async function brokerThatCanFail(): Promise<{ bus: Bus; begin(): Promise<void>; end(): Promise<void> }> {
  if (amqpUrl) {
    const forwarder = await startForwarder(amqpUrl);
    cleanups.push(() => forwarder.stop());
    const forwarded = await connectRabbitBus({ url: forwarder.url, logger, exchange, maxDeliveries: 3 });
    cleanups.push(() => forwarded.close());
    return { bus: forwarded, begin: () => forwarder.stop(), end: () => forwarder.start() };
  }
  let isDown = false;
  return {
    bus: { ...bus, publish: (event) => (isDown ? Promise.reject(new Error('the broker is unreachable')) : bus.publish(event)) },
    begin: async () => {
      isDown = true;
    },
    end: async () => {
      isDown = false;
    },
  };
}
