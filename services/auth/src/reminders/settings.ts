// The learner's reminder settings: the time of the daily reminder, in Ulaanbaatar's time, or none;
// and whether they are reminded before a read-aloud window closes.
import type { auth } from '@learning/contracts';
import type { Db } from '@learning/kit/data';
import type { AuthTables } from '../tables.js';

type AuthDb = Db<AuthTables>;

export async function reminderSettingsOf(db: AuthDb, userId: string): Promise<auth.ReminderSettings> {
  const row = await db.selectFrom('reminder_setting').select(['daily_at', 'aloud_window']).where('user_id', '=', userId).executeTakeFirst();
  return { dailyAt: row?.daily_at ?? null, aloudWindow: row?.aloud_window ?? false };
}

/** `aloudWindow` left out keeps the learner's choice. */
export async function changeReminderSettings(db: AuthDb, userId: string, settings: auth.ReminderSettingsBody): Promise<auth.ReminderSettings> {
  const changes = { daily_at: settings.dailyAt, ...(settings.aloudWindow === undefined ? {} : { aloud_window: settings.aloudWindow }) };
  await db
    .insertInto('reminder_setting')
    .values({ user_id: userId, ...changes })
    .onConflict((c) => c.column('user_id').doUpdateSet({ ...changes, updated_at: new Date() }))
    .execute();
  return reminderSettingsOf(db, userId);
}
