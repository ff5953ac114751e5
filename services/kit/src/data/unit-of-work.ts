// The unit of work: a service runs each change in `transaction(db, change)`. The events the change
// records (`recordEvent`) are written in the same transaction, and the kit tells the outbox relay once
// it has committed, so no route or handler has to remember to.
import type { Transaction } from 'kysely';
import type { AnyDb, Db, KitTables } from './db.js';

export type Trx<Tables> = Transaction<Tables & KitTables>;

interface Owner {
  /** The service whose database it is: the producer of the events recorded in it. */
  service: string;
  /** Publishes now; set while the service's outbox relay runs. */
  relay?: () => void;
}

interface OpenTransaction {
  owner: Owner | undefined;
  hasRecordedEvents: boolean;
}

// Keyed by the handles themselves, so a domain function needs nothing but its `db` or `trx`.
const owners = new WeakMap<AnyDb, Owner>();
const openTransactions = new WeakMap<AnyDb, OpenTransaction>();

/** Makes `db` the database of `service` (openDatabase does). */
export function ownDatabase(db: AnyDb, service: string): void {
  owners.set(db, { service });
}

/** Tells `relay` after each committed transaction of `db` that recorded events; answers how to stop. */
export function relayAfterCommit(db: AnyDb, relay: () => void): () => void {
  const owner = ownerOf(db);
  owner.relay = relay;
  return () => {
    if (owner.relay === relay) delete owner.relay;
  };
}

/**
 * A refusal that keeps the change: thrown inside `transaction`, the change commits (its events are
 * relayed) and `transaction` then throws `refusal`. Any other error rolls the change back.
 */
class RefusalAfterCommit extends Error {
  constructor(readonly refusal: Error) {
    super(refusal.message);
  }
}

/** E.g. an exam submitted after its time: the zero result that closes it is kept, the answers refused. */
export function commitAndRefuse(refusal: Error): Error {
  return new RefusalAfterCommit(refusal);
}

/** Runs `change` in one transaction of `db`; once it has committed, relays the events it recorded. */
export async function transaction<Tables, Result>(db: Db<Tables>, change: (trx: Trx<Tables>) => Promise<Result>): Promise<Result> {
  const owner = owners.get(db);
  let hasRecordedEvents = false;
  const outcome = await db.transaction().execute(async (trx) => {
    const open: OpenTransaction = { owner, hasRecordedEvents: false };
    openTransactions.set(trx, open);
    try {
      return { result: await change(trx) };
    } catch (error) {
      if (error instanceof RefusalAfterCommit) return { refusal: error.refusal };
      throw error;
    } finally {
      hasRecordedEvents = open.hasRecordedEvents;
      openTransactions.delete(trx);
    }
  });
  if (hasRecordedEvents) owner?.relay?.();
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.result;
}

/** The service an event is recorded for, noting that `trx` recorded one; only inside `transaction`. */
export function recordingIn(trx: AnyDb): { producer: string } {
  const open = openTransactions.get(trx);
  if (!open) throw new Error('recordEvent runs inside the kit’s transaction(db, change), which relays the event once the change has committed.');
  if (!open.owner) throw new Error('This database was not opened by the kit’s openDatabase, so its events have no producer.');
  open.hasRecordedEvents = true;
  return { producer: open.owner.service };
}

function ownerOf(db: AnyDb): Owner {
  const owner = owners.get(db);
  if (!owner) throw new Error('This database was not opened by the kit’s openDatabase, so its events have no producer.');
  return owner;
}
