// The read-aloud reminder: the catalog publishes each plan day's read-aloud window as it opens
// (`aloud.window-opened`: a recording within 24 hours of the day's assignment earns the plan's
// read-aloud refund), media each recording (`aloud.recorded`), the catalog each refund earned. Every
// REMINDER_CHECK_SECONDS each auth instance claims the windows that close within 3 hours, of learners
// who opted in, not recorded since the window opened and not yet paid the plan's read-aloud refund: a
// claim is a row of `reminder_claim` keyed by learner and plan day, so a window is reminded of once
// whichever instance claims it, and not at all once it has closed.
import { sql } from 'kysely';
import { transaction, type Db } from '@learning/kit/data';
import { recordEvent, type EventOf } from '@learning/kit/events';
import type { AuthTables } from '../tables.js';

type AuthDb = Db<AuthTables>;

/** How long before a window closes its reminder falls due. */
export const aloudReminderBeforeMs = 3 * 60 * 60 * 1000;

/** `aloud.window-opened`: kept for a learner with an account, with any recording of the day already known. */
export async function applyAloudWindowOpened(trx: AuthDb, event: EventOf<'aloud.window-opened'>): Promise<void> {
  const { userId, monsterplanId, monsterplanName, week, dayOfWeek, assignedAt, closesAt } = event.data;
  await sql`
    INSERT INTO aloud_window (user_id, monsterplan_id, week, day_of_week, monsterplan_name, assigned_at, closes_at)
    SELECT id, ${monsterplanId}, ${week}, ${dayOfWeek}, ${monsterplanName}, ${new Date(assignedAt)}, ${new Date(closesAt)} FROM account WHERE id::text = ${userId}
    ON CONFLICT (user_id, monsterplan_id, week, day_of_week)
    DO UPDATE SET monsterplan_name = excluded.monsterplan_name, assigned_at = excluded.assigned_at, closes_at = excluded.closes_at`.execute(trx);
}

/** `aloud.recorded` for a plan day: the day's latest recording, kept whether or not its window is known yet. */
export async function applyAloudRecorded(trx: AuthDb, event: EventOf<'aloud.recorded'>): Promise<void> {
  const { userId, monsterplanId, week, dayOfWeek, recordedAt } = event.data;
  if (monsterplanId === null || week === null || dayOfWeek === null) return;
  await sql`
    INSERT INTO aloud_window (user_id, monsterplan_id, week, day_of_week, recorded_at)
    SELECT id, ${monsterplanId}, ${week}, ${dayOfWeek}, ${new Date(recordedAt)} FROM account WHERE id::text = ${userId}
    ON CONFLICT (user_id, monsterplan_id, week, day_of_week)
    DO UPDATE SET recorded_at = GREATEST(aloud_window.recorded_at, excluded.recorded_at)`.execute(trx);
}

/** `refund.earned` of a read-aloud: the plan's refund is paid once, so none of its windows needs a reminder. */
export async function applyAloudRefundEarned(trx: AuthDb, event: EventOf<'refund.earned'>): Promise<void> {
  const { userId, monsterplanId, kind } = event.data;
  if (kind !== 'aloud') return;
  await sql`
    INSERT INTO aloud_refund_earned (user_id, monsterplan_id)
    SELECT id, ${monsterplanId} FROM account WHERE id::text = ${userId}
    ON CONFLICT DO NOTHING`.execute(trx);
}

export interface AloudReminder {
  userId: string;
  monsterplanId: string;
  week: number;
  dayOfWeek: number;
}

/** Claims the read-aloud reminders due at `now` and records `reminder.due` for each; answers them. */
export async function claimAloudReminders(db: AuthDb, now: Date): Promise<AloudReminder[]> {
  const dueFrom = new Date(now.getTime() + aloudReminderBeforeMs);
  return transaction(db, async (trx) => {
    const { rows } = await sql<{ user_id: string; monsterplan_id: string; week: number; day_of_week: number; monsterplan_name: string; closes_at: Date | string }>`
      WITH due AS (
        SELECT w.user_id, w.monsterplan_id, w.week, w.day_of_week, w.monsterplan_name, w.closes_at,
          'aloud:' || w.monsterplan_id || ':' || w.week || ':' || w.day_of_week AS slot
        FROM aloud_window w
        JOIN reminder_setting s ON s.user_id = w.user_id AND s.aloud_window
        WHERE w.closes_at IS NOT NULL AND w.closes_at <= ${dueFrom} AND w.closes_at > ${now}
          AND (w.recorded_at IS NULL OR w.recorded_at < w.assigned_at)
          AND NOT EXISTS (SELECT 1 FROM aloud_refund_earned e WHERE e.user_id = w.user_id AND e.monsterplan_id = w.monsterplan_id)
      ), claimed AS (
        INSERT INTO reminder_claim (user_id, slot) SELECT user_id, slot FROM due
        ON CONFLICT DO NOTHING
        RETURNING user_id, slot
      )
      SELECT due.user_id, due.monsterplan_id, due.week, due.day_of_week, due.monsterplan_name, due.closes_at
      FROM due JOIN claimed ON claimed.user_id = due.user_id AND claimed.slot = due.slot`.execute(trx);
    const reminders = rows.map((row) => ({ userId: row.user_id, monsterplanId: row.monsterplan_id, week: row.week, dayOfWeek: row.day_of_week }));
    for (const row of rows) {
      await recordEvent(trx, 'reminder.due', {
        userId: row.user_id,
        kind: 'aloud',
        monsterplanId: row.monsterplan_id,
        monsterplanName: row.monsterplan_name,
        week: row.week,
        dayOfWeek: row.day_of_week,
        closesAt: new Date(row.closes_at).toISOString(),
      });
    }
    return reminders;
  });
}

/** Windows closed a week ago are of no more use, nor recordings of days whose window never came. */
export async function forgetOldAloudWindows(db: AuthDb, now: Date): Promise<void> {
  const weekAgo = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  await db
    .deleteFrom('aloud_window')
    .where((eb) => eb.or([eb('closes_at', '<', weekAgo), eb.and([eb('closes_at', 'is', null), eb('recorded_at', '<', weekAgo)])]))
    .execute();
}
