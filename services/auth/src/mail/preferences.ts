// Which of the learner's mails are sent: every topic until the learner switches it off, in
// /me/settings or by a mail's unsubscribe link (signed, needing no sign-in).
import { auth } from '@learning/contracts';

type MailPreferences = auth.MailPreferences;
type MailTopic = auth.MailTopic;
import type { Db } from '@learning/kit/data';
import { badRequest, isUuid } from '@learning/kit/http';
import type { AuthTables } from '../tables.js';
import type { LinkSigner } from './links.js';

type AuthDb = Db<AuthTables>;

/** The topic a notification's mail belongs to, the one its unsubscribe link switches off. */
export const topicOf: Record<auth.NotificationType, MailTopic> = {
  'request-approved': 'requests',
  'request-cancelled': 'requests',
  'access-revoked': 'requests',
  'exam-result': 'exam',
  'refund-earned': 'refunds',
  'refund-paid': 'refunds',
  'week-released': 'weeks',
};

export async function mailPreferencesOf(db: AuthDb, userId: string): Promise<MailPreferences> {
  const off = await db.selectFrom('mail_opt_out').select('topic').where('user_id', '=', userId).execute();
  const isOff = new Set(off.map((row) => row.topic));
  return Object.fromEntries(auth.mailTopics.map((topic) => [topic, !isOff.has(topic)])) as MailPreferences;
}

export async function isMailOn(db: AuthDb, userId: string, topic: MailTopic): Promise<boolean> {
  const row = await db.selectFrom('mail_opt_out').select('topic').where('user_id', '=', userId).where('topic', '=', topic).executeTakeFirst();
  return !row;
}

export async function changeMailPreferences(db: AuthDb, userId: string, changes: Partial<MailPreferences>): Promise<MailPreferences> {
  for (const topic of auth.mailTopics) {
    const isOn = changes[topic];
    if (isOn === true) await db.deleteFrom('mail_opt_out').where('user_id', '=', userId).where('topic', '=', topic).execute();
    if (isOn === false) {
      await db
        .insertInto('mail_opt_out')
        .values({ user_id: userId, topic })
        .onConflict((c) => c.columns(['user_id', 'topic']).doNothing())
        .execute();
    }
  }
  return mailPreferencesOf(db, userId);
}

/** A mail's unsubscribe link: that one topic off for that one user, whoever follows it. */
export async function unsubscribe(db: AuthDb, signer: LinkSigner, token: string): Promise<{ topic: MailTopic; email: string }> {
  const invalid = () => badRequest('Бүртгэлээс гарах холбоос буруу эсвэл хүчингүй байна. Имэйлийн тохиргоогоо «Миний бүртгэл» хэсгээс өөрчилж болно.', 'unsubscribe_link_invalid');
  const signed = signer.readUnsubscribeToken(token);
  if (!signed || !isUuid(signed.userId)) throw invalid();
  const account = await db.selectFrom('account').select('email').where('id', '=', signed.userId).executeTakeFirst();
  if (!account) throw invalid();
  await changeMailPreferences(db, signed.userId, { [signed.topic]: false });
  return { topic: signed.topic, email: account.email };
}
