// Integration events: the envelope every service publishes, and each event type's data.
import { z } from 'zod';
import { access } from './catalog.js';

export const eventEnvelope = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  producer: z.string().min(1),
  data: z.unknown(),
});
export type EventEnvelope<Data = unknown> = Omit<z.infer<typeof eventEnvelope>, 'data'> & { data: Data };

/** Each event type, its current version and the schema of its data. */
export const events = {
  'user.registered': {
    version: 1,
    data: z.object({ userId: z.string(), email: z.string(), name: z.string() }),
  },
  'session.revoked': {
    version: 1,
    data: z.object({ tokenId: z.string(), expiresAt: z.iso.datetime({ offset: true }) }),
  },
  /**
   * A role change or a deletion: every token of the user issued (`iat`) before `notBefore`, a whole
   * second, is refused from now on; the revocation can be forgotten at `expiresAt`, when all of them have expired.
   */
  'user.tokens-revoked': {
    version: 1,
    data: z.object({ userId: z.string(), notBefore: z.iso.datetime({ offset: true }), expiresAt: z.iso.datetime({ offset: true }) }),
  },
  /**
   * Someone asked for a password-reset link to `email` (auth's own consumer makes the link and its mail,
   * or a sign-in-with-Google mail, or nothing when no account has the address).
   */
  'password-reset.requested': { version: 1, data: z.object({ email: z.string() }) },
  /**
   * A learner's reminder is due (auth's own consumer sends it by Web Push and mail), recorded once per
   * learner and slot, whichever instance of auth claimed it: `daily`, the daily reminder of the
   * centre's day `day`; `aloud`, 3 hours before the read-aloud window of a plan day closes at `closesAt`.
   */
  'reminder.due': {
    version: 1,
    data: z.discriminatedUnion('kind', [
      z.object({ userId: z.string(), kind: z.literal('daily'), day: z.string() }),
      z.object({
        userId: z.string(),
        kind: z.literal('aloud'),
        monsterplanId: z.string(),
        monsterplanName: z.string(),
        week: z.number().int(),
        dayOfWeek: z.number().int(),
        closesAt: z.iso.datetime({ offset: true }),
      }),
    ]),
  },
  /** The learner deleted their account: each service forgets what it kept of them. */
  'user.deleted': { version: 1, data: z.object({ userId: z.string() }) },
  // Catalog: every request event carries the learner's whole access after the change, so auth
  // replaces its copy (ignoring an older `version`) instead of replaying deltas.
  'lesson-request.created': { version: 1, data: lessonRequestEvent() },
  'lesson-request.approved': { version: 1, data: lessonRequestEvent().extend({ videoIds: z.array(z.string()) }) },
  'lesson-request.cancelled': { version: 1, data: lessonRequestEvent() },
  'monsterplan-request.created': { version: 1, data: monsterplanRequestEvent() },
  'monsterplan-request.approved': { version: 1, data: monsterplanRequestEvent() },
  'monsterplan-request.cancelled': { version: 1, data: monsterplanRequestEvent() },
  /** A bundle or plan was deleted: the access of every learner it touched, after the deletion. */
  'lesson.deleted': { version: 1, data: z.object({ lessonId: z.string(), accessOf: z.array(userAccess()) }) },
  /**
   * A bundle was updated, or lost a deleted video: its videos now, and the access of every learner
   * approved for it (their lesson grants follow the bundle's videos).
   */
  'lesson.changed': {
    version: 1,
    data: z.object({ lessonId: z.string(), name: z.string(), videoIds: z.array(z.string()), accessOf: z.array(userAccess()) }),
  },
  'monsterplan.changed': {
    version: 1,
    data: z.object({
      monsterplanId: z.string(),
      name: z.string(),
      isActive: z.boolean(),
      exam: z.boolean(),
      videoIds: z.array(z.string()),
      isDeleted: z.boolean(),
      accessOf: z.array(userAccess()),
    }),
  },
  'video.published': {
    version: 1,
    data: z.object({
      videoId: z.string(),
      kind: z.enum(['monsterplan', 'lesson']),
      name: z.string(),
      translateUrl: z.string(),
      hasSubtitle: z.boolean(),
      /** The probed duration; absent from events published before media probed durations, null when the probe could not read it. */
      durationSeconds: z.number().nonnegative().nullable().optional(),
    }),
  },
  'video.deleted': { version: 1, data: z.object({ videoId: z.string(), kind: z.enum(['monsterplan', 'lesson']) }) },
  /** Media kept an uploaded video: its transcoding job is queued (media's own worker consumes it). */
  'video.uploaded': { version: 1, data: z.object({ videoId: z.string(), kind: z.enum(['monsterplan', 'lesson']) }) },
  /**
   * The video's HLS ladder is complete and stored (`videos/<videoId>/hls/master.m3u8`, one folder per
   * rendition, lowest first: `360p`, `540p`, `720p` as the source allows, `audio` when it has sound).
   */
  'video.transcoded': {
    version: 1,
    data: z.object({ videoId: z.string(), kind: z.enum(['monsterplan', 'lesson']), renditions: z.array(z.string()) }),
  },
  /**
   * A plan's question bank changed (or the exam service started, announcing each bank it holds):
   * how many questions it has and how many one exam asks, so the catalog offers the exam only
   * when the bank can fill it.
   */
  'question-bank.changed': {
    version: 1,
    data: z.object({ monsterplanId: z.string(), questionCount: z.number().int().nonnegative(), questionsPerExam: z.number().int().positive() }),
  },
  'exam.completed': {
    version: 1,
    data: z.object({
      userId: z.string(),
      monsterplanId: z.string(),
      /** The plan's name as the exam knew it (for the learner's notification); absent from events published before notifications named it. */
      monsterplanName: z.string().optional(),
      percent: z.number(),
      correctQuestions: z.number().int(),
      totalQuestions: z.number().int(),
      passed: z.boolean(),
    }),
  },
  // Listening progress (catalog): each at most once per learner and video, day, plan or bundle.
  /** The learner heard 90 % of the video and its end, in the plan's or the bundle's player. */
  'progress.video-completed': {
    version: 1,
    data: z.object({ userId: z.string(), videoId: z.string(), monsterplanId: z.string().nullable(), lessonId: z.string().nullable() }),
  },
  'progress.day-completed': {
    version: 1,
    data: z.object({ userId: z.string(), monsterplanId: z.string(), week: z.number().int(), dayOfWeek: z.number().int() }),
  },
  'progress.plan-completed': { version: 1, data: z.object({ userId: z.string(), monsterplanId: z.string() }) },
  'progress.lesson-completed': { version: 1, data: z.object({ userId: z.string(), lessonId: z.string() }) },
  // The centre's loop.
  /** An administrator took a learner's approved (or pending) access to a plan or bundle away. */
  'monsterplan-access.revoked': { version: 1, data: monsterplanRequestEvent().omit({ requestId: true }) },
  'lesson-access.revoked': { version: 1, data: lessonRequestEvent().omit({ requestId: true }) },
  /** Media kept a learner's read-aloud recording, for the plan day the learner named when sending it. */
  'aloud.recorded': {
    version: 1,
    data: z.object({
      aloudId: z.string(),
      userId: z.string(),
      monsterplanId: z.string().nullable(),
      week: z.number().int().nullable(),
      dayOfWeek: z.number().int().nullable(),
      recordedAt: z.iso.datetime({ offset: true }),
    }),
  },
  /**
   * A plan day was assigned to a learner who can still earn the plan's read-aloud refund: a recording
   * of the day made from `assignedAt` until `closesAt` (24 hours later) earns it. Published once per
   * learner and plan day, when the assignment is recorded.
   */
  'aloud.window-opened': {
    version: 1,
    data: z.object({
      userId: z.string(),
      monsterplanId: z.string(),
      monsterplanName: z.string(),
      week: z.number().int(),
      dayOfWeek: z.number().int(),
      assignedAt: z.iso.datetime({ offset: true }),
      closesAt: z.iso.datetime({ offset: true }),
    }),
  },
  /** The catalog's refund ledger: a learner earned a refund (exam passed, read-aloud on time)… */
  'refund.earned': { version: 1, data: refundEvent() },
  /** …an administrator marked it paid… */
  'refund.paid': {
    version: 1,
    data: refundEvent().extend({
      paidAt: z.iso.datetime({ offset: true }),
      /** How it was paid; absent from events published before the centre said so. */
      paidVia: z.enum(['bank_transfer', 'qpay_refund']).optional(),
    }),
  },
  /** …or undid that mark. */
  'refund.payment-undone': { version: 1, data: refundEvent() },
  /**
   * QPay called an invoice's callback URL. The call carries no proof, so it only wakes the catalog's own
   * consumer, which asks QPay whether the invoice was paid.
   */
  'qpay-invoice.called-back': { version: 1, data: z.object({ invoiceId: z.string() }) },
  /**
   * QPay reported a payment of an invoice. The catalog's own consumer decides what it does: one of the
   * invoice's amount for a pending request approves it, as an administrator's Approve would; any
   * other waits, flagged, for the administrator.
   */
  'qpay-payment.received': {
    version: 1,
    data: z.object({
      invoiceId: z.string(),
      requestId: z.string(),
      paymentId: z.string(),
      amount: z.number().int().nonnegative(),
      paidAt: z.iso.datetime({ offset: true }),
    }),
  },
  /** A QPay payment approved its request: the catalog's own consumer asks QPay for its e-receipt when the centre wants one. */
  'qpay-invoice.paid': { version: 1, data: z.object({ invoiceId: z.string(), paymentId: z.string() }) },
  /** A plan released day by day opened a new week to a learner (weeks after the first). */
  'monsterplan.week-released': {
    version: 1,
    data: z.object({
      userId: z.string(),
      monsterplanId: z.string(),
      monsterplanName: z.string(),
      week: z.number().int(),
      releasedAt: z.iso.datetime({ offset: true }),
    }),
  },
} as const;

