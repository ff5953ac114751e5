// Telling learners of a plan released day by day that a new week has opened: a sweep,
// run every minute by the service and called directly by tests, records
// `monsterplan.week-released` once per learner, plan and week ≥ 2 whose first day's release has passed.
import { transaction } from '@learning/kit/data';
import { recordEvent } from '@learning/kit/events';
import type { ServiceContext } from '@learning/kit/service';
import { planDays, releaseDailyApprovals } from './assignments.js';
import { dayReleasesAt } from './release-calendar.js';
import type { CatalogDb, CatalogTables } from './tables.js';

export const weekReleaseSweepMs = 60 * 1000;

/** Records the weeks released by `now` that were not told yet; answers how many it recorded. */
export async function sweepWeekReleases(db: CatalogDb, now: Date = new Date()): Promise<number> {
  const approvals = await releaseDailyApprovals(db);
  if (approvals.length === 0) return 0;
  const told = await db
    .selectFrom('week_release')
    .select(['user_id', 'monsterplan_id', 'week'])
    .where('monsterplan_id', 'in', [...new Set(approvals.map((approval) => approval.monsterplanId))])
    .execute();
  const isTold = new Set(told.map((row) => `${row.user_id}:${row.monsterplan_id}:${row.week}`));
  const firstDaysByPlan = new Map<string, Array<{ week: number; index: number }>>();
  let recorded = 0;
  for (const approval of approvals) {
    let firstDays = firstDaysByPlan.get(approval.monsterplanId);
    if (!firstDays) {
      firstDays = weeksFirstDays(await planDays(db, approval.monsterplanId));
      firstDaysByPlan.set(approval.monsterplanId, firstDays);
    }
    for (const { week, index } of firstDays) {
      const releasedAt = dayReleasesAt(approval.approved_at, index);
      if (week < 2 || releasedAt > now || isTold.has(`${approval.user_id}:${approval.monsterplanId}:${week}`)) continue;
      if (await recordWeekRelease(db, { userId: approval.user_id, monsterplanId: approval.monsterplanId, monsterplanName: approval.name, week, releasedAt })) recorded += 1;
    }
  }
  return recorded;
}

/** Each week's first day's index among the plan's days. */
function weeksFirstDays(days: ReadonlyArray<{ week: number }>): Array<{ week: number; index: number }> {
  return days.flatMap((day, index) => (index === 0 || days[index - 1]!.week !== day.week ? [{ week: day.week, index }] : []));
}

/** Once: a second sweep (or another instance) that finds the row recorded changes nothing. */
async function recordWeekRelease(
  db: CatalogDb,
  release: { userId: string; monsterplanId: string; monsterplanName: string; week: number; releasedAt: Date },
): Promise<boolean> {
  return transaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('week_release')
      .values({ user_id: release.userId, monsterplan_id: release.monsterplanId, week: release.week, released_at: release.releasedAt })
      .onConflict((oc) => oc.doNothing())
      .returning('week')
      .executeTakeFirst();
    if (!inserted) return false;
    await recordEvent(trx, 'monsterplan.week-released', { ...release, releasedAt: release.releasedAt.toISOString() });
    return true;
  });
}

/** Runs the sweep every minute (the timer keeps no process alive); `stop` waits for a sweep under way. */
export function sweepWeekReleasesEveryMinute({ db, logger }: ServiceContext<CatalogTables>): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = sweepWeekReleases(db).catch((error: unknown) => logger.warn({ err: error }, 'the week-release sweep failed'));
  }, weekReleaseSweepMs).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
