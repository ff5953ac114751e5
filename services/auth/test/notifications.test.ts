// The learner's notifications (notifications.ts and /v1/notifications): each event the catalog and the
// exam publish becomes its Mongolian notification once, on the platform's bus; the four calls, who
// may make them, and the unread count's conditional GET.
import { randomUUID } from 'node:crypto';
import type { catalog, EventData, EventType } from '@learning/contracts';
import { kitTables } from '@learning/kit/data';
import type { EventEnvelope } from '@learning/kit/events';
import { eventually, expectStatus } from '@learning/testing';
import { startCatalogFixture, type CatalogFixture, type Learner } from '@learning/testing/catalog';

let fixture: CatalogFixture;
beforeAll(async () => {
  fixture = await startCatalogFixture();
});
afterAll(() => fixture?.close());

const authDb = () => fixture.platform.services.auth.context.db;
const access: catalog.Access = { lessons: [], pendingLessons: [], monsterplans: [], pendingMonsterplans: [], version: 0 };
const planId = '5f0c2a9e-1111-4111-8111-000000000001';
const lessonId = '5f0c2a9e-2222-4222-8222-000000000002';

function envelope<Type extends EventType>(type: Type, data: EventData<Type>, occurredAt = new Date().toISOString()): EventEnvelope {
  return { id: randomUUID(), type, version: 1, occurredAt, producer: 'catalog', data };
}

/** Publishes the event on the bus and waits until auth has applied it (its inbox has the id). */
async function deliver(event: EventEnvelope): Promise<void> {
  await fixture.platform.services.catalog.context.bus.publish(event);
  await eventually(
    () => kitTables(authDb()).selectFrom('inbox').select('event_id').where('event_id', '=', event.id).executeTakeFirst(),
    `auth applied ${event.type} ${event.id}`,
  );
}

const notificationsOf = async (learner: Learner, query = '') =>
  expectStatus(await fixture.call('GET', `/v1/notifications${query}`, { token: learner.token }), 200, 'the notifications');

