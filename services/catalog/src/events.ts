// What the catalog consumes: auth's `user.registered` and `user.deleted` (the learner read model, and
// a deleted learner's requests) and media's `video.published` / `video.transcoded` / `video.deleted`
// (the video read model), the exam's `exam.completed` and media's `aloud.recorded` (the refund
// ledger) and its `question-bank.changed` (whether a plan's exam can be offered), each applied once
// through the inbox; and its own QPay events (payments/payment-subscriptions.ts).
// Writing learner (the emails on the administrator's pages), access_request and video moves the
// revisions of the kept lists by trigger (revisions.ts), as any write of them does.
// What it publishes (recorded by the domain modules in the transaction of each change):
// lesson-request.*, monsterplan-request.*, lesson.changed, lesson.deleted, monsterplan.changed, progress.*, refund.*, qpay-*.
import { applyOnce, forgetLearnerEmail, keepLearnerEmail, recordEvent, subscribe, type EventOf, type Subscription } from '@learning/kit/events';
import { isUuid } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { changeAccess, learnersWithRequests, lockAccess } from './access.js';
import { applyAloudRecorded, forgetAloudRecordingsOf } from './aloud-recordings.js';
import { forgetBankAccountOf } from './bank-accounts.js';
import type { CatalogConfig } from './config.js';
import { lessonChangedEvent } from './lessons.js';
import { monsterplanChangedEvent } from './monsterplans.js';
import { paymentSubscriptions } from './payments/payment-subscriptions.js';
import type { QpayClient } from './payments/qpay-client.js';
import { applyQuestionBankChanged } from './question-banks.js';
import { applyExamCompleted, forgetRefundsOf } from './refunds.js';
import type { CatalogDb, CatalogTables } from './tables.js';
import { applyVideoPublished, applyVideoTranscoded } from './videos.js';

export function catalogSubscriptions(
  { db }: ServiceContext<CatalogTables>,
  config: Pick<CatalogConfig, 'REFUND_AMOUNT_MNT' | 'QPAY_EBARIMT'>,
  qpay: QpayClient | undefined,
): Subscription[] {
  return [
    ...paymentSubscriptions(db, qpay, config.QPAY_EBARIMT === '1'),
    subscribe('user.registered', applyOnce(db, (trx, event) => keepLearnerEmail(trx, 'learner', event))),
    subscribe('user.deleted', applyOnce(db, applyUserDeleted)),
    subscribe('video.published', applyOnce(db, applyVideoPublished)),
    subscribe('video.transcoded', applyOnce(db, applyVideoTranscoded)),
    subscribe('video.deleted', applyOnce(db, applyVideoDeleted)),
    subscribe('exam.completed', applyOnce(db, applyExamCompleted(config.REFUND_AMOUNT_MNT))),
    subscribe('aloud.recorded', applyOnce(db, applyAloudRecorded(config.REFUND_AMOUNT_MNT))),
    subscribe('question-bank.changed', applyOnce(db, applyQuestionBankChanged)),
  ];
}

/**
 * A deleted learner's requests go, approved or pending, with their access version, email, what they
 * heard, the days assigned and the weeks released to them, their recordings, refunds and bank account. Nothing is published: auth deleted the account with its grants, and the exam forgets them from the same event.
 */
export async function applyUserDeleted(trx: CatalogDb, event: EventOf<'user.deleted'>): Promise<void> {
  const { userId } = event.data;
  if (!isUuid(userId)) return;
  await lockAccess(trx, [userId]);
  await trx.deleteFrom('access_request').where('user_id', '=', userId).execute();
  await trx.deleteFrom('access_version').where('user_id', '=', userId).execute();
  await trx.deleteFrom('listening').where('user_id', '=', userId).execute();
  await trx.deleteFrom('listening_milestone').where('user_id', '=', userId).execute();
  await trx.deleteFrom('listening_day').where('user_id', '=', userId).execute();
  await trx.deleteFrom('day_assignment').where('user_id', '=', userId).execute();
  await trx.deleteFrom('week_release').where('user_id', '=', userId).execute();
  // Recordings, refunds and the account to pay them into go with the account: nobody is left to pay back.
  await forgetAloudRecordingsOf(trx, userId);
  await forgetRefundsOf(trx, userId);
  await forgetBankAccountOf(trx, userId);
  await forgetLearnerEmail(trx, 'learner', userId);
}

/**
 * A deleted video leaves every bundle and plan that held it; the bundle stays with its other videos.
 * Learners approved for a bundle keep it approved (they hold what remains); the change is published
 * as `lesson.changed` / `monsterplan.changed`, like an administrator's update.
 */
export async function applyVideoDeleted(trx: CatalogDb, event: EventOf<'video.deleted'>): Promise<void> {
  const { videoId } = event.data;
  const lessons = await trx
    .selectFrom('lesson')
    .select('id')
    .where('id', 'in', trx.selectFrom('lesson_video').select('lesson_id').where('video_id', '=', videoId))
    .orderBy('id')
    .forUpdate()
    .execute();
  const monsterplans = await trx
    .selectFrom('monsterplan')
    .select('id')
    .where('id', 'in', trx.selectFrom('monsterplan_video').select('monsterplan_id').where('video_id', '=', videoId))
    .orderBy('id')
    .forUpdate()
    .execute();
  const approvedLearners = new Map<string, string[]>();
  for (const { id } of lessons) approvedLearners.set(id, await learnersWithRequests(trx, { lessonId: id }, { onlyApproved: true }));
  await lockAccess(trx, [...approvedLearners.values()].flat());
  // The bundles' and plans' rows of this video go with it (foreign keys cascade), its ladder too.
  await trx.deleteFrom('video').where('id', '=', videoId).execute();
  await trx.deleteFrom('video_ladder').where('video_id', '=', videoId).execute();
  for (const { id } of lessons) {
    const accessOf = await changeAccess(trx, approvedLearners.get(id)!);
    await recordEvent(trx, 'lesson.changed', await lessonChangedEvent(trx, id, accessOf));
  }
  for (const { id } of monsterplans) {
    await recordEvent(trx, 'monsterplan.changed', await monsterplanChangedEvent(trx, id, { isDeleted: false, accessOf: [] }));
  }
}
