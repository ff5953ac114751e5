// The learner's notifications: made from the events the catalog and the exam publish (a
// consumer, never a read of their tables), one per event and in Mongolian; listed newest first,
// counted while unread and marked read by the learner.
import { examRules, type AccessEventType, type auth, type PageQuery } from '@learning/contracts';
import type { Db, KitTables } from '@learning/kit/data';
import type { EventOf } from '@learning/kit/events';
import { isUuid, notFound } from '@learning/kit/http';
import { sql, type Selectable, type Transaction } from 'kysely';
import { mailNotification } from './mail/causes.js';
import type { AuthTables } from './tables.js';

type AuthTrx = Transaction<AuthTables & KitTables>;
type AuthDb = Db<AuthTables>;
type NotificationRow = Selectable<AuthTables['notification']>;

/** The events only notifications consume (the access events and exam.completed also feed access.ts). */
export const notificationEventTypes = ['refund.earned', 'refund.paid', 'refund.payment-undone', 'monsterplan.week-released'] as const;
export type NotificationEventType = (typeof notificationEventTypes)[number];

/** A plan or a bundle as an event names it; the oldest events carry no name. */
interface Subject {
  kind: 'monsterplan' | 'lesson';
  id: string;
  name: string | undefined;
}

const quoted = ({ kind, name }: Subject) => `"${name?.trim() || (kind === 'monsterplan' ? 'Monster plan' : 'Багц хичээл')}"`;

/** Where the learner's access is: "in" a plan (хөтөлбөр) or a bundle (багц), never the one called the other. */
const accessIn = ({ kind }: Subject) => (kind === 'monsterplan' ? 'хөтөлбөрт' : 'багцад');

const pageOf = ({ kind, id }: Subject) =>
  kind === 'monsterplan' ? `/product-monster-plan/${encodeURIComponent(id)}` : `/product-remote-lesson/${encodeURIComponent(id)}`;

/** 10000 → "10,000₮", as the site writes prices. */
export const formatAmount = (amount: number) => `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}₮`;

type RequestEvent = EventOf<
  'monsterplan-request.approved' | 'monsterplan-request.cancelled' | 'lesson-request.approved' | 'lesson-request.cancelled' | 'monsterplan-access.revoked' | 'lesson-access.revoked'
>;

function subjectOf({ data }: RequestEvent): Subject {
  return 'monsterplanId' in data ? { kind: 'monsterplan', id: data.monsterplanId, name: data.name } : { kind: 'lesson', id: data.lessonId, name: data.name };
}

/** Of the access events, only a decision about the learner's own request or access tells them something. */
export async function notifyOfAccessEvent(trx: AuthTrx, event: EventOf<AccessEventType>): Promise<void> {
  switch (event.type) {
    case 'monsterplan-request.approved':
    case 'lesson-request.approved':
      return notifyOfApproval(trx, event);
    case 'monsterplan-request.cancelled':
    case 'lesson-request.cancelled':
      return notifyOfCancellation(trx, event);
    case 'monsterplan-access.revoked':
    case 'lesson-access.revoked':
      return notifyOfRevokedAccess(trx, event);
    default:
      return;
  }
}

export async function notifyOfApproval(trx: AuthTrx, event: RequestEvent): Promise<void> {
  const subject = subjectOf(event);
  await keepNotification(trx, event, {
    userId: event.data.userId,
    type: 'request-approved',
    message: `${quoted(subject)} ${accessIn(subject)} нэвтрэх эрх нээгдлээ. Одоо үзэж эхлээрэй.`,
    link: pageOf(subject),
  });
}

export async function notifyOfCancellation(trx: AuthTrx, event: RequestEvent): Promise<void> {
  const subject = subjectOf(event);
  await keepNotification(trx, event, {
    userId: event.data.userId,
    type: 'request-cancelled',
    message: `${quoted(subject)} хүсэлт цуцлагдлаа. Асуух зүйл байвал төвтэй холбогдоорой.`,
    link: pageOf(subject),
  });
}

