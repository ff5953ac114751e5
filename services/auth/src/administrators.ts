// The administrator role: granted and removed by an administrator on the users screen, and given to
// the configured administrator of a platform that has none. A role change revokes the user's tokens,
// whose `adm` claim no longer holds; the platform always keeps one administrator.
import { transaction, type Db } from '@learning/kit/data';
import { conflict, forbidden, HttpError, isUuid, notFound } from '@learning/kit/http';
import type { Selectable } from 'kysely';
import { createAccount, findAccountByEmail } from './accounts.js';
import { hashPassword } from './passwords.js';
import type { AuthTables } from './tables.js';
import { revokeTokensOf } from './tokens.js';

type AuthDb = Db<AuthTables>;
type Account = Selectable<AuthTables['account']>;

/** The administrators, locked until the transaction ends, so that two removals at once cannot leave none. */
export async function lockAdministrators(trx: AuthDb): Promise<string[]> {
  const rows = await trx.selectFrom('account').select('id').where('is_admin', '=', true).orderBy('id').forUpdate().execute();
  return rows.map((row) => row.id);
}

/** Refuses to let `userId` stop being an administrator when they are the last one. */
export function keepAnAdministrator(administrators: readonly string[], userId: string): void {
  if (administrators.length === 1 && administrators[0] === userId) {
    throw conflict('Сүүлийн администраторын эрхийг хасах боломжгүй.', 'last_administrator');
  }
}

/** An administrator grants (`isAdmin`) or removes another user's role; their own cannot be removed. */
export async function setAdministrator(
  db: AuthDb,
  { actorId, userId, isAdmin }: { actorId: string; userId: string; isAdmin: boolean },
  ttlSeconds: number,
): Promise<Account> {
  if (!isAdmin && userId === actorId) throw conflict('Өөрийн администраторын эрхийг хасах боломжгүй.', 'own_administrator_role');
  const userNotFound = () => notFound('Хэрэглэгч олдсонгүй.', 'user_not_found');
  if (!isUuid(userId)) throw userNotFound();
  return transaction(db, async (trx) => {
    const administrators = await lockAdministrators(trx);
    // Removed by another administrator while this request was on its way.
    if (!administrators.includes(actorId)) throw forbidden();
    const account = await trx.selectFrom('account').selectAll().where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!account) throw userNotFound();
    if (account.is_admin === isAdmin) return account;
    if (!isAdmin) keepAnAdministrator(administrators, userId);
    return changeRole(trx, userId, isAdmin, ttlSeconds);
  });
}

/**
 * Gives the configured administrator the role (creating the account, or promoting an existing one)
 * while the platform has no administrator at all: a role the administrators removed stays removed
 * when the service restarts.
 */
export async function ensureAdministrator(db: AuthDb, email: string, password: string, ttlSeconds: number): Promise<void> {
  const anyAdministrator = await db.selectFrom('account').select('id').where('is_admin', '=', true).limit(1).executeTakeFirst();
  if (anyAdministrator) return;
  // The operator's password is taken as given: if it breaks the password rule, the first sign-in asks for a new one.
  const account =
    (await findAccountByEmail(db, email)) ??
    (await createAccount(db, { email, name: 'Administrator', passwordHash: await hashPassword(password), googleId: null }).catch(async (error: unknown) => {
      // Another auth instance starting beside this one made it first.
      if (error instanceof HttpError && error.code === 'email_taken') return (await findAccountByEmail(db, email))!;
      throw error;
    }));
  await transaction(db, async (trx) => {
    // Promoted once, whichever instance comes first.
    const current = await trx.selectFrom('account').select('is_admin').where('id', '=', account.id).forUpdate().executeTakeFirstOrThrow();
    if (!current.is_admin) await changeRole(trx, account.id, true, ttlSeconds);
  });
}

async function changeRole(trx: AuthDb, userId: string, isAdmin: boolean, ttlSeconds: number): Promise<Account> {
  const account = await trx.updateTable('account').set({ is_admin: isAdmin }).where('id', '=', userId).returningAll().executeTakeFirstOrThrow();
  await revokeTokensOf(trx, userId, ttlSeconds);
  return account;
}
