// The inbox: a consumer applies each event once, however often the bus delivers it.
import type { Transaction } from 'kysely';
import type { EventEnvelope, EventHandler } from './bus.js';
import { kitTables, type Db, type KitTables } from './db.js';

/**
 * Wraps `apply` into a handler that records the event id in the inbox in the same transaction as
 * the change: a redelivered event is skipped, and a failing apply rolls the inbox row back too, so
 * the next delivery applies it.
 */
export function applyOnce<Tables>(
  db: Db<Tables>,
  apply: (trx: Transaction<Tables & KitTables>, event: EventEnvelope) => Promise<void>,
): EventHandler {
  return (event) =>
    db.transaction().execute(async (trx) => {
      const recorded = await kitTables(trx)
        .insertInto('inbox')
        .values({ event_id: event.id, type: event.type })
        .onConflict((conflict) => conflict.column('event_id').doNothing())
        .returning('event_id')
        .executeTakeFirst();
      if (recorded) await apply(trx, event);
    });
}
