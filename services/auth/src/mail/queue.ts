// The queue of mails to send, a table of auth's database: a mail is recorded in the transaction of
// the change or event that causes it, and the sender (sender.ts) takes it from here. Each mail has a
// key of what caused it, so an event handled twice or a request repeated records it once; a mail is
// leased to one sender at a time, so several auth instances never send it twice.
import { sql, type Selectable } from 'kysely';
import type { Db } from '@learning/kit/data';
import type { AuthTables } from '../tables.js';
import type { MailParams } from './messages.js';

type AuthDb = Db<AuthTables>;
export type MailRow = Selectable<AuthTables['mail']>;

export interface NewMail {
  /** What caused it, e.g. `<event id>:notification`: the same key is recorded once. */
  dedupeKey: string;
  to: string;
  /** The account it is about (its unsubscribe link), when it is a learner's. */
  userId: string | null;
  params: MailParams;
}

export async function queueMail(trx: AuthDb, { dedupeKey, to, userId, params }: NewMail): Promise<void> {
  await trx
    .insertInto('mail')
    .values({ dedupe_key: dedupeKey, kind: params.kind, to_address: to, user_id: userId, params: JSON.stringify(params) })
    .onConflict((c) => c.column('dedupe_key').doNothing())
    .execute();
}

/**
 * Takes up to `limit` mails that are due and not leased, leasing them for `leaseSeconds` by the
 * database's clock: a sender that dies mid-send leaves them to be taken again when the lease ends.
 */
export async function claimDueMails(db: AuthDb, limit: number, leaseSeconds: number): Promise<MailRow[]> {
  return db
    .updateTable('mail')
    .set({ lease_until: sql<Date>`now() + cast(${leaseSeconds} as integer) * interval '1 second'`, attempts: sql<number>`attempts + 1` })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('mail')
        .select('id')
        .where('state', '=', 'waiting')
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<', sql<Date>`now()`)]))
        .orderBy('next_attempt_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

export async function markSent(db: AuthDb, id: string): Promise<void> {
  await db.updateTable('mail').set({ state: 'sent', sent_at: new Date(), lease_until: null, last_error: null }).where('id', '=', id).execute();
}

/** The SMTP server did not take it: tried again after `delaySeconds`. */
export async function markForRetry(db: AuthDb, id: string, delaySeconds: number, error: string): Promise<void> {
  await db
    .updateTable('mail')
    .set({ next_attempt_at: sql<Date>`now() + cast(${Math.ceil(delaySeconds * 1000)} as integer) * interval '1 millisecond'`, lease_until: null, last_error: error })
    .where('id', '=', id)
    .execute();
}

/** Refused for good (the server said the address does not exist), or too old to be worth sending. */
export async function markFailed(db: AuthDb, id: string, error: string): Promise<void> {
  await db.updateTable('mail').set({ state: 'failed', lease_until: null, last_error: error }).where('id', '=', id).execute();
}

/** The count of mails in each state, for /metrics. */
export async function countMailsByState(db: AuthDb): Promise<Record<'waiting' | 'sent' | 'failed', number>> {
  const rows = await db.selectFrom('mail').select(['state', (eb) => eb.fn.countAll<string>().as('count')]).groupBy('state').execute();
  const counts = { waiting: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.state] = Number(row.count);
  return counts;
}

export async function oldestWaitingAgeSeconds(db: AuthDb): Promise<number> {
  const { oldest } = await db
    .selectFrom('mail')
    .select((eb) => eb.fn.min('created_at').as('oldest'))
    .where('state', '=', 'waiting')
    .executeTakeFirstOrThrow();
  return oldest ? Math.max(0, (Date.now() - new Date(oldest).getTime()) / 1000) : 0;
}

/** Sent and failed mails are kept a month for inspection; the queue would otherwise grow for ever. */
export async function deleteOldMails(db: AuthDb): Promise<void> {
  await db.deleteFrom('mail').where('state', '!=', 'waiting').where('created_at', '<', new Date(Date.now() - 30 * 24 * 3600 * 1000)).execute();
}
