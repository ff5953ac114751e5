// The assignment clock and the daily release, without HTTP: the domain called with a clock
// the test sets, on the mode's database. A day is assigned on its first play; a releaseDaily plan's day
// is its release moment, locked before it; an administrator previewing is never locked and assigns nothing.
import { randomUUID } from 'node:crypto';
import { createMediaSigner } from '../src/media-urls.js';
import { dayAssignedAt } from '../src/assignments.js';
import { playMonsterplanVideo } from '../src/monsterplans.js';
import { planProgress } from '../src/progress.js';
import type { CatalogDb } from '../src/tables.js';
import { sweepWeekReleases } from '../src/week-releases.js';
import { sweepAloudWindows } from '../src/aloud-windows.js';
import { mediaSigningSecret, startCatalogFixture, type CatalogFixture, type Learner } from '@learning/testing/catalog';
import { eventually, expectStatus } from '@learning/testing';
import { planOfDays, recordedEvents } from './listening-fixture.js';

let fixture: CatalogFixture;
let db: CatalogDb;
const signer = createMediaSigner(mediaSigningSecret, 3600);

beforeAll(async () => {
  fixture = await startCatalogFixture();
  db = fixture.platform.services.catalog.context.db;
});
afterAll(() => fixture?.close());

const learnerOf = (learner: Learner) => ({ id: learner.id, isAdmin: false, tokenId: 'test', expiresAt: new Date(Date.now() + 3600_000) });
const administrator = { id: '00000000-0000-4000-8000-000000000000', isAdmin: true, tokenId: 'test', expiresAt: new Date(Date.now() + 3600_000) };

/** A plan of `days` one-video days (seven a week), and a learner approved for it at `approvedAt`. */
async function anApprovedLearner(days: number, { releaseDaily = false, approvedAt = new Date('2026-12-08T15:30:00Z') } = {}) {
  const { plan, videos } = await planOfDays(fixture, Array.from({ length: days }, () => [60]));
  if (releaseDaily) {
    expectStatus(await fixture.call('PUT', `/v1/monsterplans/${plan._id}`, { token: fixture.admin, body: { name: plan.name, price: plan.price, videos: plan.videos, releaseDaily: true } }), 200, 'releasing daily');
  }
  const learner = await fixture.approvedForMonsterplan(plan._id);
  await db.updateTable('access_request').set({ approved_at: approvedAt }).where('user_id', '=', learner.id).where('monsterplan_id', '=', plan._id).execute();
  const play = (day: number, now: Date, viewer = learnerOf(learner)) => playMonsterplanVideo(db, signer, plan._id, videos[day]![0]!, viewer, now);
  return { plan, learner, play };
}

describe('a plan day is assigned when the learner first opens it', () => {
  it('records the first play\'s moment once: a later play keeps it', async () => {
    const { plan, learner, play } = await anApprovedLearner(3);
    expect(await dayAssignedAt(db, learner.id, plan._id, 1, 2)).toBeNull();
    await play(1, new Date('2026-12-10T03:00:00Z'));
    await play(1, new Date('2026-12-11T03:00:00Z'));
    expect(await dayAssignedAt(db, learner.id, plan._id, 1, 2)).toEqual(new Date('2026-12-10T03:00:00Z'));
    expect(await dayAssignedAt(db, learner.id, plan._id, 1, 1)).toBeNull();
    const progress = await planProgress(db, learner.id, plan._id, new Date('2026-12-11T04:00:00Z'));
    expect(progress.days).toEqual([
      { week: 1, dayOfWeek: 1, status: 'not-started', assignedAt: null, releasesAt: null, isReleased: true },
      { week: 1, dayOfWeek: 2, status: 'not-started', assignedAt: '2026-12-10T03:00:00.000Z', releasesAt: null, isReleased: true },
      { week: 1, dayOfWeek: 3, status: 'not-started', assignedAt: null, releasesAt: null, isReleased: true },
    ]);
  });

  it('an administrator previewing plays any day and assigns nothing', async () => {
    const { plan, learner, play } = await anApprovedLearner(2, { releaseDaily: true });
    const early = new Date('2026-12-08T16:00:00Z');
    await expect(play(1, early, administrator)).resolves.toMatchObject({ url: expect.any(String) });
    expect(await db.selectFrom('day_assignment').select('user_id').where('monsterplan_id', '=', plan._id).execute()).toEqual([]);
    expect(await dayAssignedAt(db, learner.id, plan._id, 1, 1, early)).toEqual(new Date('2026-12-07T16:00:00Z'));
  });
});

