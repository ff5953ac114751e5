// Password reset: a learner asks for a link by email; auth's own consumer of that request makes the
// link (single use, 30 minutes from when its mail leaves, its token kept only as a hash) and its mail,
// or, for an account that signs in with Google only, a mail that says so. Setting a new password
// through the link signs the learner in and every device out, and ends the account's other links.
import { randomUUID } from 'node:crypto';
import { transaction, type Db } from '@learning/kit/data';
import { recordEvent, type EventOf } from '@learning/kit/events';
import { HttpError, badRequest } from '@learning/kit/http';
import type { Selectable } from 'kysely';
import { hashPassword } from './passwords.js';
import { assertPasswordKeepsRule } from './password-rule.js';
import { forgetSignInFailures } from './sign-in-failures.js';
import { hashOfResetToken, type LinkSigner } from './mail/links.js';
import { queueMail } from './mail/queue.js';
import type { AuthTables } from './tables.js';
import { revokeTokensOf } from './tokens.js';

type AuthDb = Db<AuthTables>;
type Account = Selectable<AuthTables['account']>;
type Reset = Selectable<AuthTables['password_reset']>;

/** How long a link works once its mail has left. */
export const resetMinutes = 30;

/** What the learner is told, whether or not an account has the address. */
export const resetRequestedMessage =
  'Хэрэв энэ хаягаар бүртгэл байгаа бол нууц үг сэргээх холбоосыг имэйлээр илгээлээ. Имэйлээ (спам хавтсыг ч) шалгана уу. Холбоос 30 минут хүчинтэй.';

/**
 * The request itself does the same whether or not the address has an account (one event recorded),
 * so its answer and its time tell nothing; the consumer below finds out.
 */
export async function requestPasswordReset(db: AuthDb, email: string): Promise<void> {
  await transaction(db, (trx) => recordEvent(trx, 'password-reset.requested', { email }));
}

export async function applyPasswordResetRequested(trx: AuthDb, event: EventOf<'password-reset.requested'>, signer: LinkSigner): Promise<void> {
  const account = await trx.selectFrom('account').select(['id', 'email', 'password_hash']).where('email', '=', event.data.email).executeTakeFirst();
  if (!account) return;
  if (!account.password_hash) {
    await queueMail(trx, { dedupeKey: `${event.id}:google-account`, to: account.email, userId: account.id, params: { kind: 'google-account' } });
    return;
  }
  const resetId = randomUUID();
  await trx
    .insertInto('password_reset')
    .values({
      id: resetId,
      user_id: account.id,
      token_hash: hashOfResetToken(signer.resetToken(resetId)),
      // Until its mail leaves, when the sender starts the link's minutes.
      expires_at: new Date(Date.parse(event.occurredAt) + resetMinutes * 60_000),
      used_at: null,
      ended: null,
    })
    .execute();
  await queueMail(trx, { dedupeKey: `${event.id}:password-reset`, to: account.email, userId: account.id, params: { kind: 'password-reset', resetId } });
}

const linkInvalid = () => badRequest('Нууц үг сэргээх холбоос буруу байна. Имэйлд ирсэн холбоосыг бүтнээр нь нээх, эсвэл шинэ холбоос авна уу.', 'reset_link_invalid');
const linkExpired = () =>
  new HttpError(410, 'reset_link_expired', `Холбоосын хүчинтэй хугацаа (${resetMinutes} минут) дууссан байна. Шинэ холбоос авна уу.`);
const linkUsed = () => new HttpError(410, 'reset_link_used', 'Энэ холбоосыг аль хэдийн ашигласан байна. Нууц үгээ дахин солих бол шинэ холбоос авна уу.');
const linkSuperseded = () =>
  new HttpError(410, 'reset_link_used', 'Нууц үгийг өөр холбоосоор сольсон тул энэ холбоос хүчингүй болсон байна. Шаардлагатай бол шинэ холбоос авна уу.');

/** The reset a link's token names and its account, while the link works; else why it does not. */
export async function usableReset(db: AuthDb, token: string, { forUpdate = false } = {}): Promise<{ reset: Reset; account: Account }> {
  const reset = await db
    .selectFrom('password_reset')
    .selectAll()
    .where('token_hash', '=', hashOfResetToken(token))
    .$if(forUpdate, (query) => query.forUpdate())
    .executeTakeFirst();
  if (!reset) throw linkInvalid();
  if (reset.ended === 'used') throw linkUsed();
  if (reset.ended === 'superseded') throw linkSuperseded();
  if (new Date(reset.expires_at).getTime() <= Date.now()) throw linkExpired();
  const account = await db.selectFrom('account').selectAll().where('id', '=', reset.user_id).executeTakeFirst();
  if (!account) throw linkInvalid();
  return { reset, account };
}

/**
 * The new password, through a working link: every token of the account issued until now is refused
 * (all its devices), its other links end, and its wrong-password count is forgotten. Answers the
 * account, for the caller to sign the learner in.
 */
export async function resetPassword(db: AuthDb, token: string, password: string, ttlSeconds: number): Promise<Account> {
  const { account } = await usableReset(db, token);
  assertPasswordKeepsRule(password, account.email);
  const passwordHash = await hashPassword(password);
  return transaction(db, async (trx) => {
    const { reset } = await usableReset(trx, token, { forUpdate: true });
    const updated = await trx
      .updateTable('account')
      .set({ password_hash: passwordHash, must_change_password: false })
      .where('id', '=', reset.user_id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.updateTable('password_reset').set({ ended: 'used', used_at: new Date() }).where('id', '=', reset.id).execute();
    await trx.updateTable('password_reset').set({ ended: 'superseded' }).where('user_id', '=', reset.user_id).where('ended', 'is', null).execute();
    await revokeTokensOf(trx, reset.user_id, ttlSeconds);
    await forgetSignInFailures(trx, updated.email);
    return updated;
  });
}

/** Links are kept a week after they stop working, then forgotten. */
export async function deleteOldResets(db: AuthDb): Promise<void> {
  await db.deleteFrom('password_reset').where('expires_at', '<', new Date(Date.now() - 7 * 24 * 3600 * 1000)).execute();
}
