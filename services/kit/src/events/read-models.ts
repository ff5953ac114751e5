// The read models several services keep alike from other services' events, written once on tables
// each service owns and names: the table's type must have the columns the kit writes.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AnyDb } from '../data/db.js';
import type { EventOf } from './subscriptions.js';

/** The tables of a service's database or transaction (TypeScript reads a Transaction's only from its own type). */
type TablesOf<Db> = Db extends Transaction<infer Tables> ? Tables : Db extends Kysely<infer Tables> ? Tables : never;

/** The names of the tables of `Db` whose rows have `Columns`. */
type TableWith<Db, Columns> = { [Name in keyof TablesOf<Db> & string]: TablesOf<Db>[Name] extends Columns ? Name : never }[keyof TablesOf<Db> & string];

type LearnerEmailRow = { user_id: string; email: string };
type VersionRow = { user_id: string; version: number };

/**
 * Keeps a learner's email from auth's `user.registered` in the service's `table` (`user_id` primary
 * key, `email`), for the lists that show it to the administrator; a later registration's email wins.
 */
export async function keepLearnerEmail<Db extends AnyDb>(trx: Db, table: TableWith<Db, LearnerEmailRow>, event: EventOf<'user.registered'>): Promise<void> {
  const { userId, email } = event.data;
  await (trx as AnyDb)
    .insertInto(table as string)
    .values({ user_id: userId, email })
    .onConflict((c) => c.column('user_id').doUpdateSet({ email }))
    .execute();
}

/** Forgets a deleted user's email (auth's `user.deleted`); each service forgets the rest it kept of them. */
export async function forgetLearnerEmail<Db extends AnyDb>(trx: Db, table: TableWith<Db, LearnerEmailRow>, userId: string): Promise<void> {
  await (trx as AnyDb).deleteFrom(table as string).where('user_id', '=', userId).execute();
}

/**
 * Records `version` in the service's `table` (`user_id` primary key, `version`) as the newest of a
 * user's that the service has applied, when it is newer than the one recorded; answers whether it was
 * (the catalog's access events carry the whole access with a version, so a redelivered or overtaken
 * event is stale and changes nothing). One statement, so two at once cannot both win.
 */
export async function claimNewerVersion<Db extends AnyDb>(trx: Db, table: TableWith<Db, VersionRow>, userId: string, version: number): Promise<boolean> {
  const { rows } = await sql`
    INSERT INTO ${sql.table(table)} (user_id, version) VALUES (${userId}, ${version})
    ON CONFLICT (user_id) DO UPDATE SET version = excluded.version WHERE ${sql.ref(`${table}.version`)} < excluded.version
    RETURNING user_id`.execute(trx);
  return rows.length > 0;
}
