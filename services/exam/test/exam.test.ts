// Taking the exam through the gateway, one question at a time: questions revealed in turn with spec
// section 3's names and never the correct option, answers recorded per question, the spec's GET and
// POST on top, one attempt under concurrency, `exam.completed` shown by GET /v1/auth/me, and the
// administrator's results. The clock's own rules are in attempts.test.ts, with a clock the test moves.
import { randomUUID } from 'node:crypto';
import { exam, payloadKey, sealPayload } from '@learning/contracts';
import { aQuestion, answersTo, eventually, expectStatus, startExamFixture, type ExamFixture, type Learner } from './fixture.js';

let fixture: ExamFixture;
let planId: string;

beforeAll(async () => {
  fixture = await startExamFixture();
  planId = await fixture.examPlan({ bank: 45 });
});
afterAll(() => fixture?.close());

const examPath = (id: string) => `/v1/monsterplans/${id}/exam`;

async function attemptOf(learner: Learner, id = planId): Promise<exam.ExamAttempt> {
  return expectStatus(await fixture.call('GET', `${examPath(id)}/attempt`, { token: learner.token }), 200, 'the attempt');
}

async function submit(learner: Learner, answers: unknown, id = planId) {
  return fixture.call('POST', examPath(id), { token: learner.token, body: { id, user: learner.id, data: await fixture.seal(answers) } });
}

/** Reveals every question in turn, answering none: the questions as the learner saw them. */
async function revealAll(learner: Learner, id = planId): Promise<exam.ExamQuestion[]> {
  const questions: exam.ExamQuestion[] = [];
  for (let number = 1; number <= 40; number++) questions.push((await fixture.reveal(learner, id, number)).question);
  return questions;
}

it('reveals the 40 questions one at a time, named as spec section 3 names them, and never the correct option', async () => {
  const learner = await fixture.approvedLearner(planId);
  const bank = await fixture.bank(planId);
  const before = await fixture.call('GET', examPath(planId), { token: learner.token });
  expect([before.body, before.headers.get('exam-remaining-questions')]).toEqual([[], '40']);
  const seen: exam.ExamQuestion[] = [];
  for (let number = 1; number <= 40; number++) {
    const called = await fixture.call('POST', `${examPath(planId)}/questions/${number}`, { token: learner.token });
    expect(called.status).toBe(200);
    expect(Object.keys(called.body).sort()).toEqual(['number', 'question', 'remaining', 'secondsLeft', 'totalQuestions']);
    expect(called.body).toMatchObject({ number, totalQuestions: 40, remaining: 40 - number });
    const question = called.body.question as exam.ExamQuestion;
    expect(Object.keys(question).sort()).toEqual(['answers', 'identifier', 'niceWord', 'question']);
    expect(question.answers.map((option) => Object.keys(option).sort())).toEqual(Array(4).fill(['identifier', 'name']));
    const banked = bank.find((candidate) => candidate._id === question.identifier)!;
    expect(question.question).toContain(question.niceWord);
    expect(question.answers.map((option) => option.identifier).sort()).toEqual(banked.answers.map((option) => option._id).sort());
    seen.push(question);
    // The spec's GET shows what was revealed, the open question last, and nothing ahead.
    const sofar = await fixture.call('GET', examPath(planId), { token: learner.token });
    expect(sofar.body).toEqual(seen);
    expect(sofar.headers.get('exam-remaining-questions')).toBe(String(40 - number));
  }
  expect(new Set(seen.map((question) => question.identifier)).size).toBe(40);
  // Options shuffled: the correct one is not always in the same place.
  const positions = seen.map((question) => question.answers.findIndex((option) => option.identifier === bank.find((b) => b._id === question.identifier)!.correctAnswer));
  expect(new Set(positions).size).toBeGreaterThan(1);
});

it('draws each learner their own questions and order', async () => {
  const [first, second] = await Promise.all([fixture.approvedLearner(planId), fixture.approvedLearner(planId)]);
  const sequence = (list: exam.ExamQuestion[]) => list.map((question) => question.answers.map((option) => option.identifier).join()).join();
  expect(sequence(await revealAll(first))).not.toBe(sequence(await revealAll(second)));
});

it('grades answers given one by one: 35 of 40 passes at 87.5 %, publishes exam.completed and /v1/auth/me shows it', async () => {
  const learner = await fixture.approvedLearner(planId);
  const { result } = await fixture.sitThrough(learner, planId, { correct: 35, timedOut: 3 });
  expect(result).toEqual({ percent: 87.5, totalQuestions: 40, correctQuestions: 35, passed: true });
  const me = await fixture.meOnce(learner, (user) => user.monsterplanExam.length > 0);
  expect(me.monsterplanExam).toEqual([{ id: planId, percent: 87.5, correctQuestions: 35, totalQuestions: 40 }]);
  expect(await attemptOf(learner)).toMatchObject({ status: 'finished', result });
});

