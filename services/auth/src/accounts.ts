// Accounts: registration, credentials, and the user as the other screens see it (with the grants
// and exam results other services told us about).
import type { auth, Page } from '@learning/contracts';
import { isUniqueViolation, transaction, type Db } from '@learning/kit/data';
import { recordEvent } from '@learning/kit/events';
import { conflict, forbidden, isUuid, unauthorized } from '@learning/kit/http';
import type { Selectable } from 'kysely';
import { assertPasswordKeepsRule, passwordProblem } from './password-rule.js';
import { hashPassword, isPasswordCorrect } from './passwords.js';
import { assertMayTrySignIn, forgetSignInFailures, recordSignInFailure } from './sign-in-failures.js';
import type { AuthTables } from './tables.js';
import { revokeTokensOf } from './tokens.js';

type AuthDb = Db<AuthTables>;
type Account = Selectable<AuthTables['account']>;

export async function findAccountByEmail(db: AuthDb, email: string): Promise<Account | undefined> {
  return db.selectFrom('account').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findAccount(db: AuthDb, id: string): Promise<Account | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom('account').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface Registration {
  email: string;
  name: string;
  password: string;
}

export async function registerAccount(db: AuthDb, { email, name, password }: Registration): Promise<Account> {
  assertPasswordKeepsRule(password, email);
  return createAccount(db, { email, name, passwordHash: await hashPassword(password), googleId: null });
}

/** A new account, and `user.registered` in the same transaction; 409 for a taken email. */
export async function createAccount(
  db: AuthDb,
  { email, name, passwordHash, googleId }: { email: string; name: string; passwordHash: string | null; googleId: string | null },
): Promise<Account> {
  try {
    return await transaction(db, async (trx) => {
      const account = await trx
        .insertInto('account')
        .values({ email, name, password_hash: passwordHash, google_id: googleId })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordEvent(trx, 'user.registered', { userId: account.id, email, name });
      return account;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Энэ имэйл хаягаар бүртгэл үүссэн байна.', 'email_taken');
    throw error;
  }
}

/**
 * Checks the password, slowed down after repeated wrong ones (sign-in-failures.ts). A password that
 * no longer keeps the rule still signs in, and marks the account to be asked for a new one.
 */
export async function logIn(db: AuthDb, email: string, password: string): Promise<Account> {
  const { hasFailures } = await assertMayTrySignIn(db, email);
  const account = await findAccountByEmail(db, email);
  // Checked even without an account, against a dummy hash: the same time either way (passwords.ts).
  const isCorrect = await isPasswordCorrect(account?.password_hash ?? null, password);
  if (!account || !isCorrect) {
    await recordSignInFailure(db, email);
    throw unauthorized('Имэйл хаяг эсвэл нууц үг буруу байна.', 'invalid_credentials');
  }
  if (hasFailures) await forgetSignInFailures(db, email);
  if (!account.must_change_password && passwordProblem(password, email)) {
    return db.updateTable('account').set({ must_change_password: true }).where('id', '=', account.id).returningAll().executeTakeFirstOrThrow();
  }
  return account;
}

/**
 * A signed-in user's new password, the current one typed again: every token of theirs issued until
 * now is refused (the caller signs this device in again), and the account is no longer asked for one.
 */
export async function changePassword(db: AuthDb, userId: string, currentPassword: string, password: string, ttlSeconds: number): Promise<Account> {
  const account = await findAccount(db, userId);
  if (!account) throw unauthorized('Бүртгэл олдсонгүй. Дахин нэвтэрнэ үү.', 'account_missing');
  if (!account.password_hash) {
    throw conflict('Таны бүртгэл Google-ээр нэвтэрдэг тул нууц үггүй. Google-ээр нэвтэрнэ үү.', 'no_password');
  }
  if (!(await isPasswordCorrect(account.password_hash, currentPassword))) throw forbidden('Одоогийн нууц үг буруу байна.', 'password_incorrect');
  assertPasswordKeepsRule(password, account.email);
  const passwordHash = await hashPassword(password);
  return transaction(db, async (trx) => {
    const updated = await trx
      .updateTable('account')
      .set({ password_hash: passwordHash, must_change_password: false })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await revokeTokensOf(trx, userId, ttlSeconds);
    return updated;
  });
}

export async function userView(db: AuthDb, account: Account): Promise<auth.User> {
  const [view] = await userViews(db, [account]);
  return view!;
}

export async function userViews(db: AuthDb, accounts: Account[]): Promise<auth.User[]> {
  if (accounts.length === 0) return [];
  const ids = accounts.map((account) => account.id);
  const [grants, results] = await Promise.all([
    db.selectFrom('grant').selectAll().where('user_id', 'in', ids).orderBy('ref_id').execute(),
    db.selectFrom('exam_result').selectAll().where('user_id', 'in', ids).orderBy('monsterplan_id').execute(),
  ]);
  return accounts.map((account) => {
    const refs = (kind: string) => grants.filter((g) => g.user_id === account.id && g.kind === kind).map((g) => g.ref_id);
    return {
      _id: account.id,
      name: account.name,
      email: account.email,
      googleId: account.google_id,
      isAdmin: account.is_admin,
      monsterplans: refs('monsterplan'),
      pendingMonsterplans: refs('pendingMonsterplan'),
      lessons: refs('lesson'),
      pendingLessons: refs('pendingLesson'),
      monsterplanExam: results
        .filter((result) => result.user_id === account.id)
        .map((result) => ({
          id: result.monsterplan_id,
          percent: result.percent,
          correctQuestions: result.correct_questions,
          totalQuestions: result.total_questions,
        })),
      mustChangePassword: account.must_change_password,
    };
  });
}

/** A page of users, newest first; with `search`, those whose name or email contains it, in any case. */
export async function listUsers(db: AuthDb, { perPage, currentPage, search }: auth.UsersQuery): Promise<Page<auth.User>> {
  const pattern = search ? `%${escapeLike(search)}%` : null;
  const matching = () =>
    db.selectFrom('account').$if(pattern !== null, (query) => query.where((eb) => eb.or([eb('name', 'ilike', pattern!), eb('email', 'ilike', pattern!)])));
  const [accounts, count] = await Promise.all([
    matching()
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(perPage)
      .offset((currentPage - 1) * perPage)
      .execute(),
    matching()
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { result: await userViews(db, accounts), total: Number(count.total) };
}

/** The text as LIKE reads it literally: its %, _ and backslashes escaped by a backslash, PostgreSQL's default escape character. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
