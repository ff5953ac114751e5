// /v1/lesson-requests and /v1/monsterplan-requests: asking, approving, cancelling and the
// administrator's lists, with the access rules of spec section 4, through the gateway.
import { randomUUID } from 'node:crypto';
import { findRequest } from '../src/request-views.js';
import { createRequest } from '../src/requests.js';
import { eventually, expectStatus } from '@learning/testing';
import { type CatalogFixture, type Learner, startCatalogFixture } from '@learning/testing/catalog';

let fixture: CatalogFixture;
beforeAll(async () => {
  fixture = await startCatalogFixture();
});
afterAll(() => fixture?.close());

const missingId = '00000000-0000-4000-8000-000000000000';

interface Family {
  kind: 'lesson' | 'monsterplan';
  path: string;
  field: 'lesson' | 'monsterplan';
  /** The learner's lists in /v1/auth/me. */
  granted: 'lessons' | 'monsterplans';
  pending: 'pendingLessons' | 'pendingMonsterplans';
  notFound: string;
  createBundle(): Promise<{ _id: string; videos: string[]; price: string }>;
  /** What /me's granted list holds once approved: the bundle's videos, or the plan. */
  grantOf(bundle: { _id: string; videos: string[] }): string[];
}

const families: Family[] = [
  {
    kind: 'lesson',
    path: '/v1/lesson-requests',
    field: 'lesson',
    granted: 'lessons',
    pending: 'pendingLessons',
    notFound: 'Багц хичээл олдсонгүй.',
    createBundle: () => fixture.createLesson(),
    grantOf: (bundle) => [...bundle.videos].sort(),
  },
  {
    kind: 'monsterplan',
    path: '/v1/monsterplan-requests',
    field: 'monsterplan',
    granted: 'monsterplans',
    pending: 'pendingMonsterplans',
    notFound: 'Monster plan олдсонгүй.',
    createBundle: () => fixture.createMonsterplan(),
    grantOf: (bundle) => [bundle._id],
  },
];

