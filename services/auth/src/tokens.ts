// Issuing access tokens for a signed-in user, and revoking all of a user's at a role change or a deletion.
import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Selectable } from 'kysely';
import { everyone, revokeUserTokens, tokenAlgorithm, tokensGoodFrom } from '@learning/kit/auth';
import { kitTables, transaction, type Db } from '@learning/kit/data';
import { recordEvent } from '@learning/kit/events';
import { unauthorized } from '@learning/kit/http';
import type { SigningKey } from './signing-keys.js';
import type { AuthTables } from './tables.js';

type AuthDb = Db<AuthTables>;
type Account = Selectable<AuthTables['account']>;

export interface TokenSettings {
  issuer: string;
  audience: string;
  ttlSeconds: number;
}

/**
 * A token for the account as it is now. The account is read under a share lock with the second its
 * tokens are good from, and the token signed before the lock is let go: a role change or a deletion
 * (which revokes after writing the account) either comes after this token and revokes it, or comes
 * before and this token carries the new role, issued no earlier than that second.
 */
export async function issueToken(db: AuthDb, key: SigningKey, settings: TokenSettings, accountId: string): Promise<{ account: Account; token: string }> {
  return transaction(db, async (trx) => {
    const account = await trx.selectFrom('account').selectAll().where('id', '=', accountId).forShare().executeTakeFirst();
    if (!account) throw unauthorized('Бүртгэл олдсонгүй. Дахин нэвтэрнэ үү.', 'account_missing');
    const notBefore = await notBeforeOf(trx, accountId);
    const issuedAt = Math.max(Math.floor(Date.now() / 1000), notBefore ? notBefore.getTime() / 1000 : 0);
    const token = jwt.sign({ adm: account.is_admin, iat: issuedAt }, key.privateKey, {
      algorithm: tokenAlgorithm,
      keyid: key.keyId,
      issuer: settings.issuer,
      audience: settings.audience,
      subject: account.id,
      expiresIn: settings.ttlSeconds,
      jwtid: randomUUID(),
    });
    return { account, token };
  });
}

/**
 * Refuses every token the user was issued until now: here at once, elsewhere through the event. Call
 * it in the transaction of the change, after writing the account (see `issueToken`).
 */
export async function revokeTokensOf(trx: AuthDb, userId: string, ttlSeconds: number): Promise<void> {
  // The tokens issued since the previous revocation may carry its second (see issueToken), so a
  // second change within that second starts one second later.
  const previous = await notBeforeOf(trx, userId);
  const notBefore = new Date(Math.max(tokensGoodFrom(Date.now()).getTime(), previous ? previous.getTime() + 1000 : 0));
  // A token refused was issued before notBefore, so it expires before this.
  const expiresAt = new Date(notBefore.getTime() + ttlSeconds * 1000);
  await revokeUserTokens(trx, userId, notBefore, expiresAt);
  await recordEvent(trx, 'user.tokens-revoked', { userId, notBefore: notBefore.toISOString(), expiresAt: expiresAt.toISOString() });
}

/** The second from which the user's tokens are good, when their tokens (or everyone's, at a restore) were ever revoked. */
async function notBeforeOf(trx: AuthDb, userId: string): Promise<Date | undefined> {
  const row = await kitTables(trx)
    .selectFrom('revoked_user')
    .select('not_before')
    .where('user_id', 'in', [userId, everyone])
    .orderBy('not_before', 'desc')
    .executeTakeFirst();
  return row && new Date(row.not_before);
}
