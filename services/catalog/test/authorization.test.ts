// Who may call what: every catalog route, called by a guest, the learner it concerns, another
// learner and the administrator; a refusal's message is Mongolian.
import type { catalog } from '@learning/contracts';
import { answerOnceHeard, deleteOwnAccount, eventually, expectStatus, promotedAdministrator, setAdministrator } from '@learning/testing';
import { adminOnly, anyone, type Caller, expectWhoMayCall, type Route, signedIn } from '@learning/testing/authorization';
import { type CatalogFixture, type Learner, startCatalogFixture } from '@learning/testing/catalog';
import { ledger } from './refunds-fixture.js';

let fixture: CatalogFixture;
let learner: Learner;
let otherLearner: Learner;
let plan: catalog.Monsterplan;
let lesson: catalog.Lesson;
/** The learner's refund for passing the plan's exam. */
let refundId: string;

beforeAll(async () => {
  fixture = await startCatalogFixture();
  [learner, otherLearner] = await Promise.all([fixture.learner(), fixture.learner()]);
  plan = await fixture.createMonsterplan();
  const request = await fixture.requestMonsterplan(learner, plan._id);
  expectStatus(await fixture.call('PUT', `/v1/monsterplan-requests/${request._id}`, { token: fixture.admin }), 200, 'approving');
  lesson = await fixture.createLesson();
  const lessonRequest = await fixture.requestLesson(learner, lesson._id);
  expectStatus(await fixture.call('PUT', `/v1/lesson-requests/${lessonRequest._id}`, { token: fixture.admin }), 200, 'approving');
  const the = ledger(fixture);
  await the.examCompleted(learner, plan._id, 36);
  refundId = (await the.refundsOf(learner))[0]!.id;
  // Each signed-in caller has given an account, so reading one's own answers 200.
  for (const token of [learner.token, otherLearner.token, fixture.admin]) {
    expectStatus(await fixture.call('PUT', '/v1/me/bank-account', { token, body: bankAccount }), 200, 'giving an account');
  }
});

it("a learner reads only their own account and claims: another's are never in the answer", async () => {
  expectStatus(await fixture.call('PUT', '/v1/me/bank-account', { token: otherLearner.token, body: { ...bankAccount, accountHolder: 'Өөр хүн' } }), 200, 'another account');
  expect((await fixture.call('GET', '/v1/me/bank-account', { token: learner.token })).body.accountHolder).toBe('Болд');
  expect((await fixture.call('GET', '/v1/me/refunds', { token: otherLearner.token })).body).toEqual({ result: [] });
  expect((await fixture.call('GET', '/v1/me/refunds', { token: learner.token })).body.result.map((claim: { _id: string }) => claim._id)).toEqual([refundId]);
});
afterAll(() => fixture?.close());

const bankAccount = { bankName: 'Хаан банк', accountNumber: '5012345678', accountHolder: 'Болд' };

/** Progress is the learner's own, where approved: an administrator is no exception (no request, no progress). */
const approvedLearnerOnly = { guest: 401, learner: 200, otherLearner: 403, admin: 403 };

const lessonBody = async () => ({ name: 'Багц', price: '1₮', videos: await fixture.publishVideos('lesson', 1) });
const planBody = async () => ({ name: 'План', price: '1₮', videos: await fixture.publishVideos('monsterplan', 1) });
const lessonRequest = async () => fixture.requestLesson(await fixture.learner(), (await fixture.createLesson())._id);
const planRequest = async () => fixture.requestMonsterplan(await fixture.learner(), (await fixture.createMonsterplan())._id);
/** A new plan or bundle the learner is approved for. */
const planOfTheLearner = async () => {
  const created = await fixture.createMonsterplan();
  const request = await fixture.requestMonsterplan(learner, created._id);
  expectStatus(await fixture.call('PUT', `/v1/monsterplan-requests/${request._id}`, { token: fixture.admin }), 200, 'approving');
  return created;
};
const lessonOfTheLearner = async () => {
  const created = await fixture.createLesson();
  const request = await fixture.requestLesson(learner, created._id);
  expectStatus(await fixture.call('PUT', `/v1/lesson-requests/${request._id}`, { token: fixture.admin }), 200, 'approving');
  return created;
};

