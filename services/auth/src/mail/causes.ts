// The mails events cause, recorded in the transaction that handles the event: a learner's mail for
// each notification whose topic they keep on, and the administrator's for each new request.
import type { auth } from '@learning/contracts';
import type { Db } from '@learning/kit/data';
import type { EventOf } from '@learning/kit/events';
import { isUuid } from '@learning/kit/http';
import type { AuthTables } from '../tables.js';
import { isMailOn, topicOf } from './preferences.js';
import { queueMail } from './queue.js';

type AuthDb = Db<AuthTables>;

export async function mailNotification(
  trx: AuthDb,
  eventId: string,
  notification: { userId: string; email: string; type: auth.NotificationType; message: string; link: string | null },
): Promise<void> {
  const { userId, email, type, message, link } = notification;
  const topic = topicOf[type];
  if (!(await isMailOn(trx, userId, topic))) return;
  await queueMail(trx, { dedupeKey: `${eventId}:notification`, to: email, userId, params: { kind: 'notification', topic, type, message, link } });
}

/** ADMIN_NOTIFY_EMAIL hears of each new plan or bundle request, with the learner's email and what they asked for. */
export async function mailAdministratorOfRequest(
  trx: AuthDb,
  event: EventOf<'monsterplan-request.created' | 'lesson-request.created'>,
  adminEmail: string | undefined,
): Promise<void> {
  if (!adminEmail || !isUuid(event.data.userId)) return;
  const learner = await trx.selectFrom('account').select('email').where('id', '=', event.data.userId).executeTakeFirst();
  const subject = 'monsterplanId' in event.data ? ('monsterplan' as const) : ('lesson' as const);
  await queueMail(trx, {
    dedupeKey: `${event.id}:new-request`,
    to: adminEmail,
    userId: null,
    params: {
      kind: 'new-request',
      subject,
      name: event.data.name ?? (subject === 'monsterplan' ? 'Monster plan' : 'Багц хичээл'),
      learnerEmail: learner?.email ?? 'Бүртгэлгүй хэрэглэгч',
    },
  });
}
