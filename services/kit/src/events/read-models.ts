// Pieces of the read models several services keep from other services' events.
import { sql } from 'kysely';
import type { AnyDb } from '../data/db.js';
import type { EventOf } from './subscriptions.js';

/**
 * Keeps a learner's email from auth's `user.registered`, for the lists that show it to the
 * administrator. Needs a `learner (user_id primary key, email)` table.
 */
export async function applyUserRegistered(trx: AnyDb, event: EventOf<'user.registered'>): Promise<void> {
  const { userId, email } = event.data;
  await trx
    .insertInto('learner')
    .values({ user_id: userId, email })
    .onConflict((c) => c.column('user_id').doUpdateSet({ email }))
    .execute();
}

/** Forgets a deleted user's email (auth's `user.deleted`); each service forgets the rest it kept of them. */
export async function forgetLearner(trx: AnyDb, userId: string): Promise<void> {
  await trx.deleteFrom('learner').where('user_id', '=', userId).execute();
}

/**
 * Records `version` as the newest of a learner's access that this service has applied, when it is
 * newer than the one recorded; answers whether it was (the catalog's events carry the whole access
 * with a version, so a redelivered or overtaken event is stale and changes nothing). Needs an
 * `access_version (user_id primary key, version)` table; one statement, so two at once cannot both win.
 */
export async function claimAccessVersion(trx: AnyDb, userId: string, version: number): Promise<boolean> {
  const { rows } = await sql`
    INSERT INTO access_version (user_id, version) VALUES (${userId}, ${version})
    ON CONFLICT (user_id) DO UPDATE SET version = excluded.version WHERE access_version.version < excluded.version
    RETURNING user_id`.execute(trx);
  return rows.length > 0;
}
