// The refund ledger's earning rules, without HTTP: a passed exam earns the plan's exam refund once; a
// read-aloud recording within 24 hours of its day's assignment, by a learner approved for the plan,
// earns the read-aloud refund once; anything else earns nothing, and a repeated event nothing twice.
import { randomUUID } from 'node:crypto';
import type { catalog } from '@learning/contracts';
import { startCatalogFixture, type CatalogFixture, type Learner } from '@learning/testing/catalog';
import { applyAloudRecorded } from '../src/aloud-recordings.js';
import { aloudEarnsRefund, applyExamCompleted, examEarnsRefund, isOnTime } from '../src/refunds.js';
import { amount, at, eventOf, examResult, ledger } from './refunds-fixture.js';

let fixture: CatalogFixture;
let the: ReturnType<typeof ledger>;
let plan: catalog.Monsterplan;
beforeAll(async () => {
  fixture = await startCatalogFixture();
  the = ledger(fixture);
  plan = await fixture.createMonsterplan();
});
afterAll(() => fixture?.close());

const assignedAt = new Date('2026-12-08T02:00:00.000Z');

describe('the rules', () => {
  it('a recording is on time from the assignment to 24 hours after it, both included', () => {
    expect(isOnTime(assignedAt, assignedAt)).toBe(true);
    expect(isOnTime(assignedAt, at(assignedAt, 23.9))).toBe(true);
    expect(isOnTime(assignedAt, at(assignedAt, 24))).toBe(true);
    expect(isOnTime(assignedAt, new Date(at(assignedAt, 24).getTime() + 1))).toBe(false);
    expect(isOnTime(assignedAt, new Date(assignedAt.getTime() - 1))).toBe(false);
    expect(isOnTime(null, assignedAt)).toBe(false);
  });

  it('a recording earns only for a learner approved for the plan, on time', () => {
    expect(aloudEarnsRefund({ isApproved: true, assignedAt, recordedAt: at(assignedAt, 1) })).toBe(true);
    expect(aloudEarnsRefund({ isApproved: false, assignedAt, recordedAt: at(assignedAt, 1) })).toBe(false);
    expect(aloudEarnsRefund({ isApproved: true, assignedAt, recordedAt: at(assignedAt, 25) })).toBe(false);
    expect(aloudEarnsRefund({ isApproved: true, assignedAt: null, recordedAt: at(assignedAt, 1) })).toBe(false);
  });

  it('a passed exam earns, a failed one does not', () => {
    expect(examEarnsRefund({ passed: true })).toBe(true);
    expect(examEarnsRefund({ passed: false })).toBe(false);
  });
});

describe('the exam refund', () => {
  const examCompleted = applyExamCompleted(amount);

  it('a passed exam (35 of 40) earns the exam refund with its result and the amount, and records refund.earned', async () => {
    const learner = await fixture.approvedForMonsterplan(plan._id);
    await the.apply(examCompleted, eventOf('exam.completed', examResult(learner, plan._id, 35)));
    const [refund] = await the.refundsOf(learner);
    expect(refund).toMatchObject({ kind: 'exam', monsterplan_id: plan._id, amount, correct_questions: 35, total_questions: 40, paid_at: null, aloud_id: null });
    expect(await the.recorded('refund.earned', learner)).toEqual([
      { refundId: refund!.id, userId: learner.id, monsterplanId: plan._id, monsterplanName: plan.name, kind: 'exam', amount },
    ]);
  });

  it('a failed exam (34 of 40) earns nothing', async () => {
    const learner = await fixture.approvedForMonsterplan(plan._id);
    await the.apply(examCompleted, eventOf('exam.completed', examResult(learner, plan._id, 34)));
    expect(await the.refundsOf(learner)).toEqual([]);
    expect(await the.recorded('refund.earned', learner)).toEqual([]);
  });

  it('a repeated event, redelivered or sent again, earns nothing twice', async () => {
    const learner = await fixture.approvedForMonsterplan(plan._id);
    const event = eventOf('exam.completed', examResult(learner, plan._id, 40));
    await the.apply(examCompleted, event);
    await the.apply(examCompleted, event);
    await the.apply(examCompleted, eventOf('exam.completed', examResult(learner, plan._id, 38)));
    const refunds = await the.refundsOf(learner);
    expect(refunds.map((refund) => [refund.kind, refund.correct_questions])).toEqual([['exam', 40]]);
    expect(await the.recorded('refund.earned', learner)).toHaveLength(1);
  });
});

