// The learners' mails through a real SMTP server on loopback: one per notification whose topic the
// learner keeps on, the administrator's for each new request, the switches in /me/settings and the
// signed unsubscribe link, and mails that wait out an SMTP outage and then arrive once each.
import { randomUUID } from 'node:crypto';
import type { catalog, EventData, EventType } from '@learning/contracts';
import { kitTables, type AnyDb } from '@learning/kit/data';
import type { EventEnvelope } from '@learning/kit/events';
import { eventually, expectStatus, startTestPlatform, uniqueSuffix, type TestPlatform } from '@learning/testing';
import { catalogFixtureOn, type CatalogFixture, type Learner } from '@learning/testing/catalog';
import { sampleOf } from '@learning/testing/metrics';
import { startSmtpServer, type TestSmtpServer } from '@learning/testing/smtp';

let smtp: TestSmtpServer;
let platform: TestPlatform;
let fixture: CatalogFixture;
const publicUrl = 'https://learn.test.mn';
const logoUrl = 'https://cdn.test.mn/logo.png';
const adminInbox = `office-${uniqueSuffix()}@test.mn`;

beforeAll(async () => {
  smtp = await startSmtpServer();
  platform = await startTestPlatform({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Төв <no-reply@test.mn>',
      PUBLIC_URL: publicUrl,
      CENTRE_NAME: 'Монстр Англи хэл',
      CENTRE_LOGO_URL: logoUrl,
      ADMIN_NOTIFY_EMAIL: adminInbox,
      MAIL_RETRY_SECONDS: '0.2',
      SEED_DEMO: '0',
    },
  });
  fixture = await catalogFixtureOn(platform);
});
afterAll(async () => {
  await platform?.close();
  await smtp?.stop();
});

const authDb = () => platform.services.auth.context.db;
const access: catalog.Access = { lessons: [], pendingLessons: [], monsterplans: [], pendingMonsterplans: [], version: 0 };
const planId = '5f0c2a9e-1111-4111-8111-000000000001';

function envelope<Type extends EventType>(type: Type, data: EventData<Type>): EventEnvelope {
  return { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), producer: 'catalog', data };
}

/** Publishes the event and waits until auth has handled it. */
async function deliver(event: EventEnvelope): Promise<void> {
  await platform.services.catalog.context.bus.publish(event);
  await eventually(
    () => kitTables(authDb() as AnyDb).selectFrom('inbox').select('event_id').where('event_id', '=', event.id).executeTakeFirst(),
    `auth handled ${event.type}`,
  );
}

const events = (learner: Learner) => ({
  // Not passed: a pass would also earn a refund (the catalog's event), and a mail of its own.
  'exam-result': envelope('exam.completed', { userId: learner.id, monsterplanId: planId, monsterplanName: 'Monster 1', percent: 50, correctQuestions: 20, totalQuestions: 40, passed: false }),
  'refund-earned': envelope('refund.earned', { refundId: randomUUID(), userId: learner.id, monsterplanId: planId, monsterplanName: 'Monster 1', kind: 'exam', amount: 10_000 }),
  'refund-paid': envelope('refund.paid', {
    refundId: randomUUID(),
    userId: learner.id,
    monsterplanId: planId,
    monsterplanName: 'Monster 1',
    kind: 'aloud',
    amount: 10_000,
    paidAt: new Date().toISOString(),
  }),
  'week-released': envelope('monsterplan.week-released', { userId: learner.id, monsterplanId: planId, monsterplanName: 'Monster 1', week: 2, releasedAt: new Date().toISOString() }),
  'request-cancelled': envelope('monsterplan-request.cancelled', { requestId: randomUUID(), userId: learner.id, monsterplanId: planId, name: 'Monster 1', access }),
});