export async function notifyOfRevokedAccess(trx: AuthTrx, event: RequestEvent): Promise<void> {
  await keepNotification(trx, event, {
    userId: event.data.userId,
    type: 'access-revoked',
    message: `${quoted(subjectOf(event))} ${accessIn(subjectOf(event))} нэвтрэх эрх хаагдлаа. Асуух зүйл байвал төвтэй холбогдоорой.`,
    link: '/me',
  });
}

export async function notifyOfExamResult(trx: AuthTrx, event: EventOf<'exam.completed'>): Promise<void> {
  const { userId, monsterplanId, monsterplanName, correctQuestions, totalQuestions, passed } = event.data;
  const plan = quoted({ kind: 'monsterplan', id: monsterplanId, name: monsterplanName });
  const score = `${correctQuestions}/${totalQuestions} зөв`;
  const passMark = Math.ceil(totalQuestions * examRules.passRatio);
  await keepNotification(trx, event, {
    userId,
    type: 'exam-result',
    message: passed
      ? `${plan} шалгалтад тэнцлээ: ${score}. Та буцаан олголт авах эрхтэй боллоо.`
      : `${plan} шалгалтын дүн: ${score}. Тэнцэхэд ${passMark}/${totalQuestions} хэрэгтэй байсан тул энэ удаа тэнцсэнгүй.`,
    link: pageOf({ kind: 'monsterplan', id: monsterplanId, name: monsterplanName }),
  });
}

export async function notifyOfRefundEarned(trx: AuthTrx, event: EventOf<'refund.earned'>): Promise<void> {
  const { userId, monsterplanId, monsterplanName, kind, amount } = event.data;
  const plan = quoted({ kind: 'monsterplan', id: monsterplanId, name: monsterplanName });
  const reason = kind === 'exam' ? `${plan} шалгалтад тэнцсэн` : `${plan} хөтөлбөрийн уншлагаа 24 цагийн дотор илгээсэн`;
  await keepNotification(trx, event, {
    userId,
    type: 'refund-earned',
    message: `${formatAmount(amount)} буцаан олголт авах эрхтэй боллоо: ${reason}. Дансаа өгөөгүй бол «Миний бүртгэл» хуудсанд оруулна уу. Сургалтын төв олгоход дахин мэдэгдэнэ.`,
    // /me: the learner's refunds with their states, and a way to the settings while no account is given.
    link: '/me',
  });
}

/** How it reached the learner, where the event says (events before claims do not). */
const paidWays = {
  bank_transfer: ': таны өгсөн данс руу шилжүүлсэн',
  qpay_refund: ': QPay-ээр төлсөн төлбөрөөс тань буцаасан',
} as const;

export async function notifyOfRefundPaid(trx: AuthTrx, event: EventOf<'refund.paid'>): Promise<void> {
  const { userId, monsterplanId, monsterplanName, kind, amount, refundId, paidVia } = event.data;
  const plan = quoted({ kind: 'monsterplan', id: monsterplanId, name: monsterplanName });
  await keepNotification(trx, event, {
    userId,
    type: 'refund-paid',
    message: `${formatAmount(amount)} буцаан олголт танд олгогдлоо (${plan}, ${kind === 'exam' ? 'шалгалт' : 'уншлага'})${paidVia ? paidWays[paidVia] : ''}.`,
    link: pageOf({ kind: 'monsterplan', id: monsterplanId, name: monsterplanName }),
    subjectId: refundId,
  });
}

/** An administrator undid a payment: its notification goes if the learner has not read it; else nothing is said. */
export async function forgetUndonePayment(trx: AuthTrx, event: EventOf<'refund.payment-undone'>): Promise<void> {
  const { userId, refundId } = event.data;
  if (!isUuid(userId)) return;
  await trx
    .deleteFrom('notification')
    .where('user_id', '=', userId)
    .where('type', '=', 'refund-paid')
    .where('subject_id', '=', refundId)
    .where('read_at', 'is', null)
    .execute();
}