it('fails at 34 of 40, counting 999 as wrong', async () => {
  const learner = await fixture.approvedLearner(planId);
  const { result } = await fixture.sitThrough(learner, planId, { correct: 34, timedOut: 6 });
  expect(result).toEqual({ percent: 85, totalQuestions: 40, correctQuestions: 34, passed: false });
});

it('goes on where the learner left, wherever the exam is opened again: the open question counts 999', async () => {
  const learner = await fixture.approvedLearner(planId);
  const bank = await fixture.bank(planId);
  const right = (question: exam.ExamQuestion) => bank.find((b) => b._id === question.identifier)!.correctAnswer;
  for (let number = 1; number <= 5; number++) {
    const { question } = await fixture.reveal(learner, planId, number);
    await fixture.answer(learner, planId, number, right(question));
  }
  const left = await fixture.reveal(learner, planId, 6);
  // Another browser: it asks where the attempt stands, then reveals the next question.
  expect(await attemptOf(learner)).toMatchObject({ status: 'in-progress', revealedQuestions: 6, answeredQuestions: 5, current: { number: 6 }, nextQuestion: 7 });
  expect((await fixture.call('POST', `${examPath(planId)}/questions/1`, { token: learner.token })).body.code).toBe('exam_question_out_of_turn');
  await fixture.reveal(learner, planId, 7);
  const repeated = await fixture.call('POST', `${examPath(planId)}/questions/6/answer`, { token: learner.token, body: { answer: right(left.question) } });
  expect(repeated).toMatchObject({ status: 409, body: { code: 'exam_question_answered' } });
  expect((await submit(learner, [])).body).toMatchObject({ correctQuestions: 5 });
});

it('takes the exam once: after a result, the questions, a reveal and a second submission are refused with 409', async () => {
  const learner = await fixture.approvedLearner(planId);
  await fixture.sitThrough(learner, planId, { correct: 40 });
  expect(await submit(learner, [])).toMatchObject({ status: 409, body: { code: 'exam_taken', message: expect.stringMatching(/нэг л удаа/) } });
  expect(await fixture.call('GET', examPath(planId), { token: learner.token })).toMatchObject({ status: 409, body: { code: 'exam_taken' } });
  expect(await fixture.call('POST', `${examPath(planId)}/questions/1`, { token: learner.token })).toMatchObject({ status: 409, body: { code: 'exam_taken' } });
});

it('makes exactly one result of two simultaneous submissions', async () => {
  const learner = await fixture.approvedLearner(planId);
  const questions = await revealAll(learner);
  const bank = await fixture.bank(planId);
  const [first, second] = await Promise.all([submit(learner, answersTo(questions, bank, { correct: 40 })), submit(learner, answersTo(questions, bank, { correct: 10 }))]);
  expect([first.status, second.status].sort()).toEqual([200, 409]);
  const examDb = fixture.platform.services.exam.context.db;
  const results = await examDb.selectFrom('result').select('correct_questions').where('user_id', '=', learner.id).execute();
  expect(results).toHaveLength(1);
  const events = await examDb.selectFrom('outbox').select('data').where('type', '=', 'exam.completed').execute();
  expect(events.filter((event) => (event.data as { userId: string }).userId === learner.id)).toHaveLength(1);
});

it('grades the signed-in learner’s attempt whatever the body says about the user', async () => {
  const [learner, other] = await Promise.all([fixture.approvedLearner(planId), fixture.approvedLearner(planId)]);
  const { question } = await fixture.reveal(learner, planId, 1);
  const answers = answersTo([question], await fixture.bank(planId), { correct: 1 });
  const { status, body } = await fixture.call('POST', examPath(planId), { token: learner.token, body: { id: planId, user: other.id, data: await fixture.seal(answers) } });
  expect([status, body.correctQuestions]).toEqual([200, 1]);
  // The other learner has no result: their exam is still open to them.
  expect(await attemptOf(other)).toMatchObject({ status: 'not-started' });
});

