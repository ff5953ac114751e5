// Tokens refused before they expire. A sign-out revokes its one token (`session.revoked`); a role
// change or a deletion revokes every token the user was issued before it (`user.tokens-revoked`,
// keyed by user and issue time). The auth service writes both in the transaction of the change, and
// every service (auth too) keeps them from the events in its own tables, so none calls auth per request.
// While the broker is away the events wait, so the other services also ask auth every few seconds for
// what it revoked since they last asked (`revocationsSince`, `applyRevocations`) and keep it alike.
import { revocationEventTypes } from '@learning/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import { kitTables, type AnyDb } from '../data/db.js';
import { batchedLookup } from '../data/lookups.js';
import { subscribe, type Subscription } from '../events/subscriptions.js';
import { changedSince, nextCursor } from '../http/change-cursor.js';
import type { IssuedToken } from './tokens.js';

export async function revokeToken(db: AnyDb, tokenId: string, expiresAt: Date): Promise<void> {
  const kit = kitTables(db);
  await kit.deleteFrom('revoked_token').where('expires_at', '<', sql<Date>`now()`).execute();
  await kit.insertInto('revoked_token').values({ token_id: tokenId, expires_at: expiresAt }).onConflict((c) => c.doNothing()).execute();
}

/**
 * Refuses every token of the user issued before `notBefore` (a whole second: see `tokensGoodFrom`);
 * the row goes after `expiresAt`, when those tokens have expired. A later revocation moves both
 * forward, an older one arriving late, or the same one again, changes nothing.
 */
export async function revokeUserTokens(db: AnyDb, userId: string, notBefore: Date, expiresAt: Date): Promise<void> {
  const kit = kitTables(db);
  await kit.deleteFrom('revoked_user').where('expires_at', '<', sql<Date>`now()`).execute();
  await kit
    .insertInto('revoked_user')
    .values({ user_id: userId, not_before: notBefore, expires_at: expiresAt })
    .onConflict((c) =>
      c
        .column('user_id')
        .doUpdateSet({
          not_before: sql<Date>`greatest(revoked_user.not_before, excluded.not_before)`,
          expires_at: sql<Date>`greatest(revoked_user.expires_at, excluded.expires_at)`,
          recorded_at: sql<Date>`clock_timestamp()`,
        })
        // The same revocation again (auth's own consumer applies the event of what it wrote) changes
        // nothing, its time included: a service asking for what changed since then is told nothing new.
        .where(sql<boolean>`excluded.not_before > revoked_user.not_before OR excluded.expires_at > revoked_user.expires_at`),
    )
    .execute();
}

/**
 * The user of a revocation that holds for every user: a restore refuses every token issued before it,
 * as the sessions it knew of may have ended since the backup.
 */
export const everyone = '*';

/**
 * The second from which a user's tokens are good again after a change at `instantMs`: the next whole
 * second, or the instant itself when it is one. A token's `iat` counts whole seconds, so it cannot
 * tell the tokens of the change's own second apart: all of them are refused, and auth issues the
 * user's tokens no earlier than this second, so one issued after the change works at once.
 */
export function tokensGoodFrom(instantMs: number): Date {
  return new Date(Math.ceil(instantMs / 1000) * 1000);
}

