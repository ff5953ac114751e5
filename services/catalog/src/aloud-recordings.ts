// Learners' read-aloud recordings as the catalog knows them (media's `aloud.recorded`): the
// plan day each was sent for and when, so the catalog can tell whether it came within 24 hours of
// that day's assignment (the read-aloud refund, the administrator's read-aloud table).
import type { refunds } from '@learning/contracts';
import type { EventOf } from '@learning/kit/events';
import { isUuid } from '@learning/kit/http';
import { recordingAssignedAt } from './assignments.js';
import { earnAloudRefund, isOnTime } from './refunds.js';
import type { CatalogDb } from './tables.js';

/** Keeps the recording (once) and, when it names a plan day, lets it earn the read-aloud refund. */
export function applyAloudRecorded(amount: number) {
  return async (trx: CatalogDb, event: EventOf<'aloud.recorded'>): Promise<void> => {
    const { aloudId, userId, monsterplanId, week, dayOfWeek, recordedAt } = event.data;
    if (!isUuid(aloudId) || !isUuid(userId)) return;
    const planDay = monsterplanId !== null && isUuid(monsterplanId) && week !== null && dayOfWeek !== null ? { monsterplanId, week, dayOfWeek } : null;
    const kept = await trx
      .insertInto('aloud_recording')
      .values({
        aloud_id: aloudId,
        user_id: userId,
        monsterplan_id: planDay?.monsterplanId ?? null,
        week: planDay?.week ?? null,
        day_of_week: planDay?.dayOfWeek ?? null,
        recorded_at: recordedAt,
      })
      .onConflict((conflict) => conflict.column('aloud_id').doNothing())
      .returning('aloud_id')
      .executeTakeFirst();
    if (kept && planDay) await earnAloudRefund(trx, { aloudId, userId, ...planDay, recordedAt: new Date(recordedAt) }, amount);
  };
}

/** Whether each recording the catalog knows of came on time for its plan day (unknown ids are left out). */
export async function aloudTimeliness(db: CatalogDb, aloudIds: readonly string[]): Promise<refunds.AloudTimeliness[]> {
  if (aloudIds.length === 0) return [];
  const recordings = await db.selectFrom('aloud_recording').selectAll().where('aloud_id', 'in', [...new Set(aloudIds)]).orderBy('recorded_at', 'desc').execute();
  return Promise.all(
    recordings.map(async (recording) => {
      const recordedAt = new Date(recording.recorded_at);
      const assignedAt = await recordingAssignedAt(db, recording);
      return {
        aloudId: recording.aloud_id,
        monsterplanId: recording.monsterplan_id,
        week: recording.week,
        dayOfWeek: recording.day_of_week,
        recordedAt: recordedAt.toISOString(),
        assignedAt: assignedAt?.toISOString() ?? null,
        isOnTime: isOnTime(assignedAt, recordedAt),
      };
    }),
  );
}

/** A deleted learner's recordings are forgotten with them (user.deleted). */
export async function forgetAloudRecordingsOf(trx: CatalogDb, userId: string): Promise<void> {
  await trx.deleteFrom('aloud_recording').where('user_id', '=', userId).execute();
}
