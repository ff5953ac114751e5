// The daily reminder: a learner sets its time (Ulaanbaatar's) and allows a device; the reminder falls
// due once a day whatever the number of auth instances or restarts (claimed on a clock the test
// moves), and goes by Web Push, signed and encrypted as push services want (checked by the push
// service stand-in), and by mail while the topic is on. A device the push service says is gone is
// forgotten.
import { kitTables } from '@learning/kit/data';
import { eventually, expectStatus, startTestPlatform, type TestPlatform } from '@learning/testing';
import { startPushStandIn, trustStandIn, type PushStandIn } from '@learning/testing/push';
import webpush from 'web-push';
import { vapidOf } from '../src/reminders/push.js';
import { claimDueReminders } from '../src/reminders/schedule.js';

const vapidPrivateKey = webpush.generateVAPIDKeys().privateKey;
let platform: TestPlatform;
let push: PushStandIn;
let distrust: (() => void) | undefined;

beforeAll(async () => {
  push = await startPushStandIn();
  distrust = trustStandIn(push);
  // The clock's own rounds are an hour apart: the test claims on its own clock.
  platform = await startTestPlatform({ env: { VAPID_PRIVATE_KEY: vapidPrivateKey, VAPID_SUBJECT: 'mailto:office@centre.mn', REMINDER_CHECK_SECONDS: '3600' } });
});
afterAll(async () => {
  await platform?.close();
  await push?.close();
  distrust?.();
});

const db = () => platform.services.auth.context.db;
/** `hhmm` in Ulaanbaatar (UTC+8) on 2030-03-`day`. */
const ulaanbaatar = (day: number, hhmm: string) => new Date(`2030-03-${String(day).padStart(2, '0')}T${hhmm}:00+08:00`);
const remindersOf = async (userId: string) =>
  (await kitTables(db()).selectFrom('outbox').select('data').where('type', '=', 'reminder.due').orderBy('position').execute())
    .map((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data))
    .filter((data: { userId: string }) => data.userId === userId);

async function learnerRemindedAt(dailyAt: string) {
  const learner = await platform.learner();
  expectStatus(await platform.call('PUT', '/v1/auth/reminders', { token: learner.token, body: { dailyAt } }), 200, 'the reminder');
  return learner;
}

describe('the settings', () => {
  it('keeps the time of the daily reminder, or none, for the learner only', async () => {
    const learner = await platform.learner();
    expect(expectStatus(await platform.call('GET', '/v1/auth/reminders', { token: learner.token }), 200, 'none yet')).toEqual({ dailyAt: null, aloudWindow: false });
    expect(expectStatus(await platform.call('PUT', '/v1/auth/reminders', { token: learner.token, body: { dailyAt: '20:30' } }), 200, 'set')).toEqual({ dailyAt: '20:30', aloudWindow: false });
    expect(expectStatus(await platform.call('GET', '/v1/auth/reminders', { token: learner.token }), 200, 'kept')).toEqual({ dailyAt: '20:30', aloudWindow: false });
    expect(expectStatus(await platform.call('PUT', '/v1/auth/reminders', { token: learner.token, body: { dailyAt: null } }), 200, 'ended')).toEqual({ dailyAt: null, aloudWindow: false });
    expect((await platform.call('GET', '/v1/auth/reminders')).status).toBe(401);
    expect((await platform.call('PUT', '/v1/auth/reminders', { body: { dailyAt: '20:30' } })).status).toBe(401);
  });

  it.each([{ dailyAt: '24:00' }, { dailyAt: '8:30' }, { dailyAt: 830 }, {}, { dailyAt: '20:30:00' }])('refuses %j with a Mongolian reason', async (body) => {
    const learner = await platform.learner();
    const answer = await platform.call('PUT', '/v1/auth/reminders', { token: learner.token, body });
    expect(answer).toMatchObject({ status: 400, body: { code: 'validation_failed', message: expect.stringContaining('ЦЦ:ММ') } });
  });

  it('gives the VAPID public key, and keeps and forgets a device of the learner only', async () => {
    expect(expectStatus(await platform.call('GET', '/v1/auth/push-key'), 200, 'the key')).toEqual({ publicKey: vapidOf(vapidPrivateKey, 'mailto:x@y.mn').publicKey });
    const [learner, other] = [await platform.learner(), await platform.learner()];
    const device = push.subscribe();
    expect((await platform.call('PUT', '/v1/auth/push-subscriptions', { body: device })).status).toBe(401);
    expect((await platform.call('PUT', '/v1/auth/push-subscriptions', { token: learner.token, body: device })).status).toBe(204);
    const badKeys = await platform.call('PUT', '/v1/auth/push-subscriptions', { token: learner.token, body: { ...device, keys: { p256dh: 'short', auth: '' } } });
    expect(badKeys).toMatchObject({ status: 400, body: { code: 'validation_failed', message: expect.stringContaining('түлхүүр') } });
    const notAUrl = await platform.call('PUT', '/v1/auth/push-subscriptions', { token: learner.token, body: { ...device, endpoint: 'javascript:alert(1)' } });
    expect(notAUrl.status).toBe(400);
    expect(await platform.call('DELETE', '/v1/auth/push-subscriptions', { token: other.token, body: { endpoint: device.endpoint } })).toMatchObject({
      status: 404,
      body: { code: 'push_subscription_not_found' },
    });
    expect((await platform.call('DELETE', '/v1/auth/push-subscriptions', { token: learner.token, body: { endpoint: device.endpoint } })).status).toBe(204);
  });
});

