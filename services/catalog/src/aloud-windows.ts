// The read-aloud window of a plan day: a recording made within 24 hours of the day's assignment earns
// the plan's read-aloud refund (refunds.ts), so each assignment that can still earn it is published as
// `aloud.window-opened`, which auth's read-aloud reminder is timed by. A day of a plan released daily is
// assigned at its release moment whether or not the learner opens it: a sweep, run every minute by the
// service and called directly by tests, records those assignments as their windows open.
import { transaction } from '@learning/kit/data';
import { recordEvent } from '@learning/kit/events';
import type { Logger } from '@learning/kit/observability';
import { startRounds, type Rounds } from '@learning/kit/service';
import { planDays, recordDayAssignment, releaseDailyApprovals } from './assignments.js';
import { aloudWindowMs } from './refunds.js';
import { dayReleasesAt, type PlanDay } from './release-calendar.js';
import type { CatalogDb } from './tables.js';

export const aloudWindowSweepMs = 60 * 1000;

/**
 * In the transaction that recorded the day's assignment: publishes the window, unless it has closed
 * already or the learner has earned the plan's read-aloud refund (it is paid once per plan).
 */
export async function openAloudWindow(trx: CatalogDb, userId: string, monsterplanId: string, day: PlanDay, assignedAt: Date, now: Date): Promise<boolean> {
  const closesAt = new Date(assignedAt.getTime() + aloudWindowMs);
  if (closesAt <= now) return false;
  const earned = await trx
    .selectFrom('refund')
    .select('id')
    .where('user_id', '=', userId)
    .where('monsterplan_id', '=', monsterplanId)
    .where('kind', '=', 'aloud')
    .executeTakeFirst();
  if (earned) return false;
  const plan = await trx.selectFrom('monsterplan').select('name').where('id', '=', monsterplanId).executeTakeFirst();
  if (!plan) return false;
  await recordEvent(trx, 'aloud.window-opened', {
    userId,
    monsterplanId,
    monsterplanName: plan.name,
    week: day.week,
    dayOfWeek: day.dayOfWeek,
    assignedAt: assignedAt.toISOString(),
    closesAt: closesAt.toISOString(),
  });
  return true;
}

/**
 * Records the assignment of each released day of a plan released daily whose window is open at
 * `now` and that no play recorded yet, and publishes its window; answers how many windows it opened.
 */
export async function sweepAloudWindows(db: CatalogDb, now: Date = new Date()): Promise<number> {
  const approvals = await releaseDailyApprovals(db);
  if (approvals.length === 0) return 0;
  // Days assigned within the last 24 hours are opened already (by a play, or by an earlier sweep).
  const recent = await db
    .selectFrom('day_assignment')
    .select(['user_id', 'monsterplan_id', 'week', 'day_of_week'])
    .where('monsterplan_id', 'in', [...new Set(approvals.map((approval) => approval.monsterplanId))])
    .where('assigned_at', '>', new Date(now.getTime() - aloudWindowMs))
    .execute();
  const isOpened = new Set(recent.map((row) => `${row.user_id}:${row.monsterplan_id}:${row.week}:${row.day_of_week}`));
  const daysByPlan = new Map<string, PlanDay[]>();
  let opened = 0;
  for (const approval of approvals) {
    let days = daysByPlan.get(approval.monsterplanId);
    if (!days) {
      days = await planDays(db, approval.monsterplanId);
      daysByPlan.set(approval.monsterplanId, days);
    }
    for (const [index, day] of days.entries()) {
      const releasedAt = dayReleasesAt(approval.approved_at, index);
      if (releasedAt > now || releasedAt.getTime() + aloudWindowMs <= now.getTime()) continue;
      if (isOpened.has(`${approval.user_id}:${approval.monsterplanId}:${day.week}:${day.dayOfWeek}`)) continue;
      const isWindowOpened = await transaction(db, async (trx) => {
        if (!(await recordDayAssignment(trx, approval.user_id, approval.monsterplanId, day, releasedAt))) return false;
        return openAloudWindow(trx, approval.user_id, approval.monsterplanId, day, releasedAt, now);
      });
      if (isWindowOpened) opened += 1;
    }
  }
  return opened;
}

/** Runs the sweep now and every minute; a failed sweep is logged and tried again at the next. */
export function sweepAloudWindowsEveryMinute(db: CatalogDb, logger: Logger): Rounds {
  return startRounds(async () => {
    try {
      await sweepAloudWindows(db);
    } catch (error) {
      logger.warn({ err: error }, 'the read-aloud window sweep failed; trying again');
    }
  }, aloudWindowSweepMs);
}
