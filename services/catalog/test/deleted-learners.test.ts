// A learner who deleted their account (auth's `user.deleted`): the catalog forgets their requests,
// pending and approved, their email and the days assigned to them; the administrator's lists and counts no longer show them.
import { deleteOwnAccount, eventually, expectStatus } from '@learning/testing';
import { type CatalogFixture, startCatalogFixture } from '@learning/testing/catalog';

let fixture: CatalogFixture;
beforeAll(async () => {
  fixture = await startCatalogFixture();
});
afterAll(() => fixture?.close());

it("a deleted learner's requests leave the administrator's lists and the new-request count; other learners' stay", async () => {
  const [lesson, plan] = await Promise.all([fixture.createLesson(), fixture.createMonsterplan()]);
  const [deleted, stays] = await Promise.all([fixture.learner(), fixture.learner()]);
  const pending = await fixture.requestLesson(deleted, lesson._id);
  const approved = await fixture.requestMonsterplan(deleted, plan._id);
  expectStatus(await fixture.call('PUT', `/v1/monsterplan-requests/${approved._id}`, { token: fixture.admin }), 200, 'approving');
  expectStatus(await fixture.call('GET', `/v1/monsterplans/${plan._id}/play/${plan.videos[0]}`, { token: deleted.token }), 200, 'opening a day');
  const kept = await fixture.requestLesson(stays, lesson._id);
  const newLessonRequests = async () =>
    expectStatus(await fixture.call('GET', '/v1/lesson-requests/total-new-requests', { token: fixture.admin }), 200, 'the count').count as number;
  const countBefore = await newLessonRequests();

  const catalogDb = fixture.platform.services.catalog.context.db;
  const assignedDays = () => catalogDb.selectFrom('day_assignment').select('user_id').where('user_id', '=', deleted.id).execute();
  expect(await assignedDays()).toHaveLength(1);

  await deleteOwnAccount(fixture.platform, deleted);
  await eventually(async () => (await fixture.call('GET', `/v1/lesson-requests/${pending._id}`, { token: fixture.admin })).status === 404, 'the pending request is gone');
  expect((await fixture.call('GET', `/v1/monsterplan-requests/${approved._id}`, { token: fixture.admin })).status).toBe(404);
  expect(await newLessonRequests()).toBe(countBefore - 1);
  const lessonRequests = expectStatus(await fixture.call('GET', '/v1/lesson-requests?perPage=100&currentPage=1', { token: fixture.admin }), 200, 'the list');
  const listed = lessonRequests.result.map((request: { _id: string; user: { email: string } }) => [request._id, request.user.email]);
  expect(listed).toContainEqual([kept._id, stays.email]);
  expect(listed.flat()).not.toContain(deleted.email);
  expect(await catalogDb.selectFrom('learner').select('user_id').where('user_id', '=', deleted.id).execute()).toEqual([]);
  expect(await assignedDays()).toEqual([]);
});
