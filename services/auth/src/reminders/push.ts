// Web Push: each device a learner allowed keeps a subscription (its push service's endpoint and the
// keys its browser made); a reminder is sent to each with the `web-push` library, encrypted for the
// device (aes128gcm) and signed with the platform's VAPID key. A subscription the push service says
// is gone (404 or 410: the learner blocked notifications, or the browser dropped it) is removed.
import { createECDH } from 'node:crypto';
import type { auth } from '@learning/contracts';
import type { Db } from '@learning/kit/data';
import webpush from 'web-push';
import type { AuthTables } from '../tables.js';

type AuthDb = Db<AuthTables>;

export interface Vapid {
  publicKey: string;
  privateKey: string;
  /** Who the push services may write to about this sender: `mailto:` or an https address. */
  subject: string;
}

/** The VAPID key pair of a P-256 private key (base64url, as `web-push generate-vapid-keys` writes it). */
export function vapidOf(privateKey: string, subject: string): Vapid {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey, subject };
}

export async function keepSubscription(db: AuthDb, userId: string, { endpoint, keys }: auth.PushSubscriptionBody): Promise<void> {
  const values = { user_id: userId, p256dh: keys.p256dh, auth: keys.auth };
  await db
    .insertInto('push_subscription')
    .values({ endpoint, ...values })
    .onConflict((c) => c.column('endpoint').doUpdateSet(values))
    .execute();
}

/** Removes the device's subscription, if it is the learner's; answers whether there was one. */
export async function forgetSubscription(db: AuthDb, userId: string, endpoint: string): Promise<boolean> {
  const removed = await db.deleteFrom('push_subscription').where('endpoint', '=', endpoint).where('user_id', '=', userId).executeTakeFirst();
  return removed.numDeletedRows > 0n;
}

export interface PushMessage {
  title: string;
  body: string;
  /** The page a tap on the notification opens. */
  url: string;
}

/** How long a push service keeps a reminder for a device that is off: a reminder a day late is none. */
const keptForSeconds = 12 * 60 * 60;
const answerWithinMs = 10_000;

/** Sends the message to each of the learner's devices; answers how many took it, and removes the gone ones. */
export async function pushToLearner(db: AuthDb, vapid: Vapid, userId: string, message: PushMessage): Promise<{ sent: number; removed: number }> {
  const subscriptions = await db.selectFrom('push_subscription').selectAll().where('user_id', '=', userId).execute();
  let sent = 0;
  let removed = 0;
  for (const subscription of subscriptions) {
    try {
      await webpush.sendNotification({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(message), {
        vapidDetails: vapid,
        TTL: keptForSeconds,
        timeout: answerWithinMs,
        contentEncoding: 'aes128gcm',
      });
      sent += 1;
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status !== 404 && status !== 410) throw error;
      await db.deleteFrom('push_subscription').where('endpoint', '=', subscription.endpoint).execute();
      removed += 1;
    }
  }
  return { sent, removed };
}
