// A learner who deleted their account (auth's `user.deleted`): the exam forgets their approvals, the
// questions it issued them, their results and their email; the administrator's results list no longer shows them.
import { deleteOwnAccount } from '@learning/testing';
import { eventually, expectStatus, startExamFixture, type ExamFixture } from './fixture.js';

let fixture: ExamFixture;
beforeAll(async () => {
  fixture = await startExamFixture();
});
afterAll(() => fixture?.close());


it("a deleted learner's results leave the administrator's list, and nothing the exam kept of them remains; other learners' results stay", async () => {
  const [finished, started] = await Promise.all([fixture.examPlan(), fixture.examPlan()]);
  const deleted = await fixture.approvedLearner(finished);
  const stays = await fixture.approvedLearner(finished);
  await fixture.sitThrough(deleted, finished, { correct: 36 });
  await fixture.sitThrough(stays, finished, { correct: 36 });
  // An exam of another plan begun and left: its questions were drawn, two revealed.
  const request = await fixture.requestMonsterplan(deleted, started);
  expectStatus(await fixture.call('PUT', `/v1/monsterplan-requests/${request._id}`, { token: fixture.admin }), 200, 'approving');
  await eventually(async () => (await fixture.call('GET', `/v1/monsterplans/${started}/exam`, { token: deleted.token })).status === 200, 'the second exam opens');
  await fixture.reveal(deleted, started, 1);
  await fixture.reveal(deleted, started, 2);
  const results = async () =>
    expectStatus(await fixture.call('GET', '/v1/monsterplans/exam-results?perPage=100&currentPage=1', { token: fixture.admin }), 200, 'the results').result as Array<{
      user: { _id: string; email: string };
    }>;
  expect((await results()).map((result) => result.user._id)).toEqual(expect.arrayContaining([deleted.id, stays.id]));

  await deleteOwnAccount(fixture.platform, deleted);
  await eventually(async () => !(await results()).some((result) => result.user._id === deleted.id), 'the result is gone');
  expect((await results()).map((result) => result.user.email)).toContain(stays.email);
  const examDb = fixture.platform.services.exam.context.db;
  for (const table of ['learner', 'approval', 'access_version', 'sitting', 'revealed_question', 'result'] as const) {
    expect([table, await examDb.selectFrom(table).select('user_id').where('user_id', '=', deleted.id).execute()]).toEqual([table, []]);
  }
});