export async function notifyOfWeekReleased(trx: AuthTrx, event: EventOf<'monsterplan.week-released'>): Promise<void> {
  const { userId, monsterplanId, monsterplanName, week } = event.data;
  const plan: Subject = { kind: 'monsterplan', id: monsterplanId, name: monsterplanName };
  await keepNotification(trx, event, {
    userId,
    type: 'week-released',
    message: `${quoted(plan)}: ${week}-р долоо хоног нээгдлээ. Шинэ хичээлүүдээ үзээрэй.`,
    link: pageOf(plan),
  });
}

export async function applyNotificationEvent(trx: AuthTrx, event: EventOf<NotificationEventType>): Promise<void> {
  switch (event.type) {
    case 'refund.earned':
      return notifyOfRefundEarned(trx, event);
    case 'refund.paid':
      return notifyOfRefundPaid(trx, event);
    case 'refund.payment-undone':
      return forgetUndonePayment(trx, event);
    case 'monsterplan.week-released':
      return notifyOfWeekReleased(trx, event);
  }
}

interface NewNotification {
  userId: string;
  type: auth.NotificationType;
  message: string;
  link: string | null;
  subjectId?: string;
}

/** One notification per event, dated when the event happened; none for an account deleted since. */
async function keepNotification(trx: AuthTrx, event: { id: string; occurredAt: string }, notification: NewNotification): Promise<void> {
  const { userId, type, message, link, subjectId = null } = notification;
  if (!isUuid(userId)) return;
  const account = await trx.selectFrom('account').select('email').where('id', '=', userId).executeTakeFirst();
  if (!account) return;
  await trx
    .insertInto('notification')
    .values({ user_id: userId, event_id: event.id, type, message, link, subject_id: subjectId, created_at: new Date(event.occurredAt) })
    .onConflict((c) => c.column('event_id').doNothing())
    .execute();
  await mailNotification(trx, event.id, { userId, email: account.email, type, message, link });
}

const notificationNotFound = () => notFound('Мэдэгдэл олдсонгүй.', 'notification_not_found');

function notificationView(row: NotificationRow): auth.Notification {
  return { _id: row.id, type: row.type, message: row.message, link: row.link, createdAt: row.created_at.toISOString(), isRead: row.read_at !== null };
}

/** The learner's own notifications, newest first, with how many they have and how many are unread. */
export async function listNotifications(db: AuthDb, userId: string, { perPage, currentPage }: PageQuery): Promise<auth.NotificationPage> {
  const [rows, counts] = await Promise.all([
    db
      .selectFrom('notification')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((currentPage - 1) * perPage)
      .execute(),
    db
      .selectFrom('notification')
      .select([sql<string>`count(*)`.as('total'), sql<string>`count(*) filter (where read_at is null)`.as('unread')])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { result: rows.map(notificationView), total: Number(counts.total), unread: Number(counts.unread) };
}

export async function countUnread(db: AuthDb, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('notification')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Marks one of the learner's own notifications read (once: a second call keeps the first time); another's is not found. */
export async function markRead(db: AuthDb, userId: string, notificationId: string): Promise<auth.Notification> {
  if (!isUuid(notificationId)) throw notificationNotFound();
  const row = await db
    .updateTable('notification')
    .set({ read_at: sql<Date>`coalesce(read_at, now())` })
    .where('id', '=', notificationId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notificationNotFound();
  return notificationView(row);
}

export async function markAllRead(db: AuthDb, userId: string): Promise<auth.UnreadCount> {
  await db.updateTable('notification').set({ read_at: new Date() }).where('user_id', '=', userId).where('read_at', 'is', null).execute();
  return { count: 0 };
}
