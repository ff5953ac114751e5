// Taking the exam and its grading through the gateway: questions issued once and never revealing the
// correct option, answers sealed as the browser seals them, one attempt under concurrency, late
// submissions refused, `exam.completed` shown by GET /v1/auth/me, and the administrator's results.
import { randomUUID } from 'node:crypto';
import { exam, payloadKey, sealPayload } from '@learning/contracts';
import { sql } from 'kysely';
import { aQuestion, answersTo, eventually, expectStatus, startExamFixture, type ExamFixture, type Learner } from './fixture.js';

let fixture: ExamFixture;
let planId: string;

beforeAll(async () => {
  fixture = await startExamFixture();
  planId = await fixture.examPlan({ bank: 45 });
});
afterAll(() => fixture?.close());

const examPath = (id: string) => `/v1/monsterplans/${id}/exam`;

async function takeExam(learner: Learner, id = planId): Promise<exam.ExamQuestion[]> {
  return expectStatus(await fixture.call('GET', examPath(id), { token: learner.token }), 200, 'taking the exam');
}

async function submit(learner: Learner, answers: unknown, id = planId) {
  return fixture.call('POST', examPath(id), { token: learner.token, body: { id, user: learner.id, data: await fixture.seal(answers) } });
}

it('issues 40 questions of the bank in random order, options shuffled, and never the correct one', async () => {
  const [first, second] = await Promise.all([fixture.approvedLearner(planId), fixture.approvedLearner(planId)]);
  const [questions, others] = await Promise.all([takeExam(first), takeExam(second)]);
  const bank = await fixture.bank(planId);
  expect(questions).toHaveLength(40);
  expect(new Set(questions.map((question) => question.identifier)).size).toBe(40);
  for (const question of questions) {
    const banked = bank.find((candidate) => candidate._id === question.identifier)!;
    expect(question.question).toContain(question.niceWord);
    expect(question.answers.map((option) => option.identifier).sort()).toEqual(banked.answers.map((option) => option._id).sort());
  }
  // 40 of 45 in random order with shuffled options: two learners getting the same sequence is all but impossible.
  const sequence = (list: exam.ExamQuestion[]) => list.map((question) => question.answers.map((option) => option.identifier).join()).join();
  expect(sequence(others)).not.toBe(sequence(questions));
  const positions = questions.map((question) => question.answers.findIndex((option) => option.identifier === bank.find((b) => b._id === question.identifier)!.correctAnswer));
  expect(new Set(positions).size).toBeGreaterThan(1);
});

it('names a question and its answers as spec section 3 does: identifier, question, niceWord, answers of identifier and name', async () => {
  const learner = await fixture.approvedLearner(planId);
  for (const question of await takeExam(learner)) {
    expect(Object.keys(question).sort()).toEqual(['answers', 'identifier', 'niceWord', 'question']);
    expect(question.answers.map((option) => Object.keys(option).sort())).toEqual(Array(4).fill(['identifier', 'name']));
  }
});

it('gives the same questions again while the attempt lasts, so a reload draws nothing new', async () => {
  const learner = await fixture.approvedLearner(planId);
  expect(await takeExam(learner)).toEqual(await takeExam(learner));
});

it('grades sealed answers: 35 of 40 passes at 87.5 %, publishes exam.completed and /v1/auth/me shows it', async () => {
  const learner = await fixture.approvedLearner(planId);
  const questions = await takeExam(learner);
  const answers = answersTo(questions, await fixture.bank(planId), { correct: 35, timedOut: 3 });
  const { status, body } = await submit(learner, answers);
  expect(status).toBe(200);
  expect(body).toEqual({ percent: 87.5, totalQuestions: 40, correctQuestions: 35, passed: true });
  const me = await fixture.meOnce(learner, (user) => user.monsterplanExam.length > 0);
  expect(me.monsterplanExam).toEqual([{ id: planId, percent: 87.5, correctQuestions: 35, totalQuestions: 40 }]);
});

it('fails at 34 of 40, counting 999 and unanswered questions as wrong', async () => {
  const learner = await fixture.approvedLearner(planId);
  const questions = await takeExam(learner);
  const answers = answersTo(questions, await fixture.bank(planId), { correct: 34, timedOut: 4 }).slice(0, 39);
  expect((await submit(learner, answers)).body).toEqual({ percent: 85, totalQuestions: 40, correctQuestions: 34, passed: false });
});

it('takes the exam once: after a result, both the questions and a second submission are refused with 409', async () => {
  const learner = await fixture.approvedLearner(planId);
  const questions = await takeExam(learner);
  const answers = answersTo(questions, await fixture.bank(planId), { correct: 40 });
  expect((await submit(learner, answers)).status).toBe(200);
  expect(await submit(learner, answers)).toMatchObject({ status: 409, body: { code: 'exam_taken', message: expect.stringMatching(/нэг л удаа/) } });
  expect(await fixture.call('GET', examPath(planId), { token: learner.token })).toMatchObject({ status: 409, body: { code: 'exam_taken' } });
});