describe('the read-aloud refund', () => {
  const aloudRecorded = applyAloudRecorded(amount);
  const recording = (learner: Learner, recordedAt: Date, day = { week: 1, dayOfWeek: 1 }, monsterplanId = plan._id) =>
    eventOf('aloud.recorded', { aloudId: randomUUID(), userId: learner.id, monsterplanId, ...day, recordedAt: recordedAt.toISOString() });

  it('the first recording within 24 hours of the day’s assignment earns it once, with the recording; later ones earn nothing more', async () => {
    const learner = await fixture.approvedForMonsterplan(plan._id);
    await the.assignDay(learner, plan._id, 1, 1, assignedAt);
    await the.assignDay(learner, plan._id, 1, 2, at(assignedAt, 24));
    const first = recording(learner, at(assignedAt, 23));
    await the.apply(aloudRecorded, first);
    await the.apply(aloudRecorded, first);
    await the.apply(aloudRecorded, recording(learner, at(assignedAt, 23.5)));
    await the.apply(aloudRecorded, recording(learner, at(assignedAt, 25), { week: 1, dayOfWeek: 2 }));
    const refunds = await the.refundsOf(learner);
    expect(refunds).toEqual([expect.objectContaining({ kind: 'aloud', amount, aloud_id: first.data.aloudId, earned_at: at(assignedAt, 23) })]);
    expect(await the.recorded('refund.earned', learner)).toEqual([
      { refundId: refunds[0]!.id, userId: learner.id, monsterplanId: plan._id, monsterplanName: plan.name, kind: 'aloud', amount },
    ]);
    // Every recording is kept, on time or not (the administrator's table shows them).
    expect(await the.db.selectFrom('aloud_recording').select('aloud_id').where('user_id', '=', learner.id).execute()).toHaveLength(3);
  });

  it.each([
    ['late (24 hours and a second after)', (learner: Learner) => recording(learner, new Date(at(assignedAt, 24).getTime() + 1000))],
    ['before the assignment', (learner: Learner) => recording(learner, at(assignedAt, -1))],
    ['for a day never assigned', (learner: Learner) => recording(learner, at(assignedAt, 1), { week: 1, dayOfWeek: 3 })],
    ['for another plan', (learner: Learner) => recording(learner, at(assignedAt, 1), { week: 1, dayOfWeek: 1 }, randomUUID())],
  ])('a recording %s earns nothing', async (_case, recordingOf) => {
    const learner = await fixture.approvedForMonsterplan(plan._id);
    await the.assignDay(learner, plan._id, 1, 1, assignedAt);
    await the.apply(aloudRecorded, recordingOf(learner));
    expect(await the.refundsOf(learner)).toEqual([]);
    expect(await the.recorded('refund.earned', learner)).toEqual([]);
  });

  it('a recording without a plan day is kept and earns nothing', async () => {
    const learner = await fixture.approvedForMonsterplan(plan._id);
    const event = eventOf('aloud.recorded', { aloudId: randomUUID(), userId: learner.id, monsterplanId: null, week: null, dayOfWeek: null, recordedAt: new Date().toISOString() });
    await the.apply(aloudRecorded, event);
    expect(await the.db.selectFrom('aloud_recording').select(['monsterplan_id', 'week']).where('aloud_id', '=', event.data.aloudId).execute()).toEqual([{ monsterplan_id: null, week: null }]);
    expect(await the.refundsOf(learner)).toEqual([]);
  });

  it('a learner not approved for the plan (pending) earns nothing, even on time', async () => {
    const learner = await fixture.learner();
    await fixture.requestMonsterplan(learner, plan._id);
    await the.assignDay(learner, plan._id, 1, 1, assignedAt);
    await the.apply(aloudRecorded, recording(learner, at(assignedAt, 1)));
    expect(await the.refundsOf(learner)).toEqual([]);
  });

  it('a plan released day by day: a recording within 24 hours of the day’s release earns, though the day was never opened', async () => {
    const daily = await fixture.createMonsterplan({ releaseDaily: true });
    const learner = await fixture.approvedForMonsterplan(daily._id);
    const [firstDay] = await the.db.selectFrom('monsterplan_video').select(['week', 'day_of_week']).where('monsterplan_id', '=', daily._id).orderBy('week').orderBy('day_of_week').execute();
    const approval = await the.db.selectFrom('access_request').select('approved_at').where('user_id', '=', learner.id).executeTakeFirstOrThrow();
    // Day 1 opens at 00:00 Ulaanbaatar (16:00 UTC the day before) of the approval date.
    const releasedAt = new Date(Date.parse(`${new Date(approval.approved_at!.getTime() + 8 * 3_600_000).toISOString().slice(0, 10)}T00:00:00+08:00`));
    await the.apply(aloudRecorded, recording(learner, at(releasedAt, 2), { week: firstDay!.week, dayOfWeek: firstDay!.day_of_week }, daily._id));
    expect(await the.refundsOf(learner)).toEqual([expect.objectContaining({ kind: 'aloud', monsterplan_id: daily._id })]);
    // The release moment is kept as the day's assignment, so the refund's day keeps it.
    const assignment = await the.db.selectFrom('day_assignment').select('assigned_at').where('user_id', '=', learner.id).executeTakeFirstOrThrow();
    expect(assignment.assigned_at).toEqual(releasedAt);
  });
});
