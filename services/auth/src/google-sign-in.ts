// Google sign-in on our side: the attempts between start and callback, and the account a verified
// Google identity signs in to (found by its Google id, linked by its verified email, or created).
import type { Db } from '@learning/kit/data';
import { conflict, forbidden, unauthorized } from '@learning/kit/http';
import { createAccount, findAccountByEmail } from './accounts.js';
import type { Selectable } from 'kysely';
import type { GoogleAttempt, GoogleIdentity } from './google.js';
import type { AuthTables } from './tables.js';

type AuthDb = Db<AuthTables>;
type Account = Selectable<AuthTables['account']>;

/** Time a learner has on Google's pages before the attempt lapses. */
export const attemptLifetimeMs = 10 * 60 * 1000;

export async function saveAttempt(db: AuthDb, attempt: GoogleAttempt, now = new Date()): Promise<void> {
  await db.deleteFrom('google_attempt').where('expires_at', '<', now).execute();
  await db
    .insertInto('google_attempt')
    .values({
      state: attempt.state,
      nonce: attempt.nonce,
      code_verifier: attempt.codeVerifier,
      redirect_uri: attempt.redirectUri,
      expires_at: new Date(now.getTime() + attemptLifetimeMs),
    })
    .execute();
}

/** The attempt a state names, removed as it is read: a state (and so its code) is good once. */
export async function takeAttempt(db: AuthDb, state: string, now = new Date()): Promise<GoogleAttempt> {
  const row = await db.deleteFrom('google_attempt').where('state', '=', state).returningAll().executeTakeFirst();
  if (!row || row.expires_at < now) {
    throw unauthorized('Google-ээр нэвтрэх оролдлого хүчингүй эсвэл хугацаа нь дууссан байна. Дахин оролдоно уу.', 'google_attempt_invalid');
  }
  return { state: row.state, nonce: row.nonce, codeVerifier: row.code_verifier, redirectUri: row.redirect_uri };
}

export async function accountForGoogle(db: AuthDb, identity: GoogleIdentity): Promise<Account> {
  const linked = await db.selectFrom('account').selectAll().where('google_id', '=', identity.sub).executeTakeFirst();
  if (linked) return linked;
  // An unverified address may belong to someone else: it never links, and never claims an address.
  if (!identity.email || !identity.isEmailVerified) {
    throw forbidden(
      'Таны Google бүртгэлийн имэйл хаяг баталгаажаагүй байна. Google дээр имэйлээ баталгаажуулаад дахин оролдоно уу.',
      'google_email_unverified',
    );
  }
  const email = identity.email;
  const existing = await findAccountByEmail(db, email);
  if (existing) {
    if (existing.google_id) {
      throw conflict('Энэ имэйл хаяг өөр Google бүртгэлтэй холбогдсон байна.', 'google_account_mismatch');
    }
    return db.updateTable('account').set({ google_id: identity.sub }).where('id', '=', existing.id).returningAll().executeTakeFirstOrThrow();
  }
  const name = identity.name?.trim() || email.slice(0, email.indexOf('@'));
  return createAccount(db, { email, name, passwordHash: null, googleId: identity.sub });
}