const routes: Route[] = [
  { method: 'GET', path: '/v1/lessons', prepare: async () => ({ path: '/v1/lessons' }), expected: anyone },
  { method: 'POST', path: '/v1/lessons', prepare: async () => ({ path: '/v1/lessons', body: await lessonBody() }), expected: adminOnly(201) },
  { method: 'GET', path: '/v1/lessons/{id}', prepare: async () => ({ path: `/v1/lessons/${(await fixture.createLesson())._id}` }), expected: anyone },
  {
    method: 'PUT',
    path: '/v1/lessons/{id}',
    prepare: async () => ({ path: `/v1/lessons/${(await fixture.createLesson())._id}`, body: await lessonBody() }),
    expected: adminOnly(200),
  },
  { method: 'DELETE', path: '/v1/lessons/{id}', prepare: async () => ({ path: `/v1/lessons/${(await fixture.createLesson())._id}` }), expected: adminOnly(204) },

  { method: 'GET', path: '/v1/monsterplans', prepare: async () => ({ path: '/v1/monsterplans' }), expected: anyone },
  { method: 'POST', path: '/v1/monsterplans', prepare: async () => ({ path: '/v1/monsterplans', body: await planBody() }), expected: adminOnly(201) },
  { method: 'GET', path: '/v1/monsterplans/{id}', prepare: async () => ({ path: `/v1/monsterplans/${plan._id}` }), expected: anyone },
  {
    method: 'PUT',
    path: '/v1/monsterplans/{id}',
    prepare: async () => ({ path: `/v1/monsterplans/${(await fixture.createMonsterplan())._id}`, body: await planBody() }),
    expected: adminOnly(200),
  },
  {
    method: 'DELETE',
    path: '/v1/monsterplans/{id}',
    prepare: async () => ({ path: `/v1/monsterplans/${(await fixture.createMonsterplan())._id}` }),
    expected: adminOnly(204),
  },
  {
    method: 'GET',
    path: '/v1/monsterplans/{monsterplanId}/play/{videoId} (the learner is approved)',
    prepare: async () => ({ path: `/v1/monsterplans/${plan._id}/play/${plan.videos[0]}` }),
    expected: { guest: 401, learner: 200, otherLearner: 403, admin: 200 },
  },

  {
    method: 'POST',
    path: '/v1/lesson-requests',
    prepare: async () => ({ path: '/v1/lesson-requests', body: { lesson: (await fixture.createLesson())._id } }),
    expected: signedIn(201),
  },
  { method: 'GET', path: '/v1/lesson-requests', prepare: async () => ({ path: '/v1/lesson-requests?perPage=10&currentPage=1' }), expected: adminOnly(200) },
  { method: 'GET', path: '/v1/lesson-requests/total-new-requests', prepare: async () => ({ path: '/v1/lesson-requests/total-new-requests' }), expected: adminOnly(200) },
  { method: 'GET', path: '/v1/lesson-requests/{id}', prepare: async () => ({ path: `/v1/lesson-requests/${(await lessonRequest())._id}` }), expected: adminOnly(200) },
  { method: 'PUT', path: '/v1/lesson-requests/{id}', prepare: async () => ({ path: `/v1/lesson-requests/${(await lessonRequest())._id}` }), expected: adminOnly(200) },
  { method: 'DELETE', path: '/v1/lesson-requests/{id}', prepare: async () => ({ path: `/v1/lesson-requests/${(await lessonRequest())._id}` }), expected: adminOnly(204) },

  {
    method: 'POST',
    path: '/v1/monsterplan-requests',
    prepare: async () => ({ path: '/v1/monsterplan-requests', body: { monsterplan: (await fixture.createMonsterplan())._id } }),
    expected: signedIn(201),
  },
  { method: 'GET', path: '/v1/monsterplan-requests', prepare: async () => ({ path: '/v1/monsterplan-requests' }), expected: adminOnly(200) },
  {
    method: 'GET',
    path: '/v1/monsterplan-requests/total-new-requests',
    prepare: async () => ({ path: '/v1/monsterplan-requests/total-new-requests' }),
    expected: adminOnly(200),
  },
  {
    method: 'GET',
    path: '/v1/monsterplan-requests/{id}',
    prepare: async () => ({ path: `/v1/monsterplan-requests/${(await planRequest())._id}` }),
    expected: adminOnly(200),
  },
  {
    method: 'PUT',
    path: '/v1/monsterplan-requests/{id}',
    prepare: async () => ({ path: `/v1/monsterplan-requests/${(await planRequest())._id}` }),
    expected: adminOnly(200),
  },
  {
    method: 'DELETE',
    path: '/v1/monsterplan-requests/{id}',
    prepare: async () => ({ path: `/v1/monsterplan-requests/${(await planRequest())._id}` }),
    expected: adminOnly(204),
  },

  {
    method: 'POST',
    path: '/v1/progress/videos/{videoId} (the learner is approved for the plan)',
    prepare: async () => ({ path: `/v1/progress/videos/${plan.videos[0]}`, body: { monsterplan: plan._id, ranges: [[0, 1]], position: 1 } }),
    expected: approvedLearnerOnly,
  },
  {
    method: 'POST',
    path: '/v1/progress/videos/{videoId} (the learner is approved for the bundle)',
    prepare: async () => ({ path: `/v1/progress/videos/${lesson.videos[0]}`, body: { lesson: lesson._id, ranges: [[0, 1]], position: 1 } }),
    expected: approvedLearnerOnly,
  },
  {
    method: 'PUT',
    path: '/v1/progress/videos/{videoId}/dictation (the learner is approved for the plan)',
    prepare: async () => ({ path: `/v1/progress/videos/${plan.videos[0]}/dictation`, body: { monsterplan: plan._id, lines: 1, correctWords: 1, totalWords: 2 } }),
    expected: approvedLearnerOnly,
  },
  {
    method: 'PUT',
    path: '/v1/progress/videos/{videoId}/dictation (the learner is approved for the bundle)',
    prepare: async () => ({ path: `/v1/progress/videos/${lesson.videos[0]}/dictation`, body: { lesson: lesson._id, lines: 1, correctWords: 1, totalWords: 2 } }),
    expected: approvedLearnerOnly,
  },
  { method: 'GET', path: '/v1/progress/monsterplans/{id}', prepare: async () => ({ path: `/v1/progress/monsterplans/${plan._id}` }), expected: approvedLearnerOnly },
  { method: 'GET', path: '/v1/progress/lessons/{id}', prepare: async () => ({ path: `/v1/progress/lessons/${lesson._id}` }), expected: approvedLearnerOnly },
  { method: 'GET', path: '/v1/progress/mine', prepare: async () => ({ path: '/v1/progress/mine' }), expected: signedIn(200) },
  { method: 'GET', path: '/v1/progress/users/{userId}', prepare: async () => ({ path: `/v1/progress/users/${learner.id}` }), expected: adminOnly(200) },

  // An administrator takes a learner's access away: the learner's own, granted afresh for each caller.
  {
    method: 'DELETE',
    path: '/v1/monsterplans/{id}/learners/{userId}',
    prepare: async () => ({ path: `/v1/monsterplans/${(await planOfTheLearner())._id}/learners/${learner.id}` }),
    expected: adminOnly(204),
  },
  {
    method: 'DELETE',
    path: '/v1/lessons/{id}/learners/{userId}',
    prepare: async () => ({ path: `/v1/lessons/${(await lessonOfTheLearner())._id}/learners/${learner.id}` }),
    expected: adminOnly(204),
  },

  // The refund ledger is the administrator's, even for the learner it pays.
  { method: 'GET', path: '/v1/monsterplans/{id}/refunds', prepare: async () => ({ path: `/v1/monsterplans/${plan._id}/refunds` }), expected: adminOnly(200) },
  { method: 'GET', path: '/v1/monsterplans/{id}/refunds.csv', prepare: async () => ({ path: `/v1/monsterplans/${plan._id}/refunds.csv` }), expected: adminOnly(200) },
  { method: 'GET', path: '/v1/refunds?user={userId}', prepare: async () => ({ path: `/v1/refunds?user=${learner.id}` }), expected: adminOnly(200) },
  { method: 'GET', path: '/v1/refunds/alouds?ids={aloudId}', prepare: async () => ({ path: `/v1/refunds/alouds?ids=${plan._id}` }), expected: adminOnly(200) },
  { method: 'PUT', path: '/v1/refunds/{refundId}/paid', prepare: async () => ({ path: `/v1/refunds/${refundId}/paid` }), expected: adminOnly(200) },
  { method: 'DELETE', path: '/v1/refunds/{refundId}/paid', prepare: async () => ({ path: `/v1/refunds/${refundId}/paid` }), expected: adminOnly(200) },
  {
    method: 'PUT',
    path: '/v1/refunds/{refundId}/paid (QPay refund)',
    prepare: async () => ({ path: `/v1/refunds/${refundId}/paid`, body: { method: 'qpay_refund' } }),
    expected: adminOnly(200),
  },
  { method: 'GET', path: '/v1/refunds/payable', prepare: async () => ({ path: '/v1/refunds/payable?perPage=10&currentPage=1' }), expected: adminOnly(200) },
  { method: 'GET', path: '/v1/refunds/payable.csv', prepare: async () => ({ path: '/v1/refunds/payable.csv' }), expected: adminOnly(200) },
  { method: 'GET', path: '/v1/refunds/{refundId}/history', prepare: async () => ({ path: `/v1/refunds/${refundId}/history` }), expected: adminOnly(200) },

  // A learner's account and claims are their own: the path names no one, so each caller reaches only theirs.
  { method: 'PUT', path: '/v1/me/bank-account', prepare: async () => ({ path: '/v1/me/bank-account', body: bankAccount }), expected: signedIn(200) },
  { method: 'GET', path: '/v1/me/bank-account', prepare: async () => ({ path: '/v1/me/bank-account' }), expected: signedIn(200) },
  { method: 'GET', path: '/v1/me/refunds', prepare: async () => ({ path: '/v1/me/refunds' }), expected: signedIn(200) },
];