describe.each(families)('$path', (family) => {
  const ask = (learner: Learner, bundleId: string) =>
    fixture.call('POST', family.path, { token: learner.token, body: { [family.field]: bundleId } });
  const approve = (requestId: string, body?: unknown) => fixture.call('PUT', `${family.path}/${requestId}`, { token: fixture.admin, body });
  const cancel = (requestId: string) => fixture.call('DELETE', `${family.path}/${requestId}`, { token: fixture.admin });

  it('a signed-in learner asks for a bundle: 201 with a pending request, and /v1/auth/me lists it as pending', async () => {
    const bundle = await family.createBundle();
    const learner = await fixture.learner();
    const { status, body } = await ask(learner, bundle._id);
    expect(status).toBe(201);
    expect(body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      user: { _id: learner.id, email: learner.email },
      [family.field]: { _id: bundle._id, name: expect.any(String), videos: bundle.videos },
      isApproved: false,
      // The price that applied when it was asked for (no early price here).
      price: bundle.price,
      // Not paid yet, and no QPay invoice (QPay is not configured here).
      payment: null,
      openInvoice: null,
      flaggedPayments: [],
    });
    const me = await fixture.meOnce(learner, (me) => me[family.pending].length > 0);
    expect(me).toMatchObject({ [family.pending]: [bundle._id], [family.granted]: [] });
  });

  it('a second request while one is pending, or once approved, is refused with 409 and a clear message', async () => {
    const bundle = await family.createBundle();
    const learner = await fixture.learner();
    const first = expectStatus(await ask(learner, bundle._id), 201, 'asking');
    const again = await ask(learner, bundle._id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Таны хүсэлт илгээгдсэн байна. Админ баталгаажуулахыг хүлээнэ үү.', code: 'request_pending' });
    expectStatus(await approve(first._id), 200, 'approving');
    const afterApproval = await ask(learner, bundle._id);
    expect(afterApproval.status).toBe(409);
    expect(afterApproval.body.code).toBe('already_approved');
    expect(afterApproval.body.message).toMatch(/эрх аль хэдийн нээгдсэн байна/);
  });

  it('two simultaneous requests for the same bundle by the same learner make one request', async () => {
    const bundle = await family.createBundle();
    const learner = await fixture.learner();
    const answers = await Promise.all([ask(learner, bundle._id), ask(learner, bundle._id), ask(learner, bundle._id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    const db = fixture.platform.services.catalog.context.db;
    const rows = await db.selectFrom('access_request').select('id').where('user_id', '=', learner.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('an unknown or malformed bundle is 404, a missing one 400, both in Mongolian', async () => {
    const learner = await fixture.learner();
    for (const id of [missingId, 'not-an-id']) {
      const answer = await ask(learner, id);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(family.notFound);
    }
    const missing = await fixture.call('POST', family.path, { token: learner.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: `«${family.field}» талбарын утга буруу байна.`, code: 'validation_failed' });
  });

  it('approving grants exactly the bundle\'s current videos to the requester, whatever the client sends', async () => {
    const bundle = await family.createBundle();
    const decoy = await family.createBundle();
    const learner = await fixture.learner();
    const bystander = await fixture.learner();
    const request = expectStatus(await ask(learner, bundle._id), 201, 'asking');
    const { status, body } = await approve(request._id, {
      id: request._id,
      user: bystander.id,
      [family.field]: decoy._id,
      videos: [...decoy.videos, 'forged-video'],
      isApproved: true,
    });
    expect(status).toBe(200);
    expect(body).toEqual({ ...request, isApproved: true, payment: { method: 'manual', approvedAt: expect.any(String) } });
    const me = await fixture.meOnce(learner, (me) => me[family.granted].length > 0);
    expect(me).toMatchObject({ [family.granted]: family.grantOf(bundle), [family.pending]: [] });
    const other = expectStatus(await fixture.call('GET', '/v1/auth/me', { token: bystander.token }), 200, 'me');
    expect(other).toMatchObject({ [family.granted]: [], [family.pending]: [] });
  });

  it('approving twice changes nothing: the same answer, and the access version stays', async () => {
    const bundle = await family.createBundle();
    const learner = await fixture.learner();
    const request = expectStatus(await ask(learner, bundle._id), 201, 'asking');
    const first = expectStatus(await approve(request._id), 200, 'approving');
    const db = fixture.platform.services.catalog.context.db;
    const versionOf = async () => (await db.selectFrom('access_version').select('version').where('user_id', '=', learner.id).executeTakeFirstOrThrow()).version;
    const version = await versionOf();
    const second = await approve(request._id);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first);
    expect(await versionOf()).toBe(version);
  });

  it('the administrator reads one request; an unknown, malformed or other-kind id is 404', async () => {
    const bundle = await family.createBundle();
    const learner = await fixture.learner();
    const request = expectStatus(await ask(learner, bundle._id), 201, 'asking');
    expect((await fixture.call('GET', `${family.path}/${request._id}`, { token: fixture.admin })).body).toEqual(request);
    const otherPath = family.kind === 'lesson' ? '/v1/monsterplan-requests' : '/v1/lesson-requests';
    for (const path of [`${family.path}/${missingId}`, `${family.path}/not-an-id`, `${otherPath}/${request._id}`]) {
      const answer = await fixture.call('GET', path, { token: fixture.admin });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'Хүсэлт олдсонгүй.', code: 'request_not_found' });
    }
    expect((await approve(missingId)).status).toBe(404);
    expect((await cancel('not-an-id')).status).toBe(404);
  });

  it('a pending request can be cancelled by the admin, which removes it; the learner may ask again', async () => {
    const bundle = await family.createBundle();
    const learner = await fixture.learner();
    const request = expectStatus(await ask(learner, bundle._id), 201, 'asking');
    await fixture.meOnce(learner, (me) => me[family.pending].length === 1);
    expect((await cancel(request._id)).status).toBe(204);
    expect((await fixture.call('GET', `${family.path}/${request._id}`, { token: fixture.admin })).status).toBe(404);
    expect(await fixture.meOnce(learner, (me) => me[family.pending].length === 0)).toMatchObject({ [family.pending]: [], [family.granted]: [] });
    expect((await cancel(request._id)).status).toBe(404);
    expect((await ask(learner, bundle._id)).status).toBe(201);
  });

  it('an approved request cannot be cancelled (409): access is taken away by deleting the bundle', async () => {
    const bundle = await family.createBundle();
    const learner = await fixture.learner();
    const request = expectStatus(await ask(learner, bundle._id), 201, 'asking');
    expectStatus(await approve(request._id), 200, 'approving');
    const answer = await cancel(request._id);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ message: 'Баталгаажсан хүсэлтийг цуцлах боломжгүй.', code: 'request_approved' });
  });

  it('lists requests newest first, a page at a time, with the total; counts the new (pending) ones', async () => {
    const before = expectStatus(await fixture.call('GET', `${family.path}/total-new-requests`, { token: fixture.admin }), 200, 'count');
    const bundle = await family.createBundle();
    const learners = await Promise.all([fixture.learner(), fixture.learner(), fixture.learner()]);
    const made = [];
    for (const learner of learners) made.push(expectStatus(await ask(learner, bundle._id), 201, 'asking'));
    expectStatus(await approve(made[0]!._id), 200, 'approving');

    const firstPage = expectStatus(await fixture.call('GET', `${family.path}?perPage=2&currentPage=1`, { token: fixture.admin }), 200, 'page 1');
    expect(firstPage.result.map((request: { _id: string }) => request._id)).toEqual([made[2]!._id, made[1]!._id]);
    expect(firstPage.result[0].user).toEqual({ _id: learners[2]!.id, email: learners[2]!.email });
    const secondPage = expectStatus(await fixture.call('GET', `${family.path}?perPage=2&currentPage=2`, { token: fixture.admin }), 200, 'page 2');
    expect(secondPage.result[0]).toMatchObject({ _id: made[0]!._id, isApproved: true });
    expect(secondPage.total).toBe(firstPage.total);
    const all = expectStatus(await fixture.call('GET', `${family.path}?perPage=100`, { token: fixture.admin }), 200, 'all');
    expect(all.total).toBe(all.result.length);
    expect(all.result.filter((request: { isApproved: boolean }) => !request.isApproved)).toHaveLength(before.count + 2);
    const after = expectStatus(await fixture.call('GET', `${family.path}/total-new-requests`, { token: fixture.admin }), 200, 'count');
    expect(after).toEqual({ count: before.count + 2 });
  });

  it('a page the catalog keeps follows every change: approval, the bundle\'s name, a late email, a cancellation', async () => {
    const bundle = await family.createBundle();
    const known = await fixture.learner();
    const asked = expectStatus(await ask(known, bundle._id), 201, 'asking');
    // A learner the catalog hears of only later, so the page first shows no email.
    const lateId = randomUUID();
    const late = await createRequest(fixture.platform.services.catalog.context.db, family.kind, lateId, bundle._id);
    const newest = async () => {
      const page = expectStatus(await fixture.call('GET', `${family.path}?perPage=2&currentPage=1`, { token: fixture.admin }), 200, 'page 1');
      const count = expectStatus(await fixture.call('GET', `${family.path}/total-new-requests`, { token: fixture.admin }), 200, 'count').count;
      return { page, count, byId: new Map(page.result.map((request: { _id: string }) => [request._id, request])) };
    };

    const first = await newest();
    expect(first.byId.get(late._id)).toMatchObject({ user: { _id: lateId, email: '' }, isApproved: false });
    expect(first.byId.get(asked._id)).toMatchObject({ isApproved: false, [family.field]: { name: expect.any(String) } });

    expectStatus(await approve(asked._id), 200, 'approving');
    const approved = await newest();
    expect(approved.byId.get(asked._id)).toMatchObject({ isApproved: true });
    expect(approved.count).toBe(first.count - 1);

    const bundlePath = family.kind === 'lesson' ? '/v1/lessons' : '/v1/monsterplans';
    const renamed = `Шинэ нэр ${randomUUID().slice(0, 8)}`;
    expectStatus(await fixture.call('PUT', `${bundlePath}/${bundle._id}`, { token: fixture.admin, body: { name: renamed, price: '59,000₮', videos: bundle.videos } }), 200, 'renaming');
    expect((await newest()).byId.get(asked._id)).toMatchObject({ [family.field]: { name: renamed } });

    await fixture.publish('user.registered', { userId: lateId, email: 'late-page@test.mn', name: 'Хожуу' }, 'auth');
    const seen = await eventually(async () => {
      const page = await newest();
      return (page.byId.get(late._id) as { user: { email: string } }).user.email !== '' && page;
    }, "the late learner's email is on the administrator's page");
    expect(seen.byId.get(late._id)).toMatchObject({ user: { _id: lateId, email: 'late-page@test.mn' } });

    expect((await cancel(late._id)).status).toBe(204);
    const cancelled = await newest();
    expect(cancelled.byId.has(late._id)).toBe(false);
    expect(cancelled.page.total).toBe(seen.page.total - 1);
    expect(cancelled.count).toBe(approved.count - 1);
  });

  it('a page past the last one is empty and still tells the total', async () => {
    const bundle = await family.createBundle();
    expectStatus(await ask(await fixture.learner(), bundle._id), 201, 'asking');
    const all = expectStatus(await fixture.call('GET', `${family.path}?perPage=100`, { token: fixture.admin }), 200, 'all');
    const beyond = expectStatus(await fixture.call('GET', `${family.path}?perPage=100&currentPage=${Math.ceil(all.total / 100) + 1}`, { token: fixture.admin }), 200, 'past the end');
    expect(beyond).toEqual({ result: [], total: all.total });
    expect(all.total).toBeGreaterThan(0);
  });

  it('deleting a bundle takes its requests out of the total and the new-request count', async () => {
    const bundle = await family.createBundle();
    const [first, second] = await Promise.all([fixture.learner(), fixture.learner()]);
    expectStatus(await approve(expectStatus(await ask(first, bundle._id), 201, 'asking')._id), 200, 'approving');
    expectStatus(await ask(second, bundle._id), 201, 'asking');
    const totals = async () => ({
      total: expectStatus(await fixture.call('GET', `${family.path}?perPage=1`, { token: fixture.admin }), 200, 'list').total,
      count: expectStatus(await fixture.call('GET', `${family.path}/total-new-requests`, { token: fixture.admin }), 200, 'count').count,
    });
    const before = await totals();
    const bundlePath = family.kind === 'lesson' ? '/v1/lessons' : '/v1/monsterplans';
    expectStatus(await fixture.call('DELETE', `${bundlePath}/${bundle._id}`, { token: fixture.admin }), 204, 'deleting');
    expect(await totals()).toEqual({ total: before.total - 2, count: before.count - 1 });
  });

  it.each(['perPage=0', 'perPage=101', 'currentPage=0', 'perPage=abc'])('a bad page query %s is 400', async (query) => {
    const answer = await fixture.call('GET', `${family.path}?${query}`, { token: fixture.admin });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/[\u0400-\u04FF]/);
  });
});