describe('a plan released one day a day from the approval date, at 00:00 Ulaanbaatar', () => {
  it('locks a day not yet released with 403 and its date; once released, its assignment is the release moment', async () => {
    // Approved 2026-12-08 23:30 in Ulaanbaatar: day 1 opened at 2026-12-08 00:00 there, day 2 at 2026-12-09 00:00.
    const { plan, learner, play } = await anApprovedLearner(3, { releaseDaily: true });
    const beforeDay2 = new Date('2026-12-08T15:59:00Z');
    await expect(play(1, beforeDay2)).rejects.toMatchObject({
      status: 403,
      code: 'day_not_released',
      message: 'Энэ өдрийн хичээл 2026-12-09 00:00 цагт нээгдэнэ.',
    });
    expect(await dayAssignedAt(db, learner.id, plan._id, 1, 2, beforeDay2)).toBeNull();

    await play(0, new Date('2026-12-08T15:45:00Z'));
    expect(await dayAssignedAt(db, learner.id, plan._id, 1, 1)).toEqual(new Date('2026-12-07T16:00:00Z'));
    // Released but never opened: the release moment is its assignment all the same.
    expect(await dayAssignedAt(db, learner.id, plan._id, 1, 2, new Date('2026-12-09T00:00:00Z'))).toEqual(new Date('2026-12-08T16:00:00Z'));
    await play(1, new Date('2026-12-09T10:00:00Z'));
    expect(await dayAssignedAt(db, learner.id, plan._id, 1, 2)).toEqual(new Date('2026-12-08T16:00:00Z'));

    const progress = await planProgress(db, learner.id, plan._id, new Date('2026-12-09T10:00:00Z'));
    expect(progress.days.map(({ assignedAt, releasesAt, isReleased }) => ({ assignedAt, releasesAt, isReleased }))).toEqual([
      { assignedAt: '2026-12-07T16:00:00.000Z', releasesAt: '2026-12-07T16:00:00.000Z', isReleased: true },
      { assignedAt: '2026-12-08T16:00:00.000Z', releasesAt: '2026-12-08T16:00:00.000Z', isReleased: true },
      { assignedAt: null, releasesAt: '2026-12-09T16:00:00.000Z', isReleased: false },
    ]);
  });

  it('through the gateway: a locked day is 403 day_not_released in Mongolian, an administrator is never locked', async () => {
    const { plan, learner } = await anApprovedLearner(3, { releaseDaily: true, approvedAt: new Date() });
    const lastVideo = plan.videos[2]!;
    const refused = await fixture.call('GET', `/v1/monsterplans/${plan._id}/play/${lastVideo}`, { token: learner.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'day_not_released', message: expect.stringMatching(/^Энэ өдрийн хичээл \d{4}-\d{2}-\d{2} 00:00 цагт нээгдэнэ\.$/) });
    expectStatus(await fixture.call('GET', `/v1/monsterplans/${plan._id}/play/${lastVideo}`, { token: fixture.admin }), 200, 'an administrator previewing');
    expectStatus(await fixture.call('GET', `/v1/monsterplans/${plan._id}/play/${plan.videos[0]}`, { token: learner.token }), 200, 'the first day');
  });

  it('the sweep tells each approved learner once of every week after the first whose first day is released', async () => {
    // Nine days: week 1 days 1–7, week 2 days 1–2; week 2's first day is the eighth, released 7 days after day 1.
    // Years ahead: the service's own sweep, each minute on the real clock, must not release week 2 first.
    const { plan, learner } = await anApprovedLearner(9, { releaseDaily: true, approvedAt: new Date('2036-12-08T15:30:00Z') });
    const week2 = new Date('2036-12-14T16:00:00Z');
    await sweepWeekReleases(db, new Date(week2.getTime() - 1000));
    expect(await recordedEvents(fixture, 'monsterplan.week-released', learner.id)).toEqual([]);
    await sweepWeekReleases(db, week2);
    await sweepWeekReleases(db, new Date('2036-12-20T00:00:00Z'));
    expect(await recordedEvents(fixture, 'monsterplan.week-released', learner.id)).toEqual([
      { userId: learner.id, monsterplanId: plan._id, monsterplanName: plan.name, week: 2, releasedAt: '2036-12-14T16:00:00.000Z' },
    ]);
  });

  it('the sweep tells nothing of a plan that is not released daily', async () => {
    const { learner } = await anApprovedLearner(9);
    await sweepWeekReleases(db, new Date('2027-01-30T00:00:00Z'));
    expect(await recordedEvents(fixture, 'monsterplan.week-released', learner.id)).toEqual([]);
  });
});