/** Whether a token was revoked, for every request a service answers: the tokens asked about at once share one query. */
export function revocationCheck(db: AnyDb): (token: IssuedToken) => Promise<boolean> {
  // Per token asked about: the second (unix) from which it is good; never for a revoked token.
  const goodFrom = batchedLookup<string, number>(async (keys) => {
    const asked = keys.map((key) => ({ key, ...(JSON.parse(key) as { tokenId: string; userId: string }) }));
    const { rows } = await sql<{ kind: 'token' | 'user'; id: string; not_before: Date | null }>`
      SELECT 'token' AS kind, token_id AS id, NULL::timestamptz AS not_before FROM revoked_token
        WHERE token_id IN (${sql.join(asked.map((token) => token.tokenId))})
      UNION ALL
      SELECT 'user', user_id, not_before FROM revoked_user
        WHERE user_id IN (${sql.join([...asked.map((token) => token.userId), everyone])})`.execute(db);
    const revokedTokens = new Set(rows.filter((row) => row.kind === 'token').map((row) => row.id));
    const usersGoodFrom = new Map(rows.filter((row) => row.kind === 'user').map((row) => [row.id, new Date(row.not_before!).getTime() / 1000]));
    const everyoneGoodFrom = usersGoodFrom.get(everyone);
    const answers = new Map<string, number>();
    for (const { key, tokenId, userId } of asked) {
      const second = revokedTokens.has(tokenId) ? Infinity : Math.max(usersGoodFrom.get(userId) ?? -Infinity, everyoneGoodFrom ?? -Infinity);
      if (second !== -Infinity) answers.set(key, second);
    }
    return answers;
  });
  return async ({ tokenId, userId, issuedAt }) => {
    const second = await goodFrom(JSON.stringify({ tokenId, userId }));
    return second !== undefined && issuedAt < second;
  };
}

/** Keeps the revocations auth publishes: a sign-out's token, or a user's tokens up to a second. */
export function revocationSubscription(db: AnyDb): Subscription {
  return subscribe(revocationEventTypes, async (event) => {
    if (event.type === 'user.tokens-revoked') {
      const { userId, notBefore, expiresAt } = event.data;
      await revokeUserTokens(db, userId, new Date(notBefore), new Date(expiresAt));
      return;
    }
    const { tokenId, expiresAt } = event.data;
    await revokeToken(db, tokenId, new Date(expiresAt));
  });
}

/** Where auth answers its revocations, on its own port: the gateway routes only /v1. */
export const revocationsPath = '/internal/revocations';

/** What auth revoked since a cursor, as `GET /internal/revocations` answers it. */
export const revocationsAnswer = z.object({
  tokens: z.array(z.object({ tokenId: z.string(), expiresAt: z.iso.datetime() })),
  users: z.array(z.object({ userId: z.string(), notBefore: z.iso.datetime(), expiresAt: z.iso.datetime() })),
  /** What the next call passes as `after`; null while nothing was ever revoked. */
  cursor: z.iso.datetime().nullable(),
});
export type RevocationsAnswer = z.infer<typeof revocationsAnswer>;

/**
 * The revocations not yet expired that were recorded after `after`, from the cursor's overlap on (all
 * of them without it). The answer holds no more than the revocations still in force, which their
 * expiry bounds.
 */
export async function revocationsSince(db: AnyDb, after: Date | undefined): Promise<RevocationsAnswer> {
  const kit = kitTables(db);
  const since = changedSince(after);
  const [tokens, users] = await Promise.all([
    kit.selectFrom('revoked_token').select(['token_id', 'expires_at', 'recorded_at']).where('recorded_at', '>', since).where('expires_at', '>', sql<Date>`now()`).execute(),
    kit
      .selectFrom('revoked_user')
      .select(['user_id', 'not_before', 'expires_at', 'recorded_at'])
      .where('recorded_at', '>', since)
      .where('expires_at', '>', sql<Date>`now()`)
      .execute(),
  ]);
  return {
    tokens: tokens.map((row) => ({ tokenId: row.token_id, expiresAt: new Date(row.expires_at).toISOString() })),
    users: users.map((row) => ({ userId: row.user_id, notBefore: new Date(row.not_before).toISOString(), expiresAt: new Date(row.expires_at).toISOString() })),
    cursor: nextCursor(after, [...tokens, ...users].map((row) => new Date(row.recorded_at))),
  };
}

/** Keeps what auth answered in this service's tables, as the events would have. */
export async function applyRevocations(db: AnyDb, { tokens, users }: Pick<RevocationsAnswer, 'tokens' | 'users'>): Promise<void> {
  for (const { tokenId, expiresAt } of tokens) await revokeToken(db, tokenId, new Date(expiresAt));
  for (const { userId, notBefore, expiresAt } of users) await revokeUserTokens(db, userId, new Date(notBefore), new Date(expiresAt));
}
