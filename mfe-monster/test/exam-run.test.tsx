// The exam's state machine (spec section 4) under fake timers, driven by a stand-in of the exam
// service's calls (src/exam.ts over the fake gateway): where the attempt stands decides the start, each
// question is revealed with its 9 seconds starting when it shows, 999 is sent one second after a timer
// runs out, the attempt is ended after the last, and a call that fails on the network is offered again.
import { aUser, fakeSession } from '@learning/platform/testing';
import { fetchExamAttempt, finishExam, revealExamQuestion, sendExamAnswer } from '../src/exam';
import { createExamRun, hasStartedExam, type ExamRun } from '../src/screens/exam/exam-run';
import { fakeExamServer, rightOptionOf } from './fixtures';

const planId = 'p1';
const learner = aUser({ monsterplans: [planId] });

function setUp(server = fakeExamServer()) {
  const gateway = fakeSession(learner, server.routes);
  const run = createExamRun({
    monsterplanId: planId,
    storage: localStorage,
    calls: {
      fetchAttempt: () => fetchExamAttempt(planId),
      revealQuestion: (number) => revealExamQuestion(planId, number),
      sendAnswer: (number, answer) => sendExamAnswer(planId, number, answer),
      finish: (answers) => finishExam(planId, learner._id, answers),
    },
  });
  run.open();
  return { run, server, gateway };
}

/** Lets the calls settle between timer steps. */
async function advance(ms: number) {
  await jest.advanceTimersByTimeAsync(ms);
}

const phaseOf = (run: ExamRun) => run.getState().phase;
const numberOf = (run: ExamRun) => run.getState().question?.number;
const callsTo = (gateway: ReturnType<typeof fakeSession>, method: string, pattern: RegExp) =>
  gateway.calls.filter((call) => call.method === method && pattern.test(call.path)).map((call) => call.path);

/** A server whose question 1 comes with this much of its time left on the server's clock. */
function revealedWithSecondsLeft(secondsLeft: number) {
  const server = fakeExamServer();
  const path = 'POST /v1/monsterplans/p1/exam/questions/1';
  const reveal = server.routes[path]!;
  server.routes[path] = (call) => {
    const answered = reveal(call);
    return { ...answered, body: { ...(answered.body as object), secondsLeft } };
  };
  return server;
}