describe("a plan day's read-aloud window is published when the day is assigned", () => {
  const windowsOf = (learner: Learner) => recordedEvents(fixture, 'aloud.window-opened', learner.id);

  it('the first play publishes the window, 24 hours from the assignment; a later play publishes nothing', async () => {
    const { plan, learner, play } = await anApprovedLearner(3);
    await play(1, new Date('2036-12-10T03:00:00Z'));
    await play(1, new Date('2036-12-10T05:00:00Z'));
    expect(await windowsOf(learner)).toEqual([
      {
        userId: learner.id,
        monsterplanId: plan._id,
        monsterplanName: plan.name,
        week: 1,
        dayOfWeek: 2,
        assignedAt: '2036-12-10T03:00:00.000Z',
        closesAt: '2036-12-11T03:00:00.000Z',
      },
    ]);
  });

  it("publishes nothing once the learner earned the plan's read-aloud refund: it is paid once per plan", async () => {
    const { plan, learner } = await anApprovedLearner(3);
    const playNow = (day: number) => fixture.call('GET', `/v1/monsterplans/${plan._id}/play/${plan.videos[day]}`, { token: learner.token });
    expectStatus(await playNow(0), 200, 'day 1');
    await fixture.publish('aloud.recorded', {
      aloudId: randomUUID(),
      userId: learner.id,
      monsterplanId: plan._id,
      week: 1,
      dayOfWeek: 1,
      recordedAt: new Date().toISOString(),
    });
    await eventually(() => db.selectFrom('refund').select('id').where('user_id', '=', learner.id).where('kind', '=', 'aloud').executeTakeFirst(), 'the refund earned');
    expectStatus(await playNow(1), 200, 'day 2');
    expect((await windowsOf(learner)).map((window) => window.dayOfWeek)).toEqual([1]);
  });

  it("a plan released daily: the sweep opens each day's window at its release moment, unplayed, once; a day opened after its window closed publishes nothing", async () => {
    // Years ahead: the service's own sweep, each minute on the real clock, must not open them first.
    const { plan, learner, play } = await anApprovedLearner(3, { releaseDaily: true, approvedAt: new Date('2036-12-08T15:30:00Z') });
    // Day 1 opened at 2036-12-07 16:00 UTC (00:00 in Ulaanbaatar), day 2 a day later.
    expect(await sweepAloudWindows(db, new Date('2036-12-07T15:59:00Z'))).toBe(0);
    await sweepAloudWindows(db, new Date('2036-12-07T16:00:00Z'));
    await sweepAloudWindows(db, new Date('2036-12-07T17:00:00Z'));
    await play(0, new Date('2036-12-07T18:00:00Z'));
    expect(await windowsOf(learner)).toEqual([
      expect.objectContaining({ monsterplanId: plan._id, week: 1, dayOfWeek: 1, assignedAt: '2036-12-07T16:00:00.000Z', closesAt: '2036-12-08T16:00:00.000Z' }),
    ]);
    // Day 2 released at 2036-12-08 16:00 UTC, first played 25 hours later, with no sweep between.
    await play(1, new Date('2036-12-09T17:00:00Z'));
    expect(await dayAssignedAt(db, learner.id, plan._id, 1, 2)).toEqual(new Date('2036-12-08T16:00:00Z'));
    expect((await windowsOf(learner)).map((window) => window.dayOfWeek)).toEqual([1]);
  });
});
