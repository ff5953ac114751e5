// The listening streak, on a clock the test moves: the centre's days (Asia/Ulaanbaatar) in a row on
// which the learner newly heard at least STREAK_MINUTES (10 by default), up to today, or up to
// yesterday while today's minutes are not done; replaying what was heard adds nothing.
import { expectStatus } from '@learning/testing';
import { startCatalogFixture, type CatalogFixture } from '@learning/testing/catalog';
import { reportListening } from '../src/listening.js';
import { streakOf } from '../src/streaks.js';
import type { CatalogDb } from '../src/tables.js';
import { planOfDays } from './listening-fixture.js';

let fixture: CatalogFixture;
let db: CatalogDb;

beforeAll(async () => {
  fixture = await startCatalogFixture();
  db = fixture.platform.services.catalog.context.db;
});
afterAll(() => fixture?.close());

/** 17:00 in Ulaanbaatar (09:00 UTC) on the centre's day `day` of December 2026. */
const afternoonOf = (day: number) => new Date(`2026-12-${String(day).padStart(2, '0')}T09:00:00.000Z`);
const plus = (moment: Date, seconds: number) => new Date(moment.getTime() + seconds * 1000);

async function aListener() {
  const { plan, videos } = await planOfDays(fixture, [[3600], [3600], [3600], [3600], [3600]]);
  const learner = await fixture.approvedForMonsterplan(plan._id);
  /** 11¼ minutes of the day's video heard from `at` at normal speed, reported every 15 s as the player does. */
  const listenEleven = async (dayIndex: number, at: Date) => {
    const video = videos[dayIndex]![0]!;
    for (let report = 1; report <= 45; report += 1) {
      await reportListening(db, learner.id, video, { monsterplan: plan._id, ranges: [[0, 15 * report]], position: 15 * report }, plus(at, 15 * report));
    }
  };
  return { plan, videos, learner, listenEleven, streakAt: (at: Date) => streakOf(db, learner.id, 10, at) };
}

it('counts the days in a row with ten new minutes, and keeps yesterday’s run while today is under way', async () => {
  const { listenEleven, streakAt } = await aListener();
  expect(await streakAt(afternoonOf(1))).toEqual({ days: 0, todayMinutes: 0, goalMinutes: 10 });
  await listenEleven(0, afternoonOf(1));
  expect(await streakAt(plus(afternoonOf(1), 700))).toEqual({ days: 1, todayMinutes: 11, goalMinutes: 10 });
  await listenEleven(1, afternoonOf(2));
  expect(await streakAt(plus(afternoonOf(2), 700))).toEqual({ days: 2, todayMinutes: 11, goalMinutes: 10 });
  // The next morning: today's minutes are not done yet, and the run so far still stands.
  expect(await streakAt(new Date('2026-12-03T01:00:00.000Z'))).toEqual({ days: 2, todayMinutes: 0, goalMinutes: 10 });
  // A day missed ends it.
  expect(await streakAt(afternoonOf(4))).toEqual({ days: 0, todayMinutes: 0, goalMinutes: 10 });
  await listenEleven(2, afternoonOf(4));
  expect(await streakAt(plus(afternoonOf(4), 700))).toEqual({ days: 1, todayMinutes: 11, goalMinutes: 10 });
});

it('counts only what is newly heard, on the centre’s day it was heard (Ulaanbaatar, UTC+8)', async () => {
  const { plan, videos, learner, listenEleven, streakAt } = await aListener();
  // 16:30 UTC on the 9th is 00:30 on the 10th in Ulaanbaatar.
  const afterMidnight = new Date('2026-12-09T16:30:00.000Z');
  await listenEleven(0, afterMidnight);
  expect(await streakAt(new Date('2026-12-10T09:00:00.000Z'))).toMatchObject({ days: 1, todayMinutes: 11 });
  expect(await streakAt(new Date('2026-12-09T15:00:00.000Z'))).toMatchObject({ days: 0, todayMinutes: 0 });
  // The same part heard again the next day adds nothing.
  const video = videos[0]![0]!;
  await reportListening(db, learner.id, video, { monsterplan: plan._id, ranges: [[0, 675]], position: 675 }, new Date('2026-12-11T09:00:00.000Z'));
  expect(await streakAt(new Date('2026-12-11T09:10:00.000Z'))).toMatchObject({ days: 1, todayMinutes: 0 });
});

it('shows in GET /v1/progress/mine, the learner’s own and to an administrator', async () => {
  const { listenEleven, learner } = await aListener();
  await listenEleven(0, plus(new Date(), -700));
  const mine = expectStatus(await fixture.call('GET', '/v1/progress/mine', { token: learner.token }), 200, '/mine');
  // The minutes fall on one day unless the test runs at Ulaanbaatar's midnight: the same answer as the domain's either way.
  expect(mine.streak).toEqual(await streakOf(db, learner.id, 10, new Date()));
  expect(mine.streak.days + mine.streak.todayMinutes).toBeGreaterThan(0);
  const theirs = expectStatus(await fixture.call('GET', `/v1/progress/users/${learner.id}`, { token: fixture.admin }), 200, 'the learner’s');
  expect(theirs.streak).toEqual(mine.streak);
  const nobody = expectStatus(await fixture.call('GET', '/v1/progress/users/not-an-id', { token: fixture.admin }), 200, 'nobody');
  expect(nobody.streak).toEqual({ days: 0, todayMinutes: 0, goalMinutes: 10 });
});