describe('monster plan requests', () => {
  it('asking for an inactive plan is refused with 409 and a message', async () => {
    const plan = await fixture.createMonsterplan({ isActive: false });
    const learner = await fixture.learner();
    const answer = await fixture.call('POST', '/v1/monsterplan-requests', { token: learner.token, body: { monsterplan: plan._id } });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ message: 'Энэ Monster plan одоогоор идэвхгүй тул хүсэлт илгээх боломжгүй.', code: 'monsterplan_inactive' });
  });
});

describe('lesson requests', () => {
  it('a bundle whose every video the learner already holds through another bundle is approved already (409)', async () => {
    const [shared, own] = await fixture.publishVideos('lesson', 2);
    const large = await fixture.createLesson({ videos: [shared!, own!] });
    const small = await fixture.createLesson({ videos: [shared!] });
    const learner = await fixture.approvedForLesson(large._id);
    const answer = await fixture.call('POST', '/v1/lesson-requests', { token: learner.token, body: { lesson: small._id } });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('already_approved');
  });

  it('a request from a learner the catalog has not heard of yet works, with the email empty until user.registered arrives', async () => {
    const db = fixture.platform.services.catalog.context.db;
    const lesson = await fixture.createLesson();
    const userId = randomUUID();
    const request = await createRequest(db, 'lesson', userId, lesson._id);
    expect(request.user).toEqual({ _id: userId, email: '' });
    await fixture.publish('user.registered', { userId, email: 'late@test.mn', name: 'Хожуу' }, 'auth');
    const seen = await eventually(async () => {
      const found = await findRequest(db, 'lesson', request._id);
      return found.user.email !== '' && found;
    }, "the late learner's email is on the request");
    expect(seen.user).toEqual({ _id: userId, email: 'late@test.mn' });
  });
});
