// /v1/auth/reminders, /v1/auth/push-key and /v1/auth/push-subscriptions: the learner's daily
// reminder (its time, or none) and the read-aloud reminder (on or off), and the devices that receive
// them by Web Push.
import { auth } from '@learning/contracts';
import { requireUser } from '@learning/kit/auth';
import { notFound, parseInput } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router } from 'express';
import { forgetSubscription, keepSubscription, type Vapid } from '../reminders/push.js';
import { changeReminderSettings, reminderSettingsOf } from '../reminders/settings.js';
import type { AuthTables } from '../tables.js';

export function reminderRoutes(context: ServiceContext<AuthTables>, vapid: Vapid | undefined): Router {
  const { db } = context;
  const router = Router();

  // A signed-in user: their own.
  router.get('/v1/auth/reminders', requireUser, async (req, res) => {
    res.json(await reminderSettingsOf(db, req.principal!.id));
  });

  // A signed-in user: their own.
  router.put('/v1/auth/reminders', requireUser, async (req, res) => {
    const settings = parseInput(auth.reminderSettingsBody, req.body);
    res.json(await changeReminderSettings(db, req.principal!.id, settings));
  });

  // Anyone: the key a browser subscribes with; null while Web Push is off (no VAPID key configured).
  router.get('/v1/auth/push-key', (_req, res) => {
    res.json({ publicKey: vapid?.publicKey ?? null } satisfies auth.PushKey);
  });

  // A signed-in user: this device's subscription, kept for them (a device passed on is the new learner's).
  router.put('/v1/auth/push-subscriptions', requireUser, async (req, res) => {
    const subscription = parseInput(auth.pushSubscriptionBody, req.body);
    await keepSubscription(db, req.principal!.id, subscription);
    res.status(204).end();
  });

  // A signed-in user: one of their own devices' subscriptions.
  router.delete('/v1/auth/push-subscriptions', requireUser, async (req, res) => {
    const { endpoint } = parseInput(auth.pushUnsubscribeBody, req.body);
    if (!(await forgetSubscription(db, req.principal!.id, endpoint))) throw notFound('Энэ төхөөрөмжийн мэдэгдэл олдсонгүй.', 'push_subscription_not_found');
    res.status(204).end();
  });

  return router;
}
