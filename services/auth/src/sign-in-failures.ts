// Repeated wrong passwords slow sign-in down for that address: after a few free tries each further
// try waits longer, up to a few minutes, never locked for good (a reset always works, and clears the
// count). Counted per address whether or not an account has it, so the answer tells nothing of which do.
import type { Db } from '@learning/kit/data';
import { HttpError } from '@learning/kit/http';
import { sql } from 'kysely';
import type { AuthTables } from './tables.js';

type AuthDb = Db<AuthTables>;

const freeTries = 4;
const longestWaitSeconds = 300;

/** Seconds to wait after `failures` wrong passwords in a row: 0 for the first few, then 1, 2, 4, … up to 5 minutes. */
export function waitAfter(failures: number): number {
  return failures <= freeTries ? 0 : Math.min(2 ** (failures - freeTries - 1), longestWaitSeconds);
}

/**
 * Refuses a sign-in to `email` that comes before its wait is over (429 with Retry-After); answers
 * whether the address has wrong passwords counted, so a right one clears them only then.
 */
export async function assertMayTrySignIn(db: AuthDb, email: string, now = new Date()): Promise<{ hasFailures: boolean }> {
  const row = await db.selectFrom('sign_in_failure').selectAll().where('email', '=', email).executeTakeFirst();
  if (!row) return { hasFailures: false };
  const readyAt = new Date(row.last_failed_at).getTime() + waitAfter(row.failures) * 1000;
  const seconds = Math.ceil((readyAt - now.getTime()) / 1000);
  if (seconds > 0) throw new SignInSlowed(seconds);
  return { hasFailures: true };
}

export async function recordSignInFailure(db: AuthDb, email: string): Promise<void> {
  await db
    .insertInto('sign_in_failure')
    .values({ email, failures: 1, last_failed_at: new Date() })
    .onConflict((c) => c.column('email').doUpdateSet({ failures: sql`sign_in_failure.failures + 1`, last_failed_at: new Date() }))
    .execute();
}

export async function forgetSignInFailures(db: AuthDb, email: string): Promise<void> {
  await db.deleteFrom('sign_in_failure').where('email', '=', email).execute();
}

/** Counts older than a day are forgotten: the next wrong password starts afresh. */
export async function deleteOldSignInFailures(db: AuthDb): Promise<void> {
  await db.deleteFrom('sign_in_failure').where('last_failed_at', '<', new Date(Date.now() - 24 * 3600 * 1000)).execute();
}

export class SignInSlowed extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      'sign_in_slowed',
      `Нууц үгийг олон удаа буруу оруулсан тул ${retryAfterSeconds} секунд хүлээгээд дахин оролдоно уу. Нууц үгээ мартсан бол «Нууц үгээ мартсан уу?»-г ашиглана уу.`,
    );
  }
}