describe('the notification each event makes', () => {
  let learner: Learner;
  beforeEach(async () => {
    learner = await fixture.platform.learner();
  });

  const only = async () => {
    const page = await notificationsOf(learner);
    expect(page.total).toBe(1);
    return page.result[0];
  };

  it('an approved plan request: access opened, naming the plan, linking to it', async () => {
    await deliver(envelope('monsterplan-request.approved', { requestId: 'r1', userId: learner.id, monsterplanId: planId, name: 'Monster plan 1', access }));
    expect(await only()).toEqual({
      _id: expect.any(String),
      type: 'request-approved',
      message: '"Monster plan 1" хөтөлбөрт нэвтрэх эрх нээгдлээ. Одоо үзэж эхлээрэй.',
      link: `/product-monster-plan/${planId}`,
      createdAt: expect.any(String),
      isRead: false,
    });
  });

  it('an approved bundle request without a name (an event published before notifications named it) says "Багц хичээл" and links to the bundle', async () => {
    await deliver(envelope('lesson-request.approved', { requestId: 'r2', userId: learner.id, lessonId, access, videoIds: [] }));
    expect(await only()).toMatchObject({
      type: 'request-approved',
      message: '"Багц хичээл" багцад нэвтрэх эрх нээгдлээ. Одоо үзэж эхлээрэй.',
      link: `/product-remote-lesson/${lessonId}`,
    });
  });

  it('a cancelled request', async () => {
    await deliver(envelope('lesson-request.cancelled', { requestId: 'r3', userId: learner.id, lessonId, name: 'IELTS сонсгол', access }));
    expect(await only()).toMatchObject({
      type: 'request-cancelled',
      message: '"IELTS сонсгол" хүсэлт цуцлагдлаа. Асуух зүйл байвал төвтэй холбогдоорой.',
      link: `/product-remote-lesson/${lessonId}`,
    });
  });

  it('revoked access', async () => {
    await deliver(envelope('monsterplan-access.revoked', { userId: learner.id, monsterplanId: planId, name: 'Monster plan 1', access }));
    expect(await only()).toMatchObject({
      type: 'access-revoked',
      message: '"Monster plan 1" хөтөлбөрт нэвтрэх эрх хаагдлаа. Асуух зүйл байвал төвтэй холбогдоорой.',
      link: '/me',
    });
  });

  it('a new request, a changed bundle or a deleted plan says nothing to the learner', async () => {
    await deliver(envelope('monsterplan-request.created', { requestId: 'r4', userId: learner.id, monsterplanId: planId, name: 'Monster plan 1', access }));
    await deliver(envelope('lesson.changed', { lessonId, name: 'IELTS', videoIds: [], accessOf: [{ userId: learner.id, access }] }));
    await deliver(envelope('lesson.deleted', { lessonId, accessOf: [{ userId: learner.id, access }] }));
    expect(await notificationsOf(learner)).toEqual({ result: [], total: 0, unread: 0 });
  });

  it('an exam passed: the score, passed, and the refund it earns', async () => {
    const data = { userId: learner.id, monsterplanId: planId, monsterplanName: 'Monster plan 1', percent: 90, correctQuestions: 36, totalQuestions: 40, passed: true };
    await deliver(envelope('exam.completed', data));
    // The catalog may answer a passed exam with refund.earned: that is a notification of its own.
    const { result } = await notificationsOf(learner);
    expect(result.filter((notification: { type: string }) => notification.type === 'exam-result')).toMatchObject([{
      type: 'exam-result',
      message: '"Monster plan 1" шалгалтад тэнцлээ: 36/40 зөв. Та буцаан олголт авах эрхтэй боллоо.',
      link: `/product-monster-plan/${planId}`,
    }]);
  });

  it('an exam not passed: the score and the pass mark', async () => {
    const data = { userId: learner.id, monsterplanId: planId, percent: 85, correctQuestions: 34, totalQuestions: 40, passed: false };
    await deliver(envelope('exam.completed', data));
    expect(await only()).toMatchObject({
      type: 'exam-result',
      message: '"Monster plan" шалгалтын дүн: 34/40 зөв. Тэнцэхэд 35/40 хэрэгтэй байсан тул энэ удаа тэнцсэнгүй.',
    });
  });

  it('a refund earned, by the exam and by a read-aloud, with the amount as 10,000₮', async () => {
    const refund = { userId: learner.id, monsterplanId: planId, monsterplanName: 'Monster plan 1', amount: 10000 };
    await deliver(envelope('refund.earned', { ...refund, refundId: 'f1', kind: 'exam' }, '2026-03-01T10:00:00.000Z'));
    await deliver(envelope('refund.earned', { ...refund, refundId: 'f2', kind: 'aloud' }, '2026-03-02T10:00:00.000Z'));
    const { result } = await notificationsOf(learner);
    expect(result.map((notification: { type: string; message: string; link: string; createdAt: string }) => notification)).toMatchObject([
      {
        type: 'refund-earned',
        message: '10,000₮ буцаан олголт авах эрхтэй боллоо: "Monster plan 1" хөтөлбөрийн уншлагаа 24 цагийн дотор илгээсэн. Дансаа өгөөгүй бол «Миний бүртгэл» хуудсанд оруулна уу. Сургалтын төв олгоход дахин мэдэгдэнэ.',
        link: '/me',
        createdAt: '2026-03-02T10:00:00.000Z',
      },
      {
        type: 'refund-earned',
        message: '10,000₮ буцаан олголт авах эрхтэй боллоо: "Monster plan 1" шалгалтад тэнцсэн. Дансаа өгөөгүй бол «Миний бүртгэл» хуудсанд оруулна уу. Сургалтын төв олгоход дахин мэдэгдэнэ.',
        createdAt: '2026-03-01T10:00:00.000Z',
      },
    ]);
  });

  it('a refund paid', async () => {
    const paid = { refundId: 'f3', userId: learner.id, monsterplanId: planId, monsterplanName: 'Monster plan 1', kind: 'exam' as const, amount: 15000, paidAt: new Date().toISOString() };
    await deliver(envelope('refund.paid', paid));
    expect(await only()).toMatchObject({ type: 'refund-paid', message: '15,000₮ буцаан олголт танд олгогдлоо ("Monster plan 1", шалгалт).', link: `/product-monster-plan/${planId}` });
  });

  it('a refund paid says how it reached the learner: into their account, or back from their QPay payment', async () => {
    const paid = { refundId: 'f6', userId: learner.id, monsterplanId: planId, monsterplanName: 'Monster plan 1', kind: 'aloud' as const, amount: 10000, paidAt: new Date().toISOString() };
    await deliver(envelope('refund.paid', { ...paid, paidVia: 'qpay_refund' as const }));
    expect(await only()).toMatchObject({ message: '10,000₮ буцаан олголт танд олгогдлоо ("Monster plan 1", уншлага): QPay-ээр төлсөн төлбөрөөс тань буцаасан.' });
  });

  it('a refund paid by bank transfer says it went to the account the learner gave', async () => {
    const paid = { refundId: 'f7', userId: learner.id, monsterplanId: planId, monsterplanName: 'Monster plan 1', kind: 'exam' as const, amount: 10000, paidAt: new Date().toISOString() };
    await deliver(envelope('refund.paid', { ...paid, paidVia: 'bank_transfer' as const }));
    expect(await only()).toMatchObject({ message: '10,000₮ буцаан олголт танд олгогдлоо ("Monster plan 1", шалгалт): таны өгсөн данс руу шилжүүлсэн.' });
  });

  it('a week released', async () => {
    const week = { userId: learner.id, monsterplanId: planId, monsterplanName: 'Monster plan 1', week: 2, releasedAt: new Date().toISOString() };
    await deliver(envelope('monsterplan.week-released', week));
    expect(await only()).toMatchObject({
      type: 'week-released',
      message: '"Monster plan 1": 2-р долоо хоног нээгдлээ. Шинэ хичээлүүдээ үзээрэй.',
      link: `/product-monster-plan/${planId}`,
    });
  });

  it('an event delivered twice makes one notification', async () => {
    const event = envelope('monsterplan-request.approved', { requestId: 'r5', userId: learner.id, monsterplanId: planId, name: 'Monster plan 1', access });
    await deliver(event);
    await deliver(event);
    // Applied again straight through the domain function (the inbox skipped the redelivery): still one.
    const { notifyOfAccessEvent } = await import('../src/notifications.js');
    await authDb()
      .transaction()
      .execute((trx) => notifyOfAccessEvent(trx, event as Parameters<typeof notifyOfAccessEvent>[1]));
    expect((await notificationsOf(learner)).total).toBe(1);
  });

  it("an undone payment removes the unread refund-paid notification; once read, it stays and nothing is added", async () => {
    const refund = { userId: learner.id, monsterplanId: planId, monsterplanName: 'Monster plan 1', kind: 'aloud' as const, amount: 10000 };
    await deliver(envelope('refund.paid', { ...refund, refundId: 'f4', paidAt: new Date().toISOString() }));
    await deliver(envelope('refund.payment-undone', { ...refund, refundId: 'f4' }));
    expect(await notificationsOf(learner)).toEqual({ result: [], total: 0, unread: 0 });

    await deliver(envelope('refund.paid', { ...refund, refundId: 'f5', paidAt: new Date().toISOString() }));
    const paid = (await notificationsOf(learner)).result[0];
    expectStatus(await fixture.call('PUT', `/v1/notifications/${paid._id}/read`, { token: learner.token }), 200, 'marking it read');
    await deliver(envelope('refund.payment-undone', { ...refund, refundId: 'f5' }));
    expect(await notificationsOf(learner)).toMatchObject({ total: 1, unread: 0, result: [{ _id: paid._id, type: 'refund-paid', isRead: true }] });
  });

  it('an event about an unknown account is skipped, not failed', async () => {
    const stranger = '00000000-0000-4000-8000-000000000000';
    await deliver(envelope('refund.earned', { refundId: 'f6', userId: stranger, monsterplanId: planId, monsterplanName: 'P', kind: 'exam', amount: 10000 }));
    expect(await authDb().selectFrom('notification').select('id').where('user_id', '=', stranger).execute()).toEqual([]);
  });
});

