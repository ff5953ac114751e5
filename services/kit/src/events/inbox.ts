// The inbox: a consumer applies each event once, however often the bus delivers it.
import type { EventEnvelope } from './bus.js';
import { kitTables, type Db } from '../data/db.js';
import { transaction, type Trx } from '../data/unit-of-work.js';

/**
 * Wraps `apply` into a handler that records the event id in the inbox in the same transaction as
 * the change: a redelivered event is skipped, and a failing apply rolls the inbox row back too, so
 * the next delivery applies it. Events `apply` records are relayed once it has committed.
 */
export function applyOnce<Tables, Event extends EventEnvelope>(
  db: Db<Tables>,
  apply: (trx: Trx<Tables>, event: Event) => Promise<void>,
): (event: Event) => Promise<void> {
  return (event) =>
    transaction(db, async (trx) => {
      const recorded = await kitTables(trx)
        .insertInto('inbox')
        .values({ event_id: event.id, type: event.type })
        .onConflict((conflict) => conflict.column('event_id').doNothing())
        .returning('event_id')
        .executeTakeFirst();
      if (recorded) await apply(trx, event);
    });
}