it('makes exactly one result of two simultaneous submissions', async () => {
  const learner = await fixture.approvedLearner(planId);
  const questions = await takeExam(learner);
  const bank = await fixture.bank(planId);
  const [first, second] = await Promise.all([
    submit(learner, answersTo(questions, bank, { correct: 40 })),
    submit(learner, answersTo(questions, bank, { correct: 10 })),
  ]);
  expect([first.status, second.status].sort()).toEqual([200, 409]);
  const examDb = fixture.platform.services.exam.context.db;
  const results = await examDb.selectFrom('result').select('correct_questions').where('user_id', '=', learner.id).execute();
  expect(results).toHaveLength(1);
  const winner = first.status === 200 ? first.body : second.body;
  expect(results[0]!.correct_questions).toBe(winner.correctQuestions);
  const events = await examDb.selectFrom('outbox').select('data').where('type', '=', 'exam.completed').execute();
  expect(events.filter((event) => (event.data as { userId: string }).userId === learner.id)).toHaveLength(1);
});

it('grades the signed-in learner’s attempt whatever the body says about the user', async () => {
  const [learner, other] = await Promise.all([fixture.approvedLearner(planId), fixture.approvedLearner(planId)]);
  const questions = await takeExam(learner);
  const answers = answersTo(questions, await fixture.bank(planId), { correct: 36 });
  const { status } = await fixture.call('POST', examPath(planId), { token: learner.token, body: { id: planId, user: other.id, data: await fixture.seal(answers) } });
  expect(status).toBe(200);
  const me = await fixture.meOnce(learner, (user) => user.monsterplanExam.length > 0);
  expect(me.monsterplanExam[0]).toMatchObject({ id: planId, correctQuestions: 36 });
  // The other learner has no result: their exam is still open to them.
  expect((await fixture.call('GET', examPath(planId), { token: other.token })).status).toBe(200);
});

describe('bad answers are a 400 that spends nothing', () => {
  let learner: Learner;
  let questions: exam.ExamQuestion[];
  beforeAll(async () => {
    learner = await fixture.approvedLearner(planId);
    questions = await takeExam(learner);
  });

  it.each([
    ['a question that was not issued', () => [{ question: randomUUID(), answer: questions[0]!.answers[0]!.identifier }], 'exam_answer_unknown_question'],
    ['an option of another question', () => [{ question: questions[0]!.identifier, answer: questions[1]!.answers[0]!.identifier }], 'exam_answer_unknown_option'],
    ['answers that are not the [{question, answer}] array', () => ({ question: questions[0]!.identifier }), 'exam_answers_invalid'],
  ])('%s', async (_what, answers, code) => {
    const { status, body } = await submit(learner, answers());
    expect(status).toBe(400);
    expect(body).toEqual({ code, message: expect.stringMatching(/[\u0400-\u04FF]/) });
  });

  it.each([
    ['data that is not a token', async () => 'not a token'],
    ['a token sealed with another secret', async () => sealPayload(await payloadKey('another secret'), '[]')],
    ['a token whose plaintext is not JSON', async () => sealPayload(await payloadKey('test-payload-secret'), 'not json')],
  ])('%s', async (_what, data) => {
    const { status, body } = await fixture.call('POST', examPath(planId), { token: learner.token, body: { data: await data() } });
    expect(status).toBe(400);
    expect(body.code).toBe('exam_answers_unreadable');
  });

  it('no data at all', async () => {
    expect(await fixture.call('POST', examPath(planId), { token: learner.token, body: { id: planId } })).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
  });

  it('and the attempt is still open afterwards', async () => {
    const answers = answersTo(questions, await fixture.bank(planId), { correct: 20 });
    expect((await submit(learner, answers)).status).toBe(200);
  });
});

it('refuses a submission after the longest possible duration plus the grace period, and closes the attempt at zero', async () => {
  const learner = await fixture.approvedLearner(planId);
  const questions = await takeExam(learner);
  const examDb = fixture.platform.services.exam.context.db;
  // The exam lasts at most 7 s + 40 × (9 s + 1 s) = 407 s; the grace is 120 s. Issued 528 s ago is too late.
  expect(exam.longestExamMs(40)).toBe(407_000);
  await examDb.updateTable('sitting').set({ issued_at: sql`now() - interval '528 seconds'` }).where('user_id', '=', learner.id).execute();
  const answers = answersTo(questions, await fixture.bank(planId), { correct: 40 });
  expect(await submit(learner, answers)).toMatchObject({ status: 409, body: { code: 'exam_time_over' } });
  const me = await fixture.meOnce(learner, (user) => user.monsterplanExam.length > 0);
  expect(me.monsterplanExam).toEqual([{ id: planId, percent: 0, correctQuestions: 0, totalQuestions: 40 }]);
  expect((await fixture.call('GET', examPath(planId), { token: learner.token })).status).toBe(409);
});

