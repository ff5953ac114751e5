// Who may call what: every exam route, called by a guest, the learner approved for the plan, a
// learner who is not, and the administrator.
import { randomUUID } from 'node:crypto';
import { answerOnceHeard, deleteOwnAccount, promotedAdministrator, setAdministrator } from '@learning/testing';
import { aQuestion, answersTo, eventually, startExamFixture, type ExamFixture, type Learner } from './fixture.js';

let fixture: ExamFixture;
let planId: string;

beforeAll(async () => {
  fixture = await startExamFixture();
  planId = await fixture.examPlan();
});
afterAll(() => fixture?.close());

type Caller = 'guest' | 'learner' | 'otherLearner' | 'admin';
const callers: Caller[] = ['guest', 'learner', 'otherLearner', 'admin'];

interface Route {
  method: string;
  path: string;
  /** Makes what the call needs, fresh for each caller; `approved` is the learner the call concerns. */
  prepare: (approved: Learner) => Promise<{ path: string; body?: unknown }>;
  expected: Record<Caller, number>;
}

const adminOnly = (status: number) => ({ guest: 401, learner: 403, otherLearner: 403, admin: status });
const questionsOf = (id: string) => `/v1/monsterplans/${id}/questions`;

async function sealedAnswersOf(learner: Learner) {
  const { question } = await fixture.reveal(learner, planId, 1);
  return { id: planId, user: learner.id, data: await fixture.seal(answersTo([question], await fixture.bank(planId), { correct: 1 })) };
}

/** The first question revealed to the approved learner, and an option of it. */
async function firstOptionOf(learner: Learner) {
  const { question } = await fixture.reveal(learner, planId, 1);
  return { answer: question.answers[0]!.identifier };
}

const onlyTheApprovedLearner = (status: number) => ({ guest: 401, learner: status, otherLearner: 403, admin: 403 });

const routes: Route[] = [
  {
    method: 'GET',
    path: '/v1/monsterplans/{id}/exam (only the approved learner; an administrator who is not approved neither)',
    prepare: async () => ({ path: `/v1/monsterplans/${planId}/exam` }),
    expected: onlyTheApprovedLearner(200),
  },
  {
    method: 'GET',
    path: '/v1/monsterplans/{id}/exam/attempt',
    prepare: async () => ({ path: `/v1/monsterplans/${planId}/exam/attempt` }),
    expected: onlyTheApprovedLearner(200),
  },
  {
    method: 'POST',
    path: '/v1/monsterplans/{id}/exam/questions/{number}',
    prepare: async () => ({ path: `/v1/monsterplans/${planId}/exam/questions/1` }),
    expected: onlyTheApprovedLearner(200),
  },
  {
    method: 'POST',
    path: '/v1/monsterplans/{id}/exam/questions/{number}/answer',
    prepare: async (approved) => ({ path: `/v1/monsterplans/${planId}/exam/questions/1/answer`, body: await firstOptionOf(approved) }),
    expected: onlyTheApprovedLearner(200),
  },
  {
    method: 'POST',
    path: '/v1/monsterplans/{id}/exam',
    prepare: async (approved) => ({ path: `/v1/monsterplans/${planId}/exam`, body: await sealedAnswersOf(approved) }),
    expected: onlyTheApprovedLearner(200),
  },
  { method: 'GET', path: '/v1/monsterplans/exam-results', prepare: async () => ({ path: '/v1/monsterplans/exam-results?perPage=10&currentPage=1' }), expected: adminOnly(200) },
  { method: 'GET', path: '/v1/monsterplans/{id}/questions', prepare: async () => ({ path: questionsOf(planId) }), expected: adminOnly(200) },
  { method: 'POST', path: '/v1/monsterplans/{id}/questions', prepare: async () => ({ path: questionsOf(planId), body: [aQuestion(1)] }), expected: adminOnly(201) },
  {
    method: 'PUT',
    path: '/v1/monsterplans/{id}/questions (the whole bank)',
    prepare: async () => ({ path: questionsOf(await fixture.examPlan({ bank: 1 })), body: [aQuestion(2)] }),
    expected: adminOnly(200),
  },
  { method: 'DELETE', path: '/v1/monsterplans/{id}/questions', prepare: async () => ({ path: questionsOf(await fixture.examPlan({ bank: 1 })) }), expected: adminOnly(204) },
  {
    method: 'PUT',
    path: '/v1/monsterplans/{id}/questions/{questionId}',
    prepare: async () => ({ path: `${questionsOf(planId)}/${(await fixture.bank(planId))[0]!._id}`, body: aQuestion(3) }),
    expected: adminOnly(200),
  },
  {
    method: 'DELETE',
    path: '/v1/monsterplans/{id}/questions/{questionId}',
    prepare: async () => {
      const plan = await fixture.examPlan({ bank: 1 });
      return { path: `${questionsOf(plan)}/${(await fixture.bank(plan))[0]!._id}` };
    },
    expected: adminOnly(204),
  },
];

describe.each(routes)('$method $path', (route) => {
  it.each(callers)('answers %s as expected', async (caller) => {
    const approved = await fixture.approvedLearner(planId);
    const other = await fixture.learner();
    const { path, body } = await route.prepare(approved);
    const token = { guest: undefined, learner: approved.token, otherLearner: other.token, admin: fixture.admin }[caller];
    const answer = await fixture.call(route.method, path, { token, body });
    expect({ caller, status: answer.status }).toEqual({ caller, status: route.expected[caller] });
    if (answer.status >= 400) expect(answer.body).toEqual({ message: expect.stringMatching(/[\u0400-\u04FF]/), code: expect.any(String) });
  });
});

it('answers a token that is no longer valid with 401, not as a guest', async () => {
  const learner = await fixture.approvedLearner(planId);
  await fixture.call('POST', '/v1/auth/logout', { token: learner.token });
  // The exam service hears of the sign-out through `session.revoked`.
  const answer = await eventually(async () => {
    const called = await fixture.call('GET', `/v1/monsterplans/${planId}/exam`, { token: learner.token });
    return called.status === 401 && called;
  }, 'the exam service refuses the revoked token');
  expect(answer.body).toMatchObject({ code: 'token_revoked' });
});

it("answers an administrator's token from before the role was removed with 401, and their next sign-in as a learner", async () => {
  const other = await promotedAdministrator(fixture.platform);
  const results = (token: string) => fixture.call('GET', '/v1/monsterplans/exam-results?perPage=10&currentPage=1', { token });
  expect((await results(other.token)).status).toBe(200);
  await setAdministrator(fixture.platform, other.id, false);
  // The exam service hears of the role change through `user.tokens-revoked`.
  const refused = await answerOnceHeard(() => results(other.token), 200);
  expect(refused.status).toBe(401);
  expect(refused.body).toMatchObject({ code: 'token_revoked' });
  expect((await results(await fixture.platform.signIn(other.email, other.password))).status).toBe(403);
});

it("answers a deleted learner's token with 401: they cannot take the exam they were approved for", async () => {
  const learner = await fixture.approvedLearner(planId);
  await deleteOwnAccount(fixture.platform, learner);
  const refused = await answerOnceHeard(() => fixture.call('GET', `/v1/monsterplans/${planId}/exam`, { token: learner.token }), 200);
  expect(refused.status).toBe(401);
  expect(refused.body).toMatchObject({ code: 'token_revoked' });
});

it('answers the bank of an unknown plan with 404', async () => {
  expect((await fixture.call('GET', questionsOf(randomUUID()), { token: fixture.admin })).status).toBe(404);
});
