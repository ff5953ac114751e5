// The exam's read model of who is approved for which plan, from the catalog's access events (whole
// access with a version: the newest wins, so a repeated or late event changes nothing), and from the
// catalog's answers while those events wait for the broker (`access-poll.ts`). Learners'
// emails, for the results list, come from auth's `user.registered` (the kit's keepLearnerEmail);
// auth's `user.deleted` takes away everything the exam kept of a learner.
import { learnersInAccessEvent, type AccessEventType, type catalog } from '@learning/contracts';
import { claimNewerVersion, forgetLearnerEmail, type EventOf } from '@learning/kit/events';
import type { ExamDb } from './tables.js';

export async function applyAccessEvent(trx: ExamDb, event: EventOf<AccessEventType>): Promise<void> {
  for (const { userId, access } of learnersInAccessEvent(event)) {
    await applyAccess(trx, userId, access);
  }
}

/** Replaces the learner's approvals with `access`, unless they already reflect that version or a newer one. */
export async function applyAccess(trx: ExamDb, userId: string, access: catalog.Access): Promise<void> {
  if (!(await claimNewerVersion(trx, 'access_version', userId, access.version))) return;
  await trx.deleteFrom('approval').where('user_id', '=', userId).execute();
  const plans = [...new Set(access.monsterplans)];
  if (plans.length > 0) await trx.insertInto('approval').values(plans.map((monsterplan_id) => ({ user_id: userId, monsterplan_id }))).execute();
}

export async function isApprovedFor(db: ExamDb, userId: string, monsterplanId: string): Promise<boolean> {
  const row = await db.selectFrom('approval').select('user_id').where('user_id', '=', userId).where('monsterplan_id', '=', monsterplanId).executeTakeFirst();
  return row !== undefined;
}

/** A deleted learner's approvals, questions issued and results go with their email. */
export async function applyUserDeleted(trx: ExamDb, event: EventOf<'user.deleted'>): Promise<void> {
  const { userId } = event.data;
  for (const table of ['approval', 'access_version', 'sitting', 'result'] as const) {
    await trx.deleteFrom(table).where('user_id', '=', userId).execute();
  }
  await forgetLearnerEmail(trx, 'learner', userId);
}
