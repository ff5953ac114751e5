// The account a learner is paid their refunds into: given once on /me/settings, kept sealed with
// AES-256-GCM under BANK_ACCOUNT_KEY, so the database alone gives no one's account away. Giving it
// moves every unpaid claim of the learner to "details given", which the claim's history keeps.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { refunds } from '@learning/contracts';
import { transaction } from '@learning/kit/data';
import { conflict, notFound } from '@learning/kit/http';
import { recordClaimChange } from './refund-claims.js';
import type { CatalogDb } from './tables.js';

export const bankAccountNotFound = () => notFound('Буцаан олголт хүлээн авах данс бүртгэгдээгүй байна.', 'bank_account_not_found');
/** A sealed account that does not open: sealed under another BANK_ACCOUNT_KEY (changed since), or not this learner's. */
export const bankAccountUnreadable = () => conflict('Таны дансны мэдээллийг уншиж чадсангүй. Дансаа дахин оруулна уу.', 'bank_account_unreadable');

/** Seals and opens accounts. The learner's id is bound into each seal: a sealed account copied to another learner's row does not open. */
export interface AccountSeal {
  seal(userId: string, account: refunds.BankAccount): string;
  open(userId: string, sealed: string): refunds.BankAccount;
}

/** `v1.` + base64url(12-byte IV) + `.` + base64url(ciphertext and the 16-byte GCM tag), as the payload tokens are written. */
export function createAccountSeal(secret: string): AccountSeal {
  const key = createHash('sha256').update(secret, 'utf8').digest();
  return {
    seal(userId, account) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(userId, 'utf8'));
      const sealed = Buffer.concat([cipher.update(JSON.stringify(account), 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `v1.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
    },
    open(userId, token) {
      const [version, iv, sealed] = token.split('.');
      if (version !== 'v1' || !iv || !sealed) throw new Error('a bank account sealed in an unknown way');
      const bytes = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(userId, 'utf8'));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      const text = Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
      return JSON.parse(text) as refunds.BankAccount;
    },
  };
}

/** The learner's account; 404 `bank_account_not_found` until given, 409 `bank_account_unreadable` when it no longer opens (the learner gives it again). */
export async function bankAccountOf(db: CatalogDb, seal: AccountSeal, userId: string): Promise<refunds.BankAccount> {
  const row = await db.selectFrom('bank_account').select('sealed').where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw bankAccountNotFound();
  try {
    return seal.open(userId, row.sealed);
  } catch {
    throw bankAccountUnreadable();
  }
}

/** Whether the learner has given an account. */
export async function hasBankAccount(db: CatalogDb, userId: string): Promise<boolean> {
  return (await db.selectFrom('bank_account').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
}

/**
 * Keeps the learner's account (replacing the one given before) and records "details given" on each
 * of their claims not yet paid, by the learner, now.
 */
export async function saveBankAccount(db: CatalogDb, seal: AccountSeal, userId: string, account: refunds.BankAccount, now = new Date()): Promise<refunds.BankAccount> {
  return transaction(db, async (trx) => {
    const sealed = seal.seal(userId, account);
    await trx
      .insertInto('bank_account')
      .values({ user_id: userId, sealed, updated_at: now })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ sealed, updated_at: now }))
      .execute();
    const owed = await trx.selectFrom('refund').select('id').where('user_id', '=', userId).where('paid_at', 'is', null).orderBy('earned_at').orderBy('id').execute();
    for (const { id } of owed) await recordClaimChange(trx, id, 'details_given', { by: userId, at: now });
    return account;
  });
}

/** A deleted learner's account goes with the rest of them (user.deleted). */
export async function forgetBankAccountOf(trx: CatalogDb, userId: string): Promise<void> {
  await trx.deleteFrom('bank_account').where('user_id', '=', userId).execute();
}