it('asking for the questions after the time is over says so, and closes the attempt at zero as a late submission would', async () => {
  const learner = await fixture.approvedLearner(planId);
  await takeExam(learner);
  const examDb = fixture.platform.services.exam.context.db;
  await examDb.updateTable('sitting').set({ issued_at: sql`now() - interval '528 seconds'` }).where('user_id', '=', learner.id).execute();
  expect(await fixture.call('GET', examPath(planId), { token: learner.token })).toMatchObject({ status: 409, body: { code: 'exam_time_over' } });
  const me = await fixture.meOnce(learner, (user) => user.monsterplanExam.length > 0);
  expect(me.monsterplanExam).toEqual([{ id: planId, percent: 0, correctQuestions: 0, totalQuestions: 40 }]);
});

it('takes a submission within the grace period', async () => {
  const learner = await fixture.approvedLearner(planId);
  const questions = await takeExam(learner);
  const examDb = fixture.platform.services.exam.context.db;
  await examDb.updateTable('sitting').set({ issued_at: sql`now() - interval '500 seconds'` }).where('user_id', '=', learner.id).execute();
  const answers = answersTo(questions, await fixture.bank(planId), { correct: 40 });
  expect((await submit(learner, answers)).body).toMatchObject({ correctQuestions: 40, passed: true });
});

it('refuses the questions of a plan without its exam, or whose bank is short of 40, with 409; an unknown plan is 404', async () => {
  const withoutExam = await fixture.examPlan({ exam: false });
  const shortBank = await fixture.examPlan({ bank: 39 });
  const [learnerWithout, learnerShort] = await Promise.all([fixture.approvedLearner(withoutExam), fixture.approvedLearner(shortBank)]);
  expect(await fixture.call('GET', examPath(withoutExam), { token: learnerWithout.token })).toMatchObject({ status: 409, body: { code: 'exam_not_enabled' } });
  expect(await fixture.call('GET', examPath(shortBank), { token: learnerShort.token })).toMatchObject({ status: 409, body: { code: 'exam_not_ready' } });
  expect(await fixture.call('GET', examPath(randomUUID()), { token: learnerShort.token })).toMatchObject({ status: 404, body: { code: 'monsterplan_not_found' } });
  expect(await fixture.call('GET', examPath('not-an-id'), { token: learnerShort.token })).toMatchObject({ status: 404 });
});

it('follows the catalog: a plan whose exam is turned on later opens its exam', async () => {
  const later = await fixture.examPlan({ exam: false });
  const learner = await fixture.approvedLearner(later);
  const plan = expectStatus(await fixture.call('GET', `/v1/monsterplans/${later}`), 200, 'the plan');
  const body = { name: plan.name, price: plan.price, videos: plan.videos, exam: true };
  expectStatus(await fixture.call('PUT', `/v1/monsterplans/${later}`, { token: fixture.admin, body }), 200, 'turning the exam on');
  await eventually(async () => (await fixture.call('GET', examPath(later), { token: learner.token })).status === 200, 'the exam opens');
});

it('lists the results for the administrator, newest first and paged, with the learner’s email and the plan’s name', async () => {
  const plan = await fixture.examPlan();
  const learners = [await fixture.approvedLearner(plan), await fixture.approvedLearner(plan)];
  for (const [index, learner] of learners.entries()) {
    const questions = await takeExam(learner, plan);
    await submit(learner, answersTo(questions, await fixture.bank(plan), { correct: 30 + index }), plan);
  }
  const planName = expectStatus(await fixture.call('GET', `/v1/monsterplans/${plan}`), 200, 'the plan').name;
  const { body } = await fixture.call('GET', '/v1/monsterplans/exam-results?perPage=1&currentPage=1', { token: fixture.admin });
  expect(body.total).toBeGreaterThanOrEqual(2);
  expect(body.result).toEqual([
    {
      _id: expect.any(String),
      createdAt: expect.any(String),
      user: { _id: learners[1]!.id, email: learners[1]!.email },
      monsterplan: { _id: plan, name: planName },
      percent: 77.5,
      totalQuestions: 40,
      correctQuestions: 31,
      passed: false,
    },
  ]);
  const second = await fixture.call('GET', '/v1/monsterplans/exam-results?perPage=1&currentPage=2', { token: fixture.admin });
  expect(second.body.result[0]).toMatchObject({ user: { email: learners[0]!.email }, correctQuestions: 30 });
});

it('keeps the bank’s text for the questions a sitting was issued, even when the bank changes', async () => {
  const plan = await fixture.examPlan();
  const learner = await fixture.approvedLearner(plan);
  const questions = await takeExam(learner, plan);
  const bank = await fixture.bank(plan);
  expectStatus(await fixture.call('PUT', `/v1/monsterplans/${plan}/questions`, { token: fixture.admin, body: [aQuestion(9001)] }), 200, 'replacing the bank');
  expect(await takeExam(learner, plan)).toEqual(questions);
  expect((await submit(learner, answersTo(questions, bank, { correct: 38 }), plan)).body).toMatchObject({ correctQuestions: 38, passed: true });
});
