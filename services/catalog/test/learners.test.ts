// One learner, whole: an administrator reads a learner's plans and bundles
// (GET /v1/progress/users/{userId}) and revokes their access to a plan or bundle
// (DELETE /v1/monsterplans|lessons/{id}/learners/{userId}); /v1/auth/me follows the revocation event.
// Who may call them: authorization.test.ts.
import { expectStatus } from '@learning/testing';
import { startCatalogFixture, type CatalogFixture } from '@learning/testing/catalog';
import { recordedEvents, reported, planOfDays } from './listening-fixture.js';

let fixture: CatalogFixture;

beforeAll(async () => {
  fixture = await startCatalogFixture();
});
afterAll(() => fixture?.close());

describe('a learner\'s progress for the administrator', () => {
  it('is what the learner\'s own /v1/progress/mine shows', async () => {
    const { plan, videos } = await planOfDays(fixture, [[20], [20]]);
    const learner = await fixture.approvedForMonsterplan(plan._id);
    await fixture.requestLesson(learner, (await fixture.createLesson())._id);
    await reported(fixture, learner, videos[0]![0]!, { monsterplan: plan._id, ranges: [[0, 20]], position: 20 });
    const mine = expectStatus(await fixture.call('GET', '/v1/progress/mine', { token: learner.token }), 200, '/mine');
    const theirs = expectStatus(await fixture.call('GET', `/v1/progress/users/${learner.id}`, { token: fixture.admin }), 200, 'progress/users');
    expect(theirs).toEqual(mine);
    expect(theirs).toMatchObject({ monsterplans: [{ _id: plan._id, access: 'approved', listenedSeconds: 20 }], lessons: [{ access: 'pending' }] });
  });

  it('is empty for someone without a request, or an id that is no user\'s', async () => {
    const newcomer = await fixture.learner();
    for (const userId of [newcomer.id, 'not-an-id']) {
      expect(expectStatus(await fixture.call('GET', `/v1/progress/users/${userId}`, { token: fixture.admin }), 200, userId)).toEqual({ monsterplans: [], lessons: [], streak: { days: 0, todayMinutes: 0, goalMinutes: 10 } });
    }
  });
});

describe('revoking a learner\'s access', () => {
  it('to a plan: the request goes, monsterplan-access.revoked is recorded with the name and access, /v1/auth/me follows; progress stays', async () => {
    const { plan, videos } = await planOfDays(fixture, [[20]]);
    const learner = await fixture.approvedForMonsterplan(plan._id);
    await reported(fixture, learner, videos[0]![0]!, { monsterplan: plan._id, ranges: [[0, 10]], position: 10 });
    await fixture.meOnce(learner, (me) => me.monsterplans.includes(plan._id));

    expectStatus(await fixture.call('DELETE', `/v1/monsterplans/${plan._id}/learners/${learner.id}`, { token: fixture.admin }), 204, 'revoking');

    const [event] = await recordedEvents(fixture, 'monsterplan-access.revoked', learner.id);
    expect(event).toEqual({
      userId: learner.id,
      monsterplanId: plan._id,
      name: plan.name,
      access: { lessons: [], pendingLessons: [], monsterplans: [], pendingMonsterplans: [], version: expect.any(Number) },
    });
    await fixture.meOnce(learner, (me) => me.monsterplans.length === 0);
    expect((await fixture.call('GET', `/v1/monsterplans/${plan._id}/play/${videos[0]![0]}`, { token: learner.token })).status).toBe(403);
    expect(expectStatus(await fixture.call('GET', '/v1/progress/mine', { token: learner.token }), 200, '/mine')).toEqual({ monsterplans: [], lessons: [], streak: { days: 0, todayMinutes: 0, goalMinutes: 10 } });
    const listened = await fixture.platform.services.catalog.context.db.selectFrom('listening').select('heard_seconds').where('user_id', '=', learner.id).execute();
    expect(listened).toEqual([{ heard_seconds: 10 }]);
  });

  it('to a pending bundle: the request goes and lesson-access.revoked is recorded; /v1/auth/me no longer shows it pending', async () => {
    const lesson = await fixture.createLesson();
    const learner = await fixture.learner();
    await fixture.requestLesson(learner, lesson._id);
    await fixture.meOnce(learner, (me) => me.pendingLessons.includes(lesson._id));

    expectStatus(await fixture.call('DELETE', `/v1/lessons/${lesson._id}/learners/${learner.id}`, { token: fixture.admin }), 204, 'revoking');

    expect(await recordedEvents(fixture, 'lesson-access.revoked', learner.id)).toEqual([
      { userId: learner.id, lessonId: lesson._id, name: lesson.name, access: expect.objectContaining({ pendingLessons: [] }) },
    ]);
    await fixture.meOnce(learner, (me) => me.pendingLessons.length === 0);
    // The learner may ask again.
    await fixture.requestLesson(learner, lesson._id);
  });

  it('to an approved bundle: its videos go from /v1/auth/me, except those another approved bundle holds', async () => {
    const shared = await fixture.publishVideo('lesson');
    const kept = await fixture.createLesson({ videos: [shared] });
    const revoked = await fixture.createLesson({ videos: [shared, await fixture.publishVideo('lesson')] });
    const learner = await fixture.approvedForLesson(kept._id);
    const request = await fixture.requestLesson(learner, revoked._id);
    expectStatus(await fixture.call('PUT', `/v1/lesson-requests/${request._id}`, { token: fixture.admin }), 200, 'approving');
    await fixture.meOnce(learner, (me) => me.lessons.length === 2);
    expectStatus(await fixture.call('DELETE', `/v1/lessons/${revoked._id}/learners/${learner.id}`, { token: fixture.admin }), 204, 'revoking');
    expect(await fixture.meOnce(learner, (me) => me.lessons.length === 1)).toMatchObject({ lessons: [shared] });
  });

  it('is 404 access_not_found in Mongolian when the learner holds no request; 404 for an unknown plan', async () => {
    const plan = await fixture.createMonsterplan();
    const learner = await fixture.learner();
    const refused = await fixture.call('DELETE', `/v1/monsterplans/${plan._id}/learners/${learner.id}`, { token: fixture.admin });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: 'Энэ хэрэглэгчид энэ багцын эрх алга.', code: 'access_not_found' });
    expect((await fixture.call('DELETE', `/v1/monsterplans/${plan._id}/learners/not-an-id`, { token: fixture.admin })).body).toMatchObject({ code: 'access_not_found' });
    const unknownPlan = await fixture.call('DELETE', `/v1/monsterplans/${crypto.randomUUID()}/learners/${learner.id}`, { token: fixture.admin });
    expect(unknownPlan.status).toBe(404);
    expect(unknownPlan.body).toMatchObject({ code: 'monsterplan_not_found' });
  });
});
