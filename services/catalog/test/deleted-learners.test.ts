// A learner who deleted their account (auth's `user.deleted`): the catalog forgets their requests,
// pending and approved, and their email; the administrator's lists and counts no longer show them.
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
  const kept = await fixture.requestLesson(stays, lesson._id);
  const newLessonRequests = async () =>
    expectStatus(await fixture.call('GET', '/v1/lesson-requests/total-new-requests', { token: fixture.admin }), 200, 'the count').count as number;
  const countBefore = await newLessonRequests();

  await deleteOwnAccount(fixture.platform, deleted);
  await eventually(async () => (await fixture.call('GET', `/v1/lesson-requests/${pending._id}`, { token: fixture.admin })).status === 404, 'the pending request is gone');
  expect((await fixture.call('GET', `/v1/monsterplan-requests/${approved._id}`, { token: fixture.admin })).status).toBe(404);
  expect(await newLessonRequests()).toBe(countBefore - 1);
  const lessonRequests = expectStatus(await fixture.call('GET', '/v1/lesson-requests?perPage=100&currentPage=1', { token: fixture.admin }), 200, 'the list');
  const listed = lessonRequests.result.map((request: { _id: string; user: { email: string } }) => [request._id, request.user.email]);
  expect(listed).toContainEqual([kept._id, stays.email]);
  expect(listed.flat()).not.toContain(deleted.email);
  const catalogDb = fixture.platform.services.catalog.context.db;
  expect(await catalogDb.selectFrom('learner').select('user_id').where('user_id', '=', deleted.id).execute()).toEqual([]);
});