const tokenOf = (caller: Caller) => ({ guest: undefined, learner: learner.token, otherLearner: otherLearner.token, admin: fixture.admin })[caller];

it.each(routes)('$method $path', (route) => expectWhoMayCall(route, fixture.call, tokenOf));

it('a garbage or revoked token is refused with 401 on a signed-in route, and treated as a guest on a public one', async () => {
  const revoked = await fixture.learner();
  expectStatus(await fixture.call('POST', '/v1/auth/logout', { token: revoked.token }), 204, 'signing out');
  const lesson = await fixture.createLesson();
  const isRefused = async (token: string) => (await fixture.call('GET', '/v1/lesson-requests/total-new-requests', { token })).status === 401;
  // The catalog learns of a sign-out from auth's session.revoked event.
  await eventually(() => isRefused(revoked.token), 'the catalog refuses the revoked token');
  for (const token of ['garbage', revoked.token]) {
    const refused = await fixture.call('POST', '/v1/lesson-requests', { token, body: { lesson: lesson._id } });
    expect(refused.status).toBe(401);
    expect((await fixture.call('GET', `/v1/lessons/${lesson._id}`, { token })).status).toBe(200);
  }
});

it("an administrator's token from before the role was removed is refused with 401; their next sign-in is a learner's", async () => {
  const other = await promotedAdministrator(fixture.platform);
  const newRequests = (token: string) => fixture.call('GET', '/v1/lesson-requests/total-new-requests', { token });
  expect((await newRequests(other.token)).status).toBe(200);
  await setAdministrator(fixture.platform, other.id, false);
  // The catalog learns of the role change from auth's user.tokens-revoked event.
  const refused = await answerOnceHeard(() => newRequests(other.token), 200);
  expect(refused.status).toBe(401);
  expect(refused.body).toMatchObject({ code: 'token_revoked' });
  const token = await fixture.platform.signIn(other.email, other.password);
  expect((await newRequests(token)).status).toBe(403);
});

it("a deleted learner's token is refused with 401: they cannot request a bundle", async () => {
  const deleted = await fixture.learner();
  const lesson = await fixture.createLesson();
  await deleteOwnAccount(fixture.platform, deleted);
  // A learner's token gets 403 here until the catalog hears of the deletion.
  await answerOnceHeard(() => fixture.call('GET', '/v1/lesson-requests/total-new-requests', { token: deleted.token }), 403);
  const refused = await fixture.call('POST', '/v1/lesson-requests', { token: deleted.token, body: { lesson: lesson._id } });
  expect(refused.status).toBe(401);
  expect(refused.body).toMatchObject({ code: 'token_revoked' });
});
