// The transactional outbox: an event is written in the same transaction as the change it reports,
// and a relay publishes it afterwards. A broker outage delays events; it never loses them and never
// fails the user's request.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { events, type EventData, type EventType } from '@learning/contracts';
import type { Bus, EventEnvelope } from './bus.js';
import { kitTables, type AnyDb } from '../data/db.js';
import type { Logger } from '../observability/logger.js';
import { activeTraceHeaders, inPublishSpan, outsideTraces } from '../observability/tracing.js';
import { recordingIn, relayAfterCommit } from '../data/unit-of-work.js';

/**
 * Records an event in the outbox of the change's transaction (the kit's `transaction`), which relays
 * it once committed. The service whose database it is is the producer; `data` must fit the contract.
 */
export async function recordEvent<Type extends EventType>(trx: AnyDb, type: Type, data: EventData<Type>): Promise<EventEnvelope<EventData<Type>>> {
  const { producer } = recordingIn(trx);
  const { version, data: schema } = events[type];
  const event: EventEnvelope<EventData<Type>> = {
    id: randomUUID(),
    type,
    version,
    occurredAt: new Date().toISOString(),
    producer,
    data: schema.parse(data) as EventData<Type>,
  };
  await kitTables(trx)
    .insertInto('outbox')
    .values({ id: event.id, type, version, occurred_at: event.occurredAt, producer, data: JSON.stringify(event.data), traceparent: activeTraceHeaders().traceparent ?? null })
    .execute();
  return event;
}

export interface OutboxRelayOptions {
  db: AnyDb;
  bus: Bus;
  logger: Logger;
  /** Events published per transaction. */
  batchSize?: number;
  /** How often the relay looks for events that no nudge announced (another instance, a crash). */
  pollMs?: number;
}

export interface OutboxRelay {
  /** Publish now; the kit's `transaction` calls it after committing one that recorded events. */
  nudge(): void;
  stop(): Promise<void>;
}

const maxBackoffMs = 5000;

export function startOutboxRelay({ db, bus, logger, batchSize = 100, pollMs = 500 }: OutboxRelayOptions): OutboxRelay {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let isNudged = false;
  let failedPasses = 0;
  let isStopped = false;

  function runIn(ms: number) {
    clearTimeout(timer);
    timer = setTimeout(run, ms);
  }

  function run() {
    timer = undefined;
    if (isStopped) return;
    if (running) {
      isNudged = true;
      return;
    }
    isNudged = false;
    running = relayOnce().then((delay) => {
      running = undefined;
      if (!isStopped) runIn(isNudged && failedPasses === 0 ? 0 : delay);
    });
  }

  /**
   * Publishes one batch; answers how long to wait before the next pass. Outside the trace of the
   * request that nudged it: each event's publish span continues its own request's trace instead.
   */
  const relayOnce = () => outsideTraces(relayBatch);
  async function relayBatch(): Promise<number> {
    try {
      const { published, selected, failure } = await publishBatch(db, bus, batchSize);
      if (!failure) {
        if (failedPasses > 0) logger.info({ failedPasses }, 'outbox relay publishes again');
        failedPasses = 0;
        return published === batchSize ? 0 : pollMs;
      }
      recordFailure(failure.reason, selected - published);
    } catch (error) {
      recordFailure(error);
    }
    return Math.min(maxBackoffMs, 100 * 2 ** (failedPasses - 1));
  }

  function recordFailure(error: unknown, waiting?: number) {
    failedPasses++;
    // Once per outage, not once per retry.
    if (failedPasses === 1) logger.warn({ err: error, waiting }, 'outbox relay cannot publish; the events wait in the outbox and are retried');
  }

  function nudge() {
    // During an outage the backoff decides when to try again, however many requests nudge.
    if (isStopped || failedPasses > 0) return;
    if (running) isNudged = true;
    else runIn(0);
  }

  const forgetRelay = relayAfterCommit(db, nudge);
  runIn(0);

  return {
    nudge,
    async stop() {
      forgetRelay();
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

interface BatchResult {
  selected: number;
  published: number;
  failure?: { reason: unknown };
}

/**
 * Publishes the oldest unpublished events in order and marks those the broker confirmed. Rows are
 * locked with SKIP LOCKED, so several instances of a service share the work without doubles.
 * Inside the transaction only `trx` is used: PGlite has one connection, `db` would wait for ever.
 */
function publishBatch(db: AnyDb, bus: Bus, batchSize: number): Promise<BatchResult> {
  return db.transaction().execute(async (trx) => {
    const outbox = kitTables(trx);
    const rows = await outbox
      .selectFrom('outbox')
      .selectAll()
      .where('published_at', 'is', null)
      .orderBy('position')
      .limit(batchSize)
      .forUpdate()
      .skipLocked()
      .execute();
    // Sent one after another on one channel, confirmed together: one round trip per batch.
    const results = await Promise.allSettled(
      rows.map((row) =>
        inPublishSpan({ id: row.id, type: row.type, service: row.producer, traceparent: row.traceparent }, () =>
          bus.publish({
            id: row.id,
            type: row.type,
            version: row.version,
            occurredAt: new Date(row.occurred_at).toISOString(),
            producer: row.producer,
            data: row.data,
          }),
        ),
      ),
    );
    const firstFailure = results.findIndex((result) => result.status === 'rejected');
    const confirmed = firstFailure === -1 ? rows : rows.slice(0, firstFailure);
    if (confirmed.length > 0) {
      await outbox
        .updateTable('outbox')
        .set({ published_at: new Date() })
        .where('id', 'in', confirmed.map((row) => row.id))
        .execute();
    }
    const failed = results[firstFailure];
    return {
      selected: rows.length,
      published: confirmed.length,
      ...(failed?.status === 'rejected' ? { failure: { reason: failed.reason as unknown } } : {}),
    };
  });
}

/** Deletes events published more than `olderThanDays` ago; answers how many. */
export async function deleteOldOutboxRows(db: AnyDb, olderThanDays: number): Promise<number> {
  const result = await kitTables(db)
    .deleteFrom('outbox')
    .where('published_at', '<', sql<Date>`now() - make_interval(days => ${olderThanDays})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