it('an approved request mails the learner its notification, with a link back and an unsubscribe link; the administrator hears of the request', async () => {
  const plan = await fixture.createMonsterplan();
  const learner = await fixture.approvedForMonsterplan(plan._id);

  const [request] = await smtp.waitForMails(adminInbox);
  expect(request!.subject).toBe(`Шинэ хүсэлт: ${plan.name} · Монстр Англи хэл`);
  expect(request!.text).toContain(`${learner.email} «${plan.name}» Monster plan-д хамрагдах хүсэлт илгээлээ.`);
  expect(request!.text).toContain(`${publicUrl}/administrator/monsterplans/requests`);

  const [approved] = await smtp.waitForMails(learner.email);
  expect(approved!.subject).toBe('Хүсэлт зөвшөөрөгдлөө · Монстр Англи хэл');
  expect(approved!.text).toContain(`"${plan.name}" хөтөлбөрт нэвтрэх эрх нээгдлээ.`);
  expect(approved!.text).toContain(`Дэлгэрэнгүй: ${publicUrl}/product-monster-plan/${plan._id}`);
  expect(approved!.text).toContain(`${publicUrl}/help`);
  expect(approved!.html).toMatch(/<html lang="mn">/);
  expect(approved!.html).toContain(`<img src="${logoUrl}" alt="Монстр Англи хэл"`);
  const unsubscribe = approved!.links.find((link) => link.startsWith(`${publicUrl}/unsubscribe#token=`));
  expect(unsubscribe).toBeDefined();
  expect(String(approved!.headers.get('list-unsubscribe') ?? JSON.stringify(approved!.headers.get('list')))).toContain('/unsubscribe#token=');
});

it('each kind of notification sends its mail, in Mongolian, once', async () => {
  const learner = await fixture.learner();
  const subjects = {
    'exam-result': 'Шалгалтын дүн',
    'refund-earned': 'Буцаан олголт авах эрхтэй боллоо',
    'refund-paid': 'Буцаан олголт олгогдлоо',
    'week-released': 'Шинэ долоо хоног нээгдлээ',
    'request-cancelled': 'Хүсэлт цуцлагдлаа',
  };
  const each = events(learner);
  for (const event of Object.values(each)) {
    await deliver(event);
    await deliver(event); // a redelivery mails nothing more
  }
  const mails = await smtp.waitForMails(learner.email, 5);
  expect(mails.map((mail) => mail.subject.replace(' · Монстр Англи хэл', '')).sort()).toEqual(Object.values(subjects).sort());
  expect(mails.find((mail) => mail.subject.startsWith('Шалгалтын дүн'))!.text).toContain('шалгалтын дүн: 20/40 зөв');
  await eventually(async () => (await authDb().selectFrom('mail').select('id').where('to_address', '=', learner.email).where('state', '=', 'waiting').execute()).length === 0, 'no mail waits');
  expect(smtp.mailsTo(learner.email)).toHaveLength(5);
});

