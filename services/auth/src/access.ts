// The user's grants as the catalog reports them, and their exam results as the exam service does.
// Every catalog event carries the learner's whole access with a version; the newest version wins,
// so events may arrive twice or out of order and the grants still end up as the catalog's.
import { accessEventTypes, learnersInAccessEvent, type AccessEventType, type catalog } from '@learning/contracts';
import type { KitTables } from '@learning/kit/data';
import { claimNewerVersion, type EventOf } from '@learning/kit/events';
import { isUuid } from '@learning/kit/http';
import type { Transaction } from 'kysely';
import type { AuthTables, GrantKind } from './tables.js';

type AuthTrx = Transaction<AuthTables & KitTables>;

export { accessEventTypes };

export async function applyAccessEvent(trx: AuthTrx, event: EventOf<AccessEventType>): Promise<void> {
  for (const { userId, access } of learnersInAccessEvent(event)) await applyAccess(trx, userId, access);
}

/** Replaces the user's grants with `access`, unless the grants already reflect that version or a newer one. */
export async function applyAccess(trx: AuthTrx, userId: string, access: catalog.Access): Promise<void> {
  if (!isUuid(userId)) return;
  const account = await trx.selectFrom('account').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  if (!account) return; // the account was deleted since
  if (!(await claimNewerVersion(trx, 'access_version', userId, access.version))) return;
  await trx.deleteFrom('grant').where('user_id', '=', userId).execute();
  const grants = (
    [
      ['monsterplan', access.monsterplans],
      ['pendingMonsterplan', access.pendingMonsterplans],
      ['lesson', access.lessons],
      ['pendingLesson', access.pendingLessons],
    ] as Array<[GrantKind, string[]]>
  ).flatMap(([kind, refs]) => [...new Set(refs)].map((ref) => ({ user_id: userId, kind, ref_id: ref })));
  if (grants.length > 0) await trx.insertInto('grant').values(grants).execute();
}

/** An exam result (one per user and plan: the exam can be taken once); a repeated event overwrites it. */
export async function applyExamCompleted(trx: AuthTrx, event: EventOf<'exam.completed'>): Promise<void> {
  const { userId, monsterplanId, percent, correctQuestions, totalQuestions } = event.data;
  if (!isUuid(userId)) return;
  const account = await trx.selectFrom('account').select('id').where('id', '=', userId).executeTakeFirst();
  if (!account) return;
  const result = { percent, correct_questions: correctQuestions, total_questions: totalQuestions };
  await trx
    .insertInto('exam_result')
    .values({ user_id: userId, monsterplan_id: monsterplanId, ...result })
    .onConflict((c) => c.columns(['user_id', 'monsterplan_id']).doUpdateSet(result))
    .execute();
}
