// A user deleting their own account (/me/settings). Their grants and exam results here go with the
// account, every token they hold is revoked, and `user.deleted` tells the other services to forget
// what they keep of them (requests, recordings, exam sittings and results).
import { transaction, type Db } from '@learning/kit/data';
import { recordEvent } from '@learning/kit/events';
import { badRequest, forbidden, unauthorized } from '@learning/kit/http';
import { findAccount } from './accounts.js';
import { keepAnAdministrator, lockAdministrators } from './administrators.js';
import { isPasswordCorrect } from './passwords.js';
import type { AuthTables } from './tables.js';
import { revokeTokensOf } from './tokens.js';

/**
 * Deletes the account once its password is typed again, so that a token left on a shared computer
 * cannot do it; an account made through Google without a password has none to type.
 */
export async function deleteAccount(db: Db<AuthTables>, userId: string, password: string | undefined, ttlSeconds: number): Promise<void> {
  const account = await findAccount(db, userId);
  if (!account) throw unauthorized('Бүртгэл олдсонгүй. Дахин нэвтэрнэ үү.', 'account_missing');
  if (account.password_hash) {
    if (!password) throw badRequest('Нууц үгээ оруулна уу.', 'password_required');
    if (!(await isPasswordCorrect(account.password_hash, password))) throw forbidden('Нууц үг буруу байна.', 'password_incorrect');
  }
  await transaction(db, async (trx) => {
    keepAnAdministrator(await lockAdministrators(trx), userId);
    const deleted = await trx.deleteFrom('account').where('id', '=', userId).executeTakeFirst();
    if (deleted.numDeletedRows === 0n) return; // deleted by another request meanwhile
    await revokeTokensOf(trx, userId, ttlSeconds);
    await recordEvent(trx, 'user.deleted', { userId });
  });
}