describe('falling due', () => {
  it('is claimed once its time has come on the day, once whatever the number of instances', async () => {
    const evening = await learnerRemindedAt('20:30');
    const morning = await learnerRemindedAt('07:00');
    const before = await claimDueReminders(db(), ulaanbaatar(1, '20:29'));
    expect(before).toContain(morning.id);
    expect(before).not.toContain(evening.id);
    // Two instances at the same moment: each reminder is claimed by one of them.
    const [first, second] = await Promise.all([claimDueReminders(db(), ulaanbaatar(1, '20:30')), claimDueReminders(db(), ulaanbaatar(1, '20:30'))]);
    expect([...first, ...second].filter((id) => id === evening.id)).toHaveLength(1);
    expect([...first, ...second]).not.toContain(morning.id);
    // Later the same day, as after a restart: nothing again.
    expect(await claimDueReminders(db(), ulaanbaatar(1, '23:59'))).not.toContain(evening.id);
    expect(await remindersOf(evening.id)).toEqual([{ userId: evening.id, kind: 'daily', day: '2030-03-01' }]);
  });

  it('comes when an instance runs again, the same day, if it fell due while none ran; the next day is a day of its own', async () => {
    const learner = await learnerRemindedAt('09:00');
    // No instance ran from 09:00 to 13:00.
    expect(await claimDueReminders(db(), ulaanbaatar(2, '13:00'))).toContain(learner.id);
    expect(await claimDueReminders(db(), ulaanbaatar(3, '08:59'))).not.toContain(learner.id);
    expect(await claimDueReminders(db(), ulaanbaatar(3, '09:00'))).toContain(learner.id);
    expect((await remindersOf(learner.id)).map((reminder) => reminder.day)).toEqual(['2030-03-02', '2030-03-03']);
    // The day is Ulaanbaatar's: 17:00 UTC on the 3rd is already the 4th there.
    expect(await claimDueReminders(db(), new Date('2030-03-03T17:00:00Z'))).not.toContain(learner.id);
    expect(await claimDueReminders(db(), new Date('2030-03-04T01:00:00Z'))).toContain(learner.id);
  });
});

describe('sending', () => {
  it('pushes the reminder to each device, signed and encrypted, and mails it while the topic is on', async () => {
    const learner = await learnerRemindedAt('00:00');
    const [phone, laptop] = [push.subscribe(), push.subscribe()];
    for (const device of [phone, laptop]) expectStatus(await platform.call('PUT', '/v1/auth/push-subscriptions', { token: learner.token, body: device }), 204, 'a device');
    expect(await claimDueReminders(db(), ulaanbaatar(5, '12:00'))).toContain(learner.id);

    const pushed = await eventually(() => {
      const mine = push.received.filter((message) => [phone.endpoint, laptop.endpoint].includes(message.endpoint));
      return mine.length === 2 && mine;
    }, 'both devices reminded');
    for (const message of pushed) {
      expect(JSON.parse(message.payload)).toEqual({ title: 'Өнөөдрийн хичээлээ сонсох цаг боллоо', body: expect.stringContaining('Өдөр бүр'), url: '/me' });
      expect(message.vapid).toMatchObject({ aud: new URL(push.url).origin, sub: 'mailto:office@centre.mn', publicKey: vapidOf(vapidPrivateKey, 'mailto:x@y.mn').publicKey });
      expect(message.ttl).toBeGreaterThan(0);
    }
    expect(push.refused).toEqual([]);
    const mail = await eventually(() => db().selectFrom('mail').select(['kind', 'to_address']).where('user_id', '=', learner.id).where('kind', '=', 'reminder').executeTakeFirst(), 'the mail');
    expect(mail.to_address).toBe(learner.email);
  });

  it('sends no mail while the reminders topic is off, and forgets a device the push service says is gone', async () => {
    const learner = await learnerRemindedAt('00:00');
    expectStatus(await platform.call('PUT', '/v1/auth/mail-preferences', { token: learner.token, body: { reminders: false } }), 200, 'topic off');
    const [gone, kept] = [push.subscribe(), push.subscribe()];
    for (const device of [gone, kept]) expectStatus(await platform.call('PUT', '/v1/auth/push-subscriptions', { token: learner.token, body: device }), 204, 'a device');
    push.markGone(gone.endpoint);
    expect(await claimDueReminders(db(), ulaanbaatar(6, '12:00'))).toContain(learner.id);

    await eventually(() => push.received.some((message) => message.endpoint === kept.endpoint), 'the kept device reminded');
    const devices = await eventually(async () => {
      const rows = await db().selectFrom('push_subscription').select('endpoint').where('user_id', '=', learner.id).execute();
      return rows.length === 1 && rows;
    }, 'the gone device forgotten');
    expect(devices).toEqual([{ endpoint: kept.endpoint }]);
    expect(await db().selectFrom('mail').select('kind').where('user_id', '=', learner.id).where('kind', '=', 'reminder').execute()).toEqual([]);
  });
});