describe('bad input is a 4xx that spends nothing', () => {
  let learner: Learner;
  let first: exam.ExamQuestion;
  beforeAll(async () => {
    learner = await fixture.approvedLearner(planId);
    first = (await fixture.reveal(learner, planId, 1)).question;
  });

  it.each([
    ['a question that was not issued', () => [{ question: randomUUID(), answer: first.answers[0]!.identifier }], 'exam_answer_unknown_question'],
    ['answers that are not the [{question, answer}] array', () => ({ question: first.identifier }), 'exam_answers_invalid'],
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

  it.each([
    ['a number that is no number', 'questions/first', {}],
    ['question 0', 'questions/0', {}],
    ['an answer that is missing', 'questions/1/answer', {}],
    ['an answer that is neither an option nor 999', 'questions/1/answer', { answer: 998 }],
  ])('%s', async (_what, path, body) => {
    const called = await fixture.call('POST', `${examPath(planId)}/${path}`, { token: learner.token, body });
    expect(called.status).toBe(400);
    expect(called.body).toEqual({ code: 'validation_failed', message: expect.stringMatching(/[\u0400-\u04FF]/) });
  });

  it('an option of another question', async () => {
    const called = await fixture.call('POST', `${examPath(planId)}/questions/1/answer`, { token: learner.token, body: { answer: randomUUID() } });
    expect(called).toMatchObject({ status: 400, body: { code: 'exam_answer_unknown_option' } });
  });

  it('and the attempt is still open afterwards', async () => {
    expect(await attemptOf(learner)).toMatchObject({ status: 'in-progress', answeredQuestions: 0, current: { number: 1 } });
    // Answered, not refused as spent (whether on time depends on the clock since the reveal).
    expect(await fixture.answer(learner, planId, 1, first.answers[0]!.identifier)).toMatchObject({ number: 1 });
  });
});

it('refuses the questions of a plan without its exam, or whose bank is short of 40, with 409; an unknown plan is 404', async () => {
  const withoutExam = await fixture.examPlan({ exam: false });
  const shortBank = await fixture.examPlan({ bank: 39 });
  const [learnerWithout, learnerShort] = await Promise.all([fixture.approvedLearner(withoutExam), fixture.approvedLearner(shortBank)]);
  expect(await fixture.call('GET', examPath(withoutExam), { token: learnerWithout.token })).toMatchObject({ status: 409, body: { code: 'exam_not_enabled' } });
  expect(await fixture.call('GET', `${examPath(withoutExam)}/attempt`, { token: learnerWithout.token })).toMatchObject({ status: 409, body: { code: 'exam_not_enabled' } });
  expect(await fixture.call('POST', `${examPath(shortBank)}/questions/1`, { token: learnerShort.token })).toMatchObject({ status: 409, body: { code: 'exam_not_ready' } });
  expect(await fixture.call('GET', examPath(randomUUID()), { token: learnerShort.token })).toMatchObject({ status: 404, body: { code: 'monsterplan_not_found' } });
  expect(await fixture.call('GET', examPath('not-an-id'), { token: learnerShort.token })).toMatchObject({ status: 404 });
});

it('follows the catalog: a plan whose exam is turned on later opens its exam', async () => {
  const later = await fixture.examPlan({ exam: false });
  const learner = await fixture.approvedLearner(later);
  // The catalog switches an exam on once it knows the bank can fill one.
  const plan = await eventually(async () => {
    const known = expectStatus(await fixture.call('GET', `/v1/monsterplans/${later}`), 200, 'the plan');
    return known.examQuestions.count >= known.examQuestions.needed && known;
  }, 'the catalog knows the bank');
  const body = { name: plan.name, price: plan.price, videos: plan.videos, exam: true };
  expectStatus(await fixture.call('PUT', `/v1/monsterplans/${later}`, { token: fixture.admin, body }), 200, 'turning the exam on');
  await eventually(async () => (await fixture.call('GET', examPath(later), { token: learner.token })).status === 200, 'the exam opens');
});

it('lists the results for the administrator, newest first and paged, with the learner’s email and the plan’s name', async () => {
  const plan = await fixture.examPlan();
  const learners = [await fixture.approvedLearner(plan), await fixture.approvedLearner(plan)];
  for (const [index, learner] of learners.entries()) await fixture.sitThrough(learner, plan, { correct: 30 + index });
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

it('keeps the bank’s text for the questions drawn for an attempt, even when the bank changes', async () => {
  const plan = await fixture.examPlan();
  const learner = await fixture.approvedLearner(plan);
  const bank = await fixture.bank(plan);
  const first = (await fixture.reveal(learner, plan, 1)).question;
  expectStatus(await fixture.call('PUT', `/v1/monsterplans/${plan}/questions`, { token: fixture.admin, body: [aQuestion(9001)] }), 200, 'replacing the bank');
  expect((await fixture.reveal(learner, plan, 1)).question).toEqual(first);
  const second = (await fixture.reveal(learner, plan, 2)).question;
  expect(bank.some((question) => question._id === second.identifier)).toBe(true);
  expect((await submit(learner, answersTo([second], bank, { correct: 1 }), plan)).body).toMatchObject({ correctQuestions: 1 });
});