describe('switching mails off', () => {
  it('the preferences start all on and change one topic at a time; a guest may not read or change them', async () => {
    const learner = await fixture.learner();
    const get = () => platform.call('GET', '/v1/auth/mail-preferences', { token: learner.token });
    expect(expectStatus(await get(), 200, 'preferences')).toEqual({ requests: true, exam: true, refunds: true, weeks: true, reminders: true });
    const changed = await platform.call('PUT', '/v1/auth/mail-preferences', { token: learner.token, body: { weeks: false } });
    expect(changed).toMatchObject({ status: 200, body: { requests: true, exam: true, refunds: true, weeks: false } });
    expect((await get()).body.weeks).toBe(false);

    expect((await platform.call('GET', '/v1/auth/mail-preferences')).status).toBe(401);
    expect((await platform.call('PUT', '/v1/auth/mail-preferences', { body: { weeks: true } })).status).toBe(401);
    const bad = await platform.call('PUT', '/v1/auth/mail-preferences', { token: learner.token, body: { weeks: 'no' } });
    expect(bad).toMatchObject({ status: 400, body: { message: expect.stringMatching(/[\u0400-\u04FF]/) } });
  });

  it('a topic switched off in settings still makes the notification, but no mail', async () => {
    const learner = await fixture.learner();
    expectStatus(await platform.call('PUT', '/v1/auth/mail-preferences', { token: learner.token, body: { exam: false } }), 200, 'exam mails off');
    const { 'exam-result': exam, 'week-released': week } = events(learner);
    await deliver(exam);
    await deliver(week);
    await smtp.waitForMails(learner.email);
    const notifications = expectStatus(await platform.call('GET', '/v1/notifications', { token: learner.token }), 200, 'notifications');
    expect(notifications.total).toBe(2);
    expect(smtp.mailsTo(learner.email).map((mail) => mail.subject)).toEqual(['Шинэ долоо хоног нээгдлээ · Монстр Англи хэл']);
  });

  it('a mail’s unsubscribe link switches its topic off without signing in; a forged one is refused', async () => {
    const learner = await fixture.learner();
    await deliver(events(learner)['week-released']);
    const [mail] = await smtp.waitForMails(learner.email);
    const token = new URL(mail!.links.find((link) => link.includes('/unsubscribe#token='))!).hash.replace('#token=', '');

    const answer = await platform.call('POST', '/v1/auth/unsubscribe', { body: { token } });
    expect(answer).toEqual(expect.objectContaining({ status: 200, body: { topic: 'weeks', email: learner.email } }));
    const preferences = expectStatus(await platform.call('GET', '/v1/auth/mail-preferences', { token: learner.token }), 200, 'preferences');
    expect(preferences).toEqual({ requests: true, exam: true, refunds: true, weeks: false, reminders: true });

    for (const forged of [token.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')), token.replace('.weeks.', '.exam.'), 'nonsense']) {
      const refused = await platform.call('POST', '/v1/auth/unsubscribe', { body: { token: forged } });
      expect(refused).toMatchObject({ status: 400, body: { code: 'unsubscribe_link_invalid', message: expect.stringMatching(/[\u0400-\u04FF]/) } });
    }
  });
});

it('while SMTP is down mails wait and are retried; once it is back every one arrives once, and /metrics shows each state', async () => {
  const learner = await fixture.learner();
  await smtp.stop();
  try {
    for (const event of Object.values(events(learner))) await deliver(event);
    await eventually(async () => {
      const rows = await authDb().selectFrom('mail').select(['attempts', 'state']).where('to_address', '=', learner.email).execute();
      return rows.length === 5 && rows.every((row) => row.state === 'waiting' && row.attempts >= 2);
    }, 'every mail tried at least twice');
    const metrics = await (await fetch(`${platform.url}/metrics`)).text();
    expect(sampleOf(metrics, 'mail_messages', { state: 'waiting' })).toBeGreaterThanOrEqual(5);
    // A row is claimed (its attempts counted) before its try fails: five rows tried twice have failed at least once each.
    expect(sampleOf(metrics, 'mail_send_attempts_total', { outcome: 'retried' })).toBeGreaterThanOrEqual(5);
    expect(sampleOf(metrics, 'mail_oldest_waiting_age_seconds')).toBeGreaterThan(0);
  } finally {
    await smtp.start();
  }
  await smtp.waitForMails(learner.email, 5);
  await eventually(async () => (await authDb().selectFrom('mail').select('id').where('to_address', '=', learner.email).where('state', '=', 'sent').execute()).length === 5, 'all five marked sent');
  expect(smtp.mailsTo(learner.email)).toHaveLength(5);
  expect(new Set(smtp.mailsTo(learner.email).map((mail) => mail.messageId)).size).toBe(5);
  const metrics = await (await fetch(`${platform.url}/metrics`)).text();
  expect(sampleOf(metrics, 'mail_messages', { state: 'sent' })).toBeGreaterThanOrEqual(5);
});

it('a mail the server refuses for good is marked failed, not retried for ever', async () => {
  const learner = await fixture.learner();
  smtp.refuse(learner.email);
  await deliver(events(learner)['week-released']);
  const row = await eventually(
    () => authDb().selectFrom('mail').selectAll().where('to_address', '=', learner.email).where('state', '=', 'failed').executeTakeFirst(),
    'the mail marked failed',
  );
  expect(row.last_error).toMatch(/550|mailbox/i);
  const metrics = await (await fetch(`${platform.url}/metrics`)).text();
  expect(sampleOf(metrics, 'mail_messages', { state: 'failed' })).toBeGreaterThanOrEqual(1);
});

it('/v1/centre tells anyone the centre’s name, logo and the contact that is set', async () => {
  expect(expectStatus(await platform.call('GET', '/v1/centre'), 200, 'centre')).toEqual({ name: 'Монстр Англи хэл', phone: null, email: null, address: null, facebookUrl: null, logoUrl });
});
