// The read-aloud reminder: a learner opts in in /me/settings; a plan day they open has a 24-hour
// read-aloud window (published by the real catalog), and 3 hours before it closes the reminder falls
// due, once whatever the number of auth instances or restarts (claimed on a clock the test moves),
// unless the learner recorded the day or earned the plan's read-aloud refund. It goes by Web Push
// (the push service stand-in) and by mail (a real SMTP server on loopback).
import { randomUUID } from 'node:crypto';
import type { catalog } from '@learning/contracts';
import { kitTables, type AnyDb } from '@learning/kit/data';
import { eventually, expectStatus, startTestPlatform, type TestPlatform } from '@learning/testing';
import { catalogFixtureOn, type CatalogFixture, type Learner } from '@learning/testing/catalog';
import { startPushStandIn, trustStandIn, type PushStandIn } from '@learning/testing/push';
import { startSmtpServer, type TestSmtpServer } from '@learning/testing/smtp';
import webpush from 'web-push';
import { claimAloudReminders } from '../src/reminders/aloud-windows.js';

let platform: TestPlatform;
let fixture: CatalogFixture;
let push: PushStandIn;
let smtp: TestSmtpServer;
let distrust: (() => void) | undefined;
const publicUrl = 'https://learn.test.mn';

beforeAll(async () => {
  push = await startPushStandIn();
  distrust = trustStandIn(push);
  smtp = await startSmtpServer();
  // The clock's own rounds are an hour apart: the test claims on its own clock.
  platform = await startTestPlatform({
    env: {
      VAPID_PRIVATE_KEY: webpush.generateVAPIDKeys().privateKey,
      VAPID_SUBJECT: 'mailto:office@centre.mn',
      REMINDER_CHECK_SECONDS: '3600',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Төв <no-reply@test.mn>',
      PUBLIC_URL: publicUrl,
      CENTRE_NAME: 'Монстр Англи хэл',
      MAIL_RETRY_SECONDS: '0.2',
      SEED_DEMO: '0',
    },
  });
  fixture = await catalogFixtureOn(platform);
});
afterAll(async () => {
  await platform?.close();
  await smtp?.stop();
  await push?.close();
  distrust?.();
});

const db = () => platform.services.auth.context.db;
const hour = 60 * 60 * 1000;
const at = (moment: Date, offsetMs: number) => new Date(moment.getTime() + offsetMs);
const claimedFor = async (learner: Learner, now: Date) => (await claimAloudReminders(db(), now)).filter((reminder) => reminder.userId === learner.id);
const remindersOf = async (userId: string) =>
  (await kitTables(db() as AnyDb).selectFrom('outbox').select('data').where('type', '=', 'reminder.due').orderBy('position').execute())
    .map((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data))
    .filter((data: { userId: string; kind: string }) => data.userId === userId && data.kind === 'aloud');

/** Waits until auth has handled the event. */
async function deliver(type: 'aloud.recorded' | 'refund.earned', data: never, producer: string): Promise<void> {
  const event = { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), producer, data };
  await platform.services.catalog.context.bus.publish(event);
  await eventually(() => kitTables(db() as AnyDb).selectFrom('inbox').select('event_id').where('event_id', '=', event.id).executeTakeFirst(), `auth handled ${type}`);
}

/**
 * A learner approved for a plan of three days who plays day 2 (week 1) now, with the read-aloud
 * reminder on or off: answers when auth learnt the window closes.
 */
async function aLearnerWithAnOpenWindow({ isOptedIn = true } = {}): Promise<{ plan: catalog.Monsterplan; learner: Learner; closesAt: Date }> {
  const plan = await fixture.createMonsterplan({ name: `Monster ${randomUUID().slice(0, 6)}` });
  const learner = await fixture.approvedForMonsterplan(plan._id);
  expectStatus(await platform.call('PUT', '/v1/auth/reminders', { token: learner.token, body: { dailyAt: null, aloudWindow: isOptedIn } }), 200, 'the opt-in');
  expectStatus(await platform.call('GET', `/v1/monsterplans/${plan._id}/play/${plan.videos[1]}`, { token: learner.token }), 200, 'playing day 2');
  const window = await eventually(
    () => db().selectFrom('aloud_window').select(['closes_at', 'week', 'day_of_week']).where('user_id', '=', learner.id).where('closes_at', 'is not', null).executeTakeFirst(),
    'auth knows the window',
  );
  expect(window).toMatchObject({ week: 1, day_of_week: 2 });
  return { plan, learner, closesAt: new Date(window.closes_at!) };
}

