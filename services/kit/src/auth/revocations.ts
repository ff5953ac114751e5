// Tokens refused before they expire. A sign-out revokes its one token (`session.revoked`); a role
// change or a deletion revokes every token the user was issued before it (`user.tokens-revoked`,
// keyed by user and issue time). The auth service writes both in the transaction of the change, and
// every service (auth too) keeps them from the events in its own tables, so none calls auth per request.
import { revocationEventTypes } from '@learning/contracts';
import { sql } from 'kysely';
import { kitTables, type AnyDb } from '../data/db.js';
import { batchedLookup } from '../data/lookups.js';
import { subscribe, type Subscription } from '../events/subscriptions.js';
import type { IssuedToken } from './tokens.js';

export async function revokeToken(db: AnyDb, tokenId: string, expiresAt: Date): Promise<void> {
  const kit = kitTables(db);
  await kit.deleteFrom('revoked_token').where('expires_at', '<', sql<Date>`now()`).execute();
  await kit.insertInto('revoked_token').values({ token_id: tokenId, expires_at: expiresAt }).onConflict((c) => c.doNothing()).execute();
}

/**
 * Refuses every token of the user issued before `notBefore` (a whole second: see `tokensGoodFrom`);
 * the row goes after `expiresAt`, when those tokens have expired. A later revocation moves both
 * forward, an older one arriving late never moves them back.
 */
export async function revokeUserTokens(db: AnyDb, userId: string, notBefore: Date, expiresAt: Date): Promise<void> {
  const kit = kitTables(db);
  await kit.deleteFrom('revoked_user').where('expires_at', '<', sql<Date>`now()`).execute();
  await kit
    .insertInto('revoked_user')
    .values({ user_id: userId, not_before: notBefore, expires_at: expiresAt })
    .onConflict((c) =>
      c.column('user_id').doUpdateSet({
        not_before: sql<Date>`greatest(revoked_user.not_before, excluded.not_before)`,
        expires_at: sql<Date>`greatest(revoked_user.expires_at, excluded.expires_at)`,
      }),
    )
    .execute();
}

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
        WHERE user_id IN (${sql.join(asked.map((token) => token.userId))})`.execute(db);
    const revokedTokens = new Set(rows.filter((row) => row.kind === 'token').map((row) => row.id));
    const usersGoodFrom = new Map(rows.filter((row) => row.kind === 'user').map((row) => [row.id, new Date(row.not_before!).getTime() / 1000]));
    const answers = new Map<string, number>();
    for (const { key, tokenId, userId } of asked) {
      const second = revokedTokens.has(tokenId) ? Infinity : usersGoodFrom.get(userId);
      if (second !== undefined) answers.set(key, second);
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
