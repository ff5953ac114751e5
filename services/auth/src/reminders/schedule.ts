// When daily reminders fall due. Every REMINDER_CHECK_SECONDS each auth instance claims the daily reminders
// whose time has come today (Ulaanbaatar's clock) and that no instance claimed yet: a claim is a row
// of `reminder_claim` keyed by learner and day, so two instances, or one started again, claim each
// reminder once. The claim records `reminder.due` in its transaction; the consumer sends it
// (deliver.ts). A reminder whose time passed while no instance ran is sent when one runs again, the
// same day; the next day's is the next one. The same clock claims the read-aloud reminders
// (aloud-windows.ts).
import { centreClockOf, centreDayOf } from '@learning/contracts';
import { transaction, type Db } from '@learning/kit/data';
import { recordEvent } from '@learning/kit/events';
import type { Logger } from '@learning/kit/observability';
import { startRounds, type Rounds } from '@learning/kit/service';
import { sql } from 'kysely';
import type { AuthTables } from '../tables.js';
import { claimAloudReminders, forgetOldAloudWindows } from './aloud-windows.js';

type AuthDb = Db<AuthTables>;

/** Claims what is due at `now`; answers the learners claimed. */
export async function claimDueReminders(db: AuthDb, now: Date): Promise<string[]> {
  const day = centreDayOf(now);
  const time = centreClockOf(now).slice(11);
  const slot = `daily:${day}`;
  return transaction(db, async (trx) => {
    const { rows } = await sql<{ user_id: string }>`
      INSERT INTO reminder_claim (user_id, slot)
      SELECT s.user_id, ${slot} FROM reminder_setting s
      WHERE s.daily_at IS NOT NULL AND s.daily_at <= ${time}
      ON CONFLICT DO NOTHING
      RETURNING user_id`.execute(trx);
    for (const { user_id: userId } of rows) await recordEvent(trx, 'reminder.due', { userId, kind: 'daily', day });
    return rows.map((row) => row.user_id);
  });
}

/** Claims of days long past are of no more use: a week of them is kept. */
export async function forgetOldClaims(db: AuthDb, now: Date): Promise<void> {
  await db.deleteFrom('reminder_claim').where('claimed_at', '<', new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000)).execute();
}

/** Claims the due reminders, daily and read-aloud, now and every `intervalMs`; a failed round is logged and tried again at the next. */
export function startReminderClock(db: AuthDb, intervalMs: number, logger: Logger, now = () => new Date()): Rounds {
  return startRounds(async () => {
    try {
      await claimDueReminders(db, now());
      await claimAloudReminders(db, now());
      await forgetOldClaims(db, now());
      await forgetOldAloudWindows(db, now());
    } catch (error) {
      logger.warn({ err: error }, 'the due reminders could not be claimed; trying again');
    }
  }, intervalMs);
}