describe('the settings', () => {
  it('keeps the read-aloud reminder beside the daily time; a PUT that leaves it out keeps it', async () => {
    const learner = await platform.learner();
    expect(expectStatus(await platform.call('GET', '/v1/auth/reminders', { token: learner.token }), 200, 'none yet')).toEqual({ dailyAt: null, aloudWindow: false });
    const on = await platform.call('PUT', '/v1/auth/reminders', { token: learner.token, body: { dailyAt: null, aloudWindow: true } });
    expect(expectStatus(on, 200, 'on')).toEqual({ dailyAt: null, aloudWindow: true });
    const timeOnly = await platform.call('PUT', '/v1/auth/reminders', { token: learner.token, body: { dailyAt: '07:30' } });
    expect(expectStatus(timeOnly, 200, 'the time alone')).toEqual({ dailyAt: '07:30', aloudWindow: true });
    const off = await platform.call('PUT', '/v1/auth/reminders', { token: learner.token, body: { dailyAt: '07:30', aloudWindow: false } });
    expect(expectStatus(off, 200, 'off')).toEqual({ dailyAt: '07:30', aloudWindow: false });
  });

  it.each([{ dailyAt: null, aloudWindow: 'yes' }, { dailyAt: null, aloudWindow: null }])('refuses %j with a Mongolian reason', async (body) => {
    const learner = await platform.learner();
    const answer = await platform.call('PUT', '/v1/auth/reminders', { token: learner.token, body });
    expect(answer).toMatchObject({ status: 400, body: { code: 'validation_failed', message: expect.stringContaining('Чанга уншлагын сануулгыг') } });
  });
});

describe('falling due', () => {
  it('is claimed in the 3 hours before the window closes, once whatever the number of instances or restarts', async () => {
    const { plan, learner, closesAt } = await aLearnerWithAnOpenWindow();
    expect(await claimedFor(learner, at(closesAt, -3 * hour - 60_000))).toEqual([]);
    // Two instances at the same moment: the reminder is claimed by one of them.
    const [first, second] = await Promise.all([claimedFor(learner, at(closesAt, -3 * hour)), claimedFor(learner, at(closesAt, -3 * hour))]);
    expect([...first, ...second]).toEqual([{ userId: learner.id, monsterplanId: plan._id, week: 1, dayOfWeek: 2 }]);
    // Later in the window, as after a restart: nothing again.
    expect(await claimedFor(learner, at(closesAt, -60_000))).toEqual([]);
    expect(await remindersOf(learner.id)).toEqual([
      { userId: learner.id, kind: 'aloud', monsterplanId: plan._id, monsterplanName: plan.name, week: 1, dayOfWeek: 2, closesAt: closesAt.toISOString() },
    ]);
  });

  it('comes when an instance runs again within the window if it fell due while none ran, and never once the window closed', async () => {
    const late = await aLearnerWithAnOpenWindow();
    expect(await claimedFor(late.learner, at(late.closesAt, -30 * 60_000))).toHaveLength(1);
    const closed = await aLearnerWithAnOpenWindow();
    expect(await claimedFor(closed.learner, closed.closesAt)).toEqual([]);
    expect(await claimedFor(closed.learner, at(closed.closesAt, hour))).toEqual([]);
    expect(await remindersOf(closed.learner.id)).toEqual([]);
  });

  it('is not claimed for a learner who did not opt in; opting in later counts', async () => {
    const { learner, closesAt } = await aLearnerWithAnOpenWindow({ isOptedIn: false });
    expect(await claimedFor(learner, at(closesAt, -2 * hour))).toEqual([]);
    expectStatus(await platform.call('PUT', '/v1/auth/reminders', { token: learner.token, body: { dailyAt: null, aloudWindow: true } }), 200, 'opting in');
    expect(await claimedFor(learner, at(closesAt, -hour))).toHaveLength(1);
  });

  it('is not claimed once the learner recorded the day; a recording of another day changes nothing', async () => {
    const { plan, learner, closesAt } = await aLearnerWithAnOpenWindow();
    const recording = (dayOfWeek: number) => ({ aloudId: randomUUID(), userId: learner.id, monsterplanId: plan._id, week: 1, dayOfWeek, recordedAt: new Date().toISOString() });
    await deliver('aloud.recorded', recording(3) as never, 'media');
    const other = await aLearnerWithAnOpenWindow();
    await deliver('aloud.recorded', { ...recording(2), userId: other.learner.id, monsterplanId: other.plan._id } as never, 'media');
    // One claim finds every learner's due window: both are asked at once.
    const now = at(closesAt, -2 * hour);
    expect(other.closesAt.getTime() - closesAt.getTime()).toBeLessThan(hour);
    const claimed = await claimAloudReminders(db(), now);
    expect(claimed.filter((reminder) => reminder.userId === learner.id)).toHaveLength(1);
    expect(claimed.filter((reminder) => reminder.userId === other.learner.id)).toEqual([]);
  });

  it("is not claimed once the learner earned the plan's read-aloud refund (paid once per plan)", async () => {
    const { plan, learner, closesAt } = await aLearnerWithAnOpenWindow();
    const refund = { refundId: randomUUID(), userId: learner.id, monsterplanId: plan._id, monsterplanName: plan.name, kind: 'aloud', amount: 10_000 };
    await deliver('refund.earned', refund as never, 'catalog');
    expect(await claimedFor(learner, at(closesAt, -2 * hour))).toEqual([]);
  });
});

