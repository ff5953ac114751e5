// Sends a due reminder (the `reminder.due` event, auth's own): the daily one or the read-aloud one,
// by Web Push to each device the learner allowed, and by mail while the learner keeps the `reminders`
// mail topic on. The mail is queued in the event's transaction (once per event); a push service that
// fails is tried again with the event.
import { applyOnce, subscribe, type Subscription } from '@learning/kit/events';
import type { Db } from '@learning/kit/data';
import { isMailOn } from '../mail/preferences.js';
import { aloudReminderText, reminderText, type MailParams } from '../mail/messages.js';
import { queueMail } from '../mail/queue.js';
import type { AuthTables } from '../tables.js';
import { pushToLearner, type PushMessage, type Vapid } from './push.js';

export function reminderSubscription(db: Db<AuthTables>, vapid: Vapid | undefined): Subscription {
  return subscribe(
    'reminder.due',
    applyOnce(db, async (trx, event) => {
      const reminder = event.data;
      const { userId } = reminder;
      const account = await trx.selectFrom('account').select('email').where('id', '=', userId).executeTakeFirst();
      // A learner who deleted their account since the claim is reminded of nothing.
      if (!account) return;
      let params: MailParams;
      let text: { title: string; body: string; path: string };
      if (reminder.kind === 'aloud') {
        const { kind: _kind, userId: _userId, ...day } = reminder;
        params = { kind: 'aloud-reminder', ...day };
        text = aloudReminderText(day);
      } else {
        params = { kind: 'reminder' };
        text = reminderText;
      }
      if (await isMailOn(trx, userId, 'reminders')) {
        await queueMail(trx, { dedupeKey: `${event.id}:reminder`, to: account.email, userId, params });
      }
      const message: PushMessage = { title: text.title, body: text.body, url: text.path };
      if (vapid) await pushToLearner(trx, vapid, userId, message);
    }),
  );
}
