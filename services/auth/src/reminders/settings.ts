// The learner's reminder settings: the time of the daily reminder, in Ulaanbaatar's time, or none.
import type { auth } from '@learning/contracts';
import type { Db } from '@learning/kit/data';
import type { AuthTables } from '../tables.js';

type AuthDb = Db<AuthTables>;

export async function reminderSettingsOf(db: AuthDb, userId: string): Promise<auth.ReminderSettings> {
  const row = await db.selectFrom('reminder_setting').select('daily_at').where('user_id', '=', userId).executeTakeFirst();
  return { dailyAt: row?.daily_at ?? null };
}

export async function changeReminderSettings(db: AuthDb, userId: string, settings: auth.ReminderSettings): Promise<auth.ReminderSettings> {
  await db
    .insertInto('reminder_setting')
    .values({ user_id: userId, daily_at: settings.dailyAt })
    .onConflict((c) => c.column('user_id').doUpdateSet({ daily_at: settings.dailyAt, updated_at: new Date() }))
    .execute();
  return reminderSettingsOf(db, userId);
}
