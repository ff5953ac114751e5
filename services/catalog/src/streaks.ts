// The listening streak, a daily habit's count: the seconds a learner newly heard are added to the
// centre's day (Asia/Ulaanbaatar) they were heard on, in the transaction of the report, and the streak
// is the run of days in a row that reached the goal (STREAK_MINUTES), up to today, or up to yesterday
// while today's goal is not met yet (the day is not over).
import { centreDayOf, type progress } from '@learning/contracts';
import { sql } from 'kysely';
import type { CatalogDb } from './tables.js';

/** A run longer than this is shown as this: a year of days is read at most. */
const longestCounted = 366;

export async function addToDay(trx: CatalogDb, userId: string, seconds: number, now: Date): Promise<void> {
  if (seconds <= 0) return;
  await trx
    .insertInto('listening_day')
    .values({ user_id: userId, day: centreDayOf(now), seconds })
    .onConflict((c) => c.columns(['user_id', 'day']).doUpdateSet({ seconds: sql<number>`listening_day.seconds + excluded.seconds` }))
    .execute();
}

export async function streakOf(db: CatalogDb, userId: string, goalMinutes: number, now: Date): Promise<progress.ListeningStreak> {
  const today = centreDayOf(now);
  const rows = await db
    .selectFrom('listening_day')
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'seconds'])
    .where('user_id', '=', userId)
    .where('day', '<=', today)
    .orderBy('day', 'desc')
    .limit(longestCounted + 1)
    .execute();
  const goalSeconds = goalMinutes * 60;
  const todaySeconds = rows[0]?.day === today ? rows[0].seconds : 0;
  const metOn = new Set(rows.filter((row) => row.seconds >= goalSeconds).map((row) => row.day));
  let day = metOn.has(today) ? today : dayBefore(today);
  let days = 0;
  while (metOn.has(day) && days < longestCounted) {
    days += 1;
    day = dayBefore(day);
  }
  return { days, todayMinutes: Math.floor(todaySeconds / 60), goalMinutes };
}

function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}
