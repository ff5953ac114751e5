// Accounts: registration, credentials, and the user as the other screens see it (with the grants
// and exam results other services told us about).
import type { auth, Page } from '@learning/contracts';
import { conflict, isUniqueViolation, isUuid, recordEvent, transaction, unauthorized, type Db } from '@learning/kit';
import type { Selectable } from 'kysely';
import { hashPassword, isPasswordCorrect } from './passwords.js';
import type { AuthTables } from './tables.js';

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

export async function logIn(db: AuthDb, email: string, password: string): Promise<Account> {
  const account = await findAccountByEmail(db, email);
  // Checked even without an account, against a dummy hash: the same time either way (passwords.ts).
  const isCorrect = await isPasswordCorrect(account?.password_hash ?? null, password);
  if (!account || !isCorrect) {
    throw unauthorized('Имэйл хаяг эсвэл нууц үг буруу байна.', 'invalid_credentials');
  }
  return account;
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