/** Past the intro and the countdown, at question 1. */
async function startAtFirst(run: ExamRun) {
  await advance(0);
  run.start();
  await advance(7000);
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

it('a fresh start: the intro, then a 7-second countdown before question 1 is revealed, which shows with 9 seconds', async () => {
  const { run, gateway } = setUp();
  expect(phaseOf(run)).toEqual({ name: 'opening' });
  await advance(0);
  expect(phaseOf(run)).toEqual({ name: 'intro' });
  expect(hasStartedExam(localStorage, planId)).toBe(false);
  run.start();
  expect(hasStartedExam(localStorage, planId)).toBe(true);
  expect(phaseOf(run)).toEqual({ name: 'countdown', secondsLeft: 7 });
  await advance(6000);
  expect(phaseOf(run)).toEqual({ name: 'countdown', secondsLeft: 1 });
  expect(callsTo(gateway, 'POST', /questions/)).toEqual([]);
  await advance(1000);
  expect(callsTo(gateway, 'POST', /questions/)).toEqual(['/v1/monsterplans/p1/exam/questions/1']);
  expect(phaseOf(run)).toEqual({ name: 'question', secondsLeft: 9 });
  expect(run.getState().question).toMatchObject({ number: 1, totalQuestions: 40, question: { identifier: 'q1' } });
  await advance(4000);
  expect(phaseOf(run)).toEqual({ name: 'question', secondsLeft: 5 });
});

it('an answer is sent for its question, then the next is revealed with a fresh 9 seconds; options of other questions are ignored', async () => {
  const { run, server, gateway } = setUp();
  await startAtFirst(run);
  await advance(5000);
  run.answer('q2a');
  expect(phaseOf(run)).toEqual({ name: 'question', secondsLeft: 4 });
  run.answer('q1c');
  expect(phaseOf(run)).toEqual({ name: 'recording', answer: 'q1c', secondsLeft: 4 });
  await advance(0);
  expect(gateway.calls.find((call) => call.path.endsWith('/questions/1/answer'))?.body).toEqual({ answer: 'q1c' });
  expect(server.recorded).toEqual(['q1c', null]);
  expect(numberOf(run)).toBe(2);
  expect(phaseOf(run)).toEqual({ name: 'question', secondsLeft: 9 });
  await advance(8999);
  expect(phaseOf(run)).toEqual({ name: 'question', secondsLeft: 1 });
});

it('a timer that runs out shows it for one second, then sends 999 and goes on', async () => {
  const { run, server } = setUp();
  await startAtFirst(run);
  await advance(9000);
  expect(phaseOf(run)).toEqual({ name: 'expired' });
  run.answer('q1a'); // too late: ignored
  await advance(999);
  expect(server.recorded).toEqual([null]);
  await advance(1);
  expect(server.recorded).toEqual([999, null]);
  expect(run.getState().answers).toEqual([{ question: 'q1', answer: 999 }]);
  expect(numberOf(run)).toBe(2);
  expect(phaseOf(run)).toEqual({ name: 'question', secondsLeft: 9 });
});

it('the timer starts at 9 seconds when the question shows, however slow its reveal; one revealed again late shows the server’s time left', async () => {
  const slow = setUp(revealedWithSecondsLeft(8));
  await startAtFirst(slow.run);
  expect(phaseOf(slow.run)).toEqual({ name: 'question', secondsLeft: 9 });

  const late = setUp(revealedWithSecondsLeft(3));
  await startAtFirst(late.run);
  expect(phaseOf(late.run)).toEqual({ name: 'question', secondsLeft: 3 });
});

it('after the last question (none remaining) ends the attempt with this page’s answers, shows the server’s result and clears the flag', async () => {
  const { run, server, gateway } = setUp(fakeExamServer({ totalQuestions: 4 }));
  await startAtFirst(run);
  run.answer(rightOptionOf(1));
  await advance(0);
  await advance(10_000);
  run.answer(rightOptionOf(3));
  await advance(0);
  run.answer('q4a');
  await advance(0);
  const finish = gateway.calls.filter((call) => call.method === 'POST' && call.path === '/v1/monsterplans/p1/exam');
  expect(finish).toHaveLength(1);
  expect(finish[0]!.body).toMatchObject({ id: planId, user: learner._id });
  expect(JSON.parse((finish[0]!.body as { data: string }).data)).toEqual([
    { question: 'q1', answer: 'q1b' },
    { question: 'q2', answer: 999 },
    { question: 'q3', answer: 'q3b' },
    { question: 'q4', answer: 'q4a' },
  ]);
  expect(phaseOf(run)).toEqual({ name: 'result', result: server.result });
  expect(server.result).toMatchObject({ correctQuestions: 2, totalQuestions: 4 });
  expect(hasStartedExam(localStorage, planId)).toBe(false);
});

it('resumes an attempt in progress without the intro: says so, counts down and reveals the next question, the open one counted 999', async () => {
  const { run, server, gateway } = setUp(fakeExamServer({ answered: ['q1b', 'q2a', null] }));
  await advance(0);
  expect(phaseOf(run)).toEqual({ name: 'countdown', secondsLeft: 7 });
  expect(run.getState()).toMatchObject({ wasResumed: true, wasQuestionClosed: true });
  expect(hasStartedExam(localStorage, planId)).toBe(true);
  await advance(7000);
  expect(callsTo(gateway, 'POST', /questions/)).toEqual(['/v1/monsterplans/p1/exam/questions/4']);
  expect(server.recorded).toEqual(['q1b', 'q2a', 999, null]);
  expect(numberOf(run)).toBe(4);
  expect(phaseOf(run)).toEqual({ name: 'question', secondsLeft: 9 });
  expect(run.getState()).toMatchObject({ wasResumed: false, wasQuestionClosed: false });
});

it('resumes an attempt whose last question was answered at the next one, with nothing counted 999', async () => {
  const { run } = setUp(fakeExamServer({ answered: ['q1b'] }));
  await advance(0);
  expect(run.getState()).toMatchObject({ wasResumed: true, wasQuestionClosed: false });
  await advance(7000);
  expect(numberOf(run)).toBe(2);
});

it('ends at once an attempt whose every question was revealed', async () => {
  const { run, server } = setUp(fakeExamServer({ totalQuestions: 2, answered: ['q1b', null] }));
  await advance(0);
  expect(phaseOf(run)).toEqual({ name: 'result', result: server.result });
  expect(server.result).toMatchObject({ correctQuestions: 1, totalQuestions: 2 });
});

it('an attempt that has ended is taken: the page goes back, the flag is cleared, nothing is revealed', async () => {
  const { run, gateway } = setUp(fakeExamServer({ result: { percent: 50, totalQuestions: 40, correctQuestions: 20, passed: false } }));
  localStorage.setItem('exam:p1', 'started');
  await advance(0);
  expect(phaseOf(run)).toEqual({ name: 'taken' });
  expect(hasStartedExam(localStorage, planId)).toBe(false);
  expect(callsTo(gateway, 'POST', /./)).toEqual([]);
});

it('stops at a refusal of the attempt (403): nothing is revealed, nothing stored', async () => {
  const server = fakeExamServer();
  server.routes['GET /v1/monsterplans/p1/exam/attempt'] = () => ({ status: 403, body: { message: 'Хамрагдаагүй.', code: 'exam_not_approved' } });
  const { run } = setUp(server);
  await advance(10_000);
  expect(phaseOf(run)).toMatchObject({ name: 'refused', error: { status: 403 } });
  expect(hasStartedExam(localStorage, planId)).toBe(false);
});

it('offers a retry when an answer fails on the network, and sends it again', async () => {
  const { run, server } = setUp();
  await startAtFirst(run);
  server.failNext('answer');
  run.answer('q1c');
  await advance(0);
  expect(phaseOf(run)).toMatchObject({ name: 'failed', canRetry: true, step: 'recording' });
  expect(server.recorded).toEqual([null]);
  run.retry();
  await advance(0);
  expect(server.recorded).toEqual(['q1c', null]);
  expect(numberOf(run)).toBe(2);
  expect(phaseOf(run)).toEqual({ name: 'question', secondsLeft: 9 });
});

it('an answer retried after it was recorded (409 exam_question_answered) counts as recorded and the exam goes on', async () => {
  const { run, server } = setUp();
  await startAtFirst(run);
  server.loseNextReply('answer');
  run.answer('q1c');
  await advance(0);
  expect(server.recorded).toEqual(['q1c']);
  expect(phaseOf(run)).toMatchObject({ name: 'failed', canRetry: true });
  run.retry();
  await advance(0);
  expect(server.recorded).toEqual(['q1c', null]);
  expect(run.getState().answers).toEqual([{ question: 'q1', answer: 'q1c' }]);
  expect(numberOf(run)).toBe(2);
});

it('a reveal retried after a lost reply gets the same question again', async () => {
  const { run, server } = setUp();
  await advance(0);
  server.loseNextReply('reveal');
  run.start();
  await advance(7000);
  expect(phaseOf(run)).toMatchObject({ name: 'failed', canRetry: true, step: 'revealing' });
  run.retry();
  await advance(0);
  expect(server.recorded).toEqual([null]);
  expect(numberOf(run)).toBe(1);
});

it('the end retried after a lost reply (409 exam_taken) shows the result the server recorded', async () => {
  const { run, server } = setUp(fakeExamServer({ totalQuestions: 1 }));
  await startAtFirst(run);
  server.loseNextReply('finish');
  run.answer(rightOptionOf(1));
  await advance(0);
  expect(phaseOf(run)).toMatchObject({ name: 'failed', canRetry: true, step: 'finishing' });
  expect(hasStartedExam(localStorage, planId)).toBe(true);
  run.retry();
  await advance(0);
  expect(phaseOf(run)).toEqual({ name: 'result', result: { percent: 100, totalQuestions: 1, correctQuestions: 1, passed: true } });
  expect(hasStartedExam(localStorage, planId)).toBe(false);
});

it('goes on where it stopped when opened again (the screen mounted twice)', async () => {
  const { run, gateway } = setUp();
  await startAtFirst(run);
  await advance(4000);
  run.stop();
  await advance(20_000);
  expect(phaseOf(run)).toEqual({ name: 'question', secondsLeft: 5 });
  run.open();
  await advance(5000);
  expect(phaseOf(run)).toEqual({ name: 'expired' });
  expect(callsTo(gateway, 'GET', /attempt$/)).toHaveLength(1);
});
