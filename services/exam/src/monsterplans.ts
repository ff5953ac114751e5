// The exam's read model of Monster plans, from the catalog's `monsterplan.changed`: a plan's name
// (for the results list), whether it has its exam enabled, and whether it was deleted.
import type { EventOf } from '@learning/kit/events';
import { isUuid, notFound } from '@learning/kit/http';
import type { ExamDb } from './tables.js';

export const monsterplanNotFound = () => notFound('Monster plan олдсонгүй.', 'monsterplan_not_found');

export async function applyMonsterplanChanged(trx: ExamDb, event: EventOf<'monsterplan.changed'>): Promise<void> {
  const { monsterplanId, name, exam, isDeleted } = event.data;
  const plan = { name, has_exam: exam, is_deleted: isDeleted };
  await trx
    .insertInto('monsterplan')
    .values({ id: monsterplanId, ...plan })
    .onConflict((c) => c.column('id').doUpdateSet(plan))
    .execute();
}

export interface KnownMonsterplan {
  id: string;
  name: string;
  hasExam: boolean;
}

/** A plan the catalog has told about and not deleted, or a 404. */
export async function requireMonsterplan(db: ExamDb, id: string): Promise<KnownMonsterplan> {
  if (!isUuid(id)) throw monsterplanNotFound();
  const plan = await db.selectFrom('monsterplan').selectAll().where('id', '=', id).where('is_deleted', '=', false).executeTakeFirst();
  if (!plan) throw monsterplanNotFound();
  return { id: plan.id, name: plan.name, hasExam: plan.has_exam };
}
