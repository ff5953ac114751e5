// The tokens the learners' mails carry, signed with MAIL_LINK_SECRET so that nothing secret needs to be
// stored: a reset link's token is derived from its reset's id when the mail is written (the database
// keeps only its SHA-256), and an unsubscribe link's token names the user and the topic it switches off.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { auth } from '@learning/contracts';

type MailTopic = auth.MailTopic;

export interface LinkSigner {
  /** The token of the reset `resetId`'s link: 43 base64url characters. */
  resetToken(resetId: string): string;
  unsubscribeToken(userId: string, topic: MailTopic): string;
  /** The user and topic of a genuine unsubscribe token, or undefined. */
  readUnsubscribeToken(token: string): { userId: string; topic: MailTopic } | undefined;
}

/** How the database keeps a reset token: only this digest, never the token. */
export const hashOfResetToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function linkSigner(secret: string): LinkSigner {
  const sign = (purpose: string, value: string) => createHmac('sha256', secret).update(`${purpose}\n${value}`).digest('base64url');
  return {
    resetToken: (resetId) => sign('password-reset', resetId),
    unsubscribeToken: (userId, topic) => `${userId}.${topic}.${sign('unsubscribe', `${userId}\n${topic}`)}`,
    readUnsubscribeToken(token) {
      const [userId, topic, signature, ...rest] = token.split('.');
      if (!userId || !topic || !signature || rest.length > 0 || !(auth.mailTopics as readonly string[]).includes(topic)) return undefined;
      const expected = Buffer.from(sign('unsubscribe', `${userId}\n${topic}`));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, topic: topic as MailTopic } : undefined;
    },
  };
}