describe('sending', () => {
  it('pushes the reminder naming the plan day to each device, and mails it while the topic is on', async () => {
    const { plan, learner, closesAt } = await aLearnerWithAnOpenWindow();
    const device = push.subscribe();
    expectStatus(await platform.call('PUT', '/v1/auth/push-subscriptions', { token: learner.token, body: device }), 204, 'a device');
    expect(await claimedFor(learner, at(closesAt, -2 * hour))).toHaveLength(1);

    const pushed = await eventually(() => push.received.find((message) => message.endpoint === device.endpoint), 'the device reminded');
    expect(JSON.parse(pushed.payload)).toEqual({
      title: 'Чанга уншлагын хугацаа дуусахад 3 цаг үлдлээ',
      body: expect.stringContaining(`«${plan.name}» хөтөлбөрийн 1-р долоо хоног, 2-р өдрийн чанга уншлагаа`),
      url: `/product-monster-plan/${plan._id}`,
    });
    expect(push.refused).toEqual([]);

    // The approval's notification came by mail first.
    const mail = (await smtp.waitForMails(learner.email, 2)).find((received) => received.subject.startsWith('Чанга'));
    expect(mail!.subject).toBe('Чанга уншлагын хугацаа дуусахад 3 цаг үлдлээ · Монстр Англи хэл');
    expect(mail!.text).toContain('1-р долоо хоног, 2-р өдрийн чанга уншлагаа');
    expect(mail!.links).toContain(`${publicUrl}/product-monster-plan/${plan._id}`);
  });

  it('sends no mail while the reminders topic is off', async () => {
    const { learner, closesAt } = await aLearnerWithAnOpenWindow();
    expectStatus(await platform.call('PUT', '/v1/auth/mail-preferences', { token: learner.token, body: { reminders: false } }), 200, 'topic off');
    const device = push.subscribe();
    expectStatus(await platform.call('PUT', '/v1/auth/push-subscriptions', { token: learner.token, body: device }), 204, 'a device');
    expect(await claimedFor(learner, at(closesAt, -2 * hour))).toHaveLength(1);
    await eventually(() => push.received.some((message) => message.endpoint === device.endpoint), 'the device reminded');
    expect(await db().selectFrom('mail').select('kind').where('user_id', '=', learner.id).where('kind', '=', 'aloud-reminder').execute()).toEqual([]);
  });
});
