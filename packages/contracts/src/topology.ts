// The bus's topology: which events each consumer's queue receives. Every service declares all of
// these queues and bindings at start, before its outbox relay publishes, so an event published
// before its consumer ever ran waits in that consumer's queue instead of being dropped.
import { accessEventTypes, type EventType } from './events.js';

/** The revocations every service consumes through the kit, so a revoked token is refused everywhere. */
export const revocationEventTypes = ['session.revoked', 'user.tokens-revoked'] as const satisfies readonly EventType[];

/**
 * Each consumer's queue (`<consumer>.events`) and the event types bound to it. An event no queue binds
 * (the catalog's progress.* events, until notifications or refunds consume them) is published and dropped.
 */
export const eventQueues = {
  auth: [
    ...revocationEventTypes,
    ...accessEventTypes,
    'exam.completed',
    // The learner's notifications.
    'refund.earned',
    'refund.paid',
    'refund.payment-undone',
    'monsterplan.week-released',
    // The read-aloud reminder: the windows the catalog opens, and the recordings and refunds that
    // make a reminder needless.
    'aloud.window-opened',
    'aloud.recorded',
    // Its own: the reset link and its mail, and each reminder, are made by a consumer, not by the request or the clock.
    'password-reset.requested',
    'reminder.due',
  ],
  // The refund ledger consumes the exam's results and media's recordings.
  // video.transcoded: play answers the HLS ladder once it is ready.
  // question-bank.changed: the exam is offered, and may be switched on, only when its bank can fill it.
  catalog: [
    ...revocationEventTypes,
    'user.registered',
    'user.deleted',
    'video.published',
    'video.transcoded',
    'video.deleted',
    'exam.completed',
    'aloud.recorded',
    'question-bank.changed',
    // Its own: QPay's payments. A callback wakes the check, a reported payment approves or is flagged,
    // a paid invoice gets its e-receipt, and a request approved or cancelled otherwise has its open
    // invoice cancelled at QPay.
    'qpay-invoice.called-back',
    'qpay-payment.received',
    'qpay-invoice.paid',
    'lesson-request.approved',
    'lesson-request.cancelled',
    'monsterplan-request.approved',
    'monsterplan-request.cancelled',
  ],
  // Its own `video.uploaded` too: the transcoding worker is a consumer.
  media: [...revocationEventTypes, 'user.registered', 'user.deleted', 'video.uploaded'],
  exam: [...revocationEventTypes, 'user.registered', 'user.deleted', ...accessEventTypes],
} as const satisfies Record<string, readonly EventType[]>;