function refundEvent() {
  return z.object({
    refundId: z.string(),
    userId: z.string(),
    monsterplanId: z.string(),
    monsterplanName: z.string(),
    kind: z.enum(['exam', 'aloud']),
    amount: z.number().int().nonnegative(),
  });
}

function userAccess() {
  return z.object({ userId: z.string(), access });
}

// `name` (the bundle's or plan's, for the learner's notification) is absent from events published before notifications named it.
function lessonRequestEvent() {
  return z.object({ requestId: z.string(), userId: z.string(), lessonId: z.string(), name: z.string().optional(), access });
}

function monsterplanRequestEvent() {
  return z.object({ requestId: z.string(), userId: z.string(), monsterplanId: z.string(), name: z.string().optional(), access });
}

export type EventType = keyof typeof events;
export type EventData<T extends EventType> = z.infer<(typeof events)[T]['data']>;

/** The catalog events that report learners' access: each carries the whole access of every learner it touched. */
export const accessEventTypes = [
  'lesson-request.created',
  'lesson-request.approved',
  'lesson-request.cancelled',
  'monsterplan-request.created',
  'monsterplan-request.approved',
  'monsterplan-request.cancelled',
  'lesson.changed',
  'lesson.deleted',
  'monsterplan.changed',
  'monsterplan-access.revoked',
  'lesson-access.revoked',
] as const satisfies readonly EventType[];
export type AccessEventType = (typeof accessEventTypes)[number];

/** The learners an access event reports, each with their whole access after the change. */
export function learnersInAccessEvent(event: EventEnvelope<EventData<AccessEventType>>): Array<{ userId: string; access: z.infer<typeof access> }> {
  const data = event.data;
  return 'accessOf' in data ? data.accessOf : [{ userId: data.userId, access: data.access }];
}