describe('/v1/notifications', () => {
  const weekReleased = (learner: Learner, week: number, occurredAt: string) =>
    envelope('monsterplan.week-released', { userId: learner.id, monsterplanId: planId, monsterplanName: 'Monster plan 1', week, releasedAt: occurredAt }, occurredAt);

  it('a guest gets 401 from all four calls', async () => {
    const calls: Array<[string, string]> = [
      ['GET', '/v1/notifications'],
      ['GET', '/v1/notifications/unread-count'],
      ['PUT', `/v1/notifications/${randomUUID()}/read`],
      ['PUT', '/v1/notifications/read'],
    ];
    for (const [method, path] of calls) {
      const answer = await fixture.call(method, path);
      expect({ path, status: answer.status, code: answer.body.code }).toEqual({ path, status: 401, code: expect.any(String) });
    }
  });

  it('lists the learner\'s own, newest first, paged, with the total and the unread count', async () => {
    const learner = await fixture.platform.learner();
    const other = await fixture.platform.learner();
    for (const week of [2, 3, 4]) await deliver(weekReleased(learner, week, `2026-03-0${week}T00:00:00.000Z`));
    await deliver(weekReleased(other, 2, '2026-03-09T00:00:00.000Z'));

    const first = await notificationsOf(learner, '?perPage=2&currentPage=1');
    expect(first).toMatchObject({ total: 3, unread: 3 });
    expect(first.result.map((n: { message: string }) => n.message)).toEqual([
      '"Monster plan 1": 4-р долоо хоног нээгдлээ. Шинэ хичээлүүдээ үзээрэй.',
      '"Monster plan 1": 3-р долоо хоног нээгдлээ. Шинэ хичээлүүдээ үзээрэй.',
    ]);
    const second = await notificationsOf(learner, '?perPage=2&currentPage=2');
    expect(second.result.map((n: { message: string }) => n.message)).toEqual(['"Monster plan 1": 2-р долоо хоног нээгдлээ. Шинэ хичээлүүдээ үзээрэй.']);

    const bad = await fixture.call('GET', '/v1/notifications?perPage=0', { token: learner.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
  });

  it('marks one read (again is harmless), and all read; another learner\'s or an unknown one is not found', async () => {
    const learner = await fixture.platform.learner();
    const other = await fixture.platform.learner();
    await deliver(weekReleased(learner, 2, '2026-04-01T00:00:00.000Z'));
    await deliver(weekReleased(learner, 3, '2026-04-02T00:00:00.000Z'));
    const [newest] = (await notificationsOf(learner)).result;

    for (const id of [newest._id, randomUUID(), 'not-a-uuid']) {
      const refused = await fixture.call('PUT', `/v1/notifications/${id}/read`, { token: other.token });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ message: 'Мэдэгдэл олдсонгүй.', code: 'notification_not_found' });
    }
    expect((await notificationsOf(other)).total).toBe(0);
    expect((await notificationsOf(learner)).unread).toBe(2);

    const read = expectStatus(await fixture.call('PUT', `/v1/notifications/${newest._id}/read`, { token: learner.token }), 200, 'marking read');
    expect(read).toMatchObject({ _id: newest._id, isRead: true, type: 'week-released' });
    expectStatus(await fixture.call('PUT', `/v1/notifications/${newest._id}/read`, { token: learner.token }), 200, 'marking read again');
    expect(expectStatus(await fixture.call('GET', '/v1/notifications/unread-count', { token: learner.token }), 200, 'count')).toEqual({ count: 1 });

    expect(expectStatus(await fixture.call('PUT', '/v1/notifications/read', { token: learner.token }), 200, 'marking all read')).toEqual({ count: 0 });
    expect(await notificationsOf(learner)).toMatchObject({ total: 2, unread: 0, result: [{ isRead: true }, { isRead: true }] });
  });

  it('the unread count has a weak ETag: If-None-Match answers 304 until the count changes', async () => {
    const learner = await fixture.platform.learner();
    // Straight at the auth service: the gateway seals JSON answers and drops the service's ETag.
    const countAt = (ifNoneMatch?: string) =>
      fetch(`${fixture.platform.services.auth.url}/v1/notifications/unread-count`, {
        headers: { authorization: `Bearer ${learner.token}`, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
      });
    const first = await countAt();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ count: 0 });
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);

    const unchanged = await countAt(etag);
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');

    await deliver(weekReleased(learner, 2, new Date().toISOString()));
    const changed = await countAt(etag);
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ count: 1 });
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});

describe('through the bus, end to end', () => {
  it("an administrator's approval in the catalog reaches the learner's notifications and unread count", async () => {
    const plan = await fixture.createMonsterplan({ name: 'Monster plan A' });
    const learner = await fixture.learner();
    const request = await fixture.requestMonsterplan(learner, plan._id);
    expectStatus(await fixture.call('PUT', `/v1/monsterplan-requests/${request._id}`, { token: fixture.admin }), 200, 'approving');

    const count = await eventually(async () => {
      const answer = expectStatus(await fixture.call('GET', '/v1/notifications/unread-count', { token: learner.token }), 200, 'count');
      return answer.count > 0 && answer;
    }, 'the approval reaches the notifications');
    expect(count).toEqual({ count: 1 });
    const [approved] = (await notificationsOf(learner)).result;
    expect(approved).toMatchObject({ type: 'request-approved', link: `/product-monster-plan/${plan._id}`, isRead: false });
    expect(approved.message).toMatch(/^"(Monster plan A|Monster plan)" хөтөлбөрт нэвтрэх эрх нээгдлээ\. Одоо үзэж эхлээрэй\.$/);
  });
});
