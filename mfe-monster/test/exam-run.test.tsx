// The exam's state machine (spec section 4) under fake timers: countdown, 9-second questions, 999
// one second after a timer runs out, the answers sent after the last, storage kept for a resume.
import type { exam } from '@learning/contracts';
import { createExamRun, hasStartedExam, storageKeyOf, type ExamRun } from '../src/screens/exam/exam-run';

const planId = 'p1';

function questions(count: number): exam.ExamQuestion[] {
  return Array.from({ length: count }, (_, n) => ({
    identifier: `q${n}`,
    question: `Sentence ${n} with word${n}.`,
    niceWord: `word${n}`,
    answers: ['a', 'b', 'c', 'd'].map((option) => ({ identifier: `q${n}${option}`, name: option })),
  }));
}

const result = { percent: 87.5, totalQuestions: 40, correctQuestions: 35, passed: true };

function setUp({ count = 40, load, send }: { count?: number; load?: () => Promise<exam.ExamQuestion[]>; send?: jest.Mock } = {}) {
  const sendAnswers = send ?? jest.fn(async () => result);
  const loadQuestions = load ?? jest.fn(async () => questions(count));
  const run = createExamRun({ monsterplanId: planId, storage: localStorage, loadQuestions, sendAnswers });
  return { run, sendAnswers, loadQuestions };
}

/** Lets the promises settle between timer steps. */
async function advance(ms: number) {
  await jest.advanceTimersByTimeAsync(ms);
}

const phaseOf = (run: ExamRun) => run.getState().phase;

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
});
afterEach(() => jest.useRealTimers());

it('starts at the intro, counts down 7 seconds while the questions load, then shows the first with 9 seconds', async () => {
  const { run, loadQuestions } = setUp();
  expect(phaseOf(run)).toEqual({ name: 'intro' });
  run.start();
  expect(loadQuestions).toHaveBeenCalledTimes(1);
  expect(phaseOf(run)).toEqual({ name: 'countdown', secondsLeft: 7 });
  await advance(6000);
  expect(phaseOf(run)).toEqual({ name: 'countdown', secondsLeft: 1 });
  await advance(1000);
  expect(phaseOf(run)).toEqual({ name: 'question', index: 0, secondsLeft: 9 });
  await advance(4000);
  expect(phaseOf(run)).toEqual({ name: 'question', index: 0, secondsLeft: 5 });
});

it('shows a timer that ran out for one second, then records 999 and goes on', async () => {
  const { run } = setUp();
  run.start();
  await advance(7000);
  await advance(9000);
  expect(phaseOf(run)).toEqual({ name: 'expired', index: 0 });
  expect(run.getState().answers).toEqual([]);
  run.answer('q0a'); // too late: ignored
  await advance(999);
  expect(run.getState().answers).toEqual([]);
  await advance(1);
  expect(run.getState().answers).toEqual([{ question: 'q0', answer: 999 }]);
  expect(phaseOf(run)).toEqual({ name: 'question', index: 1, secondsLeft: 9 });
});

it('records a picked option at once, with a fresh 9 seconds for the next question; options of other questions are ignored', async () => {
  const { run } = setUp();
  run.start();
  await advance(7000 + 5000);
  run.answer('q1a');
  expect(run.getState().answers).toEqual([]);
  run.answer('q0c');
  expect(run.getState().answers).toEqual([{ question: 'q0', answer: 'q0c' }]);
  expect(phaseOf(run)).toEqual({ name: 'question', index: 1, secondsLeft: 9 });
  await advance(8999);
  expect(phaseOf(run)).toEqual({ name: 'question', index: 1, secondsLeft: 1 });
});

it('sends the answers after the last of 40 questions, shows the result and clears the stored exam', async () => {
  const { run, sendAnswers } = setUp();
  run.start();
  await advance(7000);
  expect(hasStartedExam(localStorage, planId)).toBe(true);
  for (let n = 0; n < 40; n++) {
    if (n % 10 === 9) await advance(10_000);
    else run.answer(`q${n}b`);
  }
  expect(sendAnswers).toHaveBeenCalledTimes(1);
  const sent = sendAnswers.mock.calls[0][0];
  expect(sent).toHaveLength(40);
  expect(sent[8]).toEqual({ question: 'q8', answer: 'q8b' });
  expect(sent[9]).toEqual({ question: 'q9', answer: 999 });
  expect(sent.filter((answer: exam.ExamAnswer) => answer.answer === 999)).toHaveLength(4);
  await advance(0);
  expect(phaseOf(run)).toEqual({ name: 'result', result });
  expect(hasStartedExam(localStorage, planId)).toBe(false);
});

it('waits for questions that come after the countdown', async () => {
  let arrive: (list: exam.ExamQuestion[]) => void = () => undefined;
  const { run } = setUp({ load: () => new Promise((resolve) => (arrive = resolve)) });
  run.start();
  await advance(7000);
  expect(phaseOf(run)).toEqual({ name: 'loading' });
  arrive(questions(40));
  await advance(0);
  expect(phaseOf(run)).toEqual({ name: 'question', index: 0, secondsLeft: 9 });
});

it('stops at the refusal when the questions are refused, and stores nothing', async () => {
  const refusal = Object.assign(new Error('taken'), { status: 409 });
  const { run } = setUp({ load: () => Promise.reject(refusal) });
  run.start();
  await advance(0);
  expect(phaseOf(run)).toEqual({ name: 'refused', error: refusal });
  await advance(10_000);
  expect(phaseOf(run)).toEqual({ name: 'refused', error: refusal });
  expect(hasStartedExam(localStorage, planId)).toBe(false);
});

it('on resume marks the question that was on screen 999 and goes on after a countdown with the next', async () => {
  const first = setUp();
  first.run.start();
  await advance(7000);
  first.run.answer('q0a');
  first.run.answer('q1b');
  await advance(3000); // q2 on screen when the page is left
  first.run.stop();

  const { run, loadQuestions } = setUp();
  expect(run.getState().answers).toEqual([
    { question: 'q0', answer: 'q0a' },
    { question: 'q1', answer: 'q1b' },
    { question: 'q2', answer: 999 },
  ]);
  expect(run.getState().wasResumed).toBe(true);
  run.start();
  expect(loadQuestions).not.toHaveBeenCalled();
  expect(phaseOf(run)).toEqual({ name: 'countdown', secondsLeft: 7 });
  await advance(7000);
  expect(phaseOf(run)).toEqual({ name: 'question', index: 3, secondsLeft: 9 });
  expect(run.getState().wasResumed).toBe(false);
});

it('marks only once, however often the page is opened again before the next question shows', async () => {
  const first = setUp();
  first.run.start();
  await advance(7000);
  first.run.stop();
  setUp().run.stop();
  const { run } = setUp();
  expect(run.getState().answers).toEqual([{ question: 'q0', answer: 999 }]);
  expect(run.getState().wasResumed).toBe(true);
});

it('keeps the exam for a retry when sending fails on the network, and drops it when the server refuses', async () => {
  const send = jest.fn().mockRejectedValueOnce(Object.assign(new Error('offline'), { status: 0 })).mockResolvedValueOnce(result);
  const { run } = setUp({ count: 2, send });
  run.start();
  await advance(7000);
  run.answer('q0a');
  run.answer('q1a');
  await advance(0);
  expect(phaseOf(run)).toMatchObject({ name: 'failed', canRetry: true });
  expect(hasStartedExam(localStorage, planId)).toBe(true);
  run.retry();
  await advance(0);
  expect(phaseOf(run)).toEqual({ name: 'result', result });
  expect(send).toHaveBeenCalledTimes(2);

  localStorage.clear();
  const refused = setUp({ count: 1, send: jest.fn().mockRejectedValue(Object.assign(new Error('late'), { status: 409 })) });
  refused.run.start();
  await advance(7000);
  refused.run.answer('q0a');
  await advance(0);
  expect(phaseOf(refused.run)).toMatchObject({ name: 'failed', canRetry: false });
  expect(hasStartedExam(localStorage, planId)).toBe(false);
});

it('ignores a stored exam that cannot be read', () => {
  localStorage.setItem(storageKeyOf(planId), '{not json');
  expect(hasStartedExam(localStorage, planId)).toBe(false);
  expect(setUp().run.getState().questions).toEqual([]);
});

it('goes on where it stopped when started again (the screen mounted twice)', async () => {
  const { run } = setUp();
  run.start();
  await advance(7000 + 4000);
  run.stop();
  await advance(20_000);
  expect(phaseOf(run)).toEqual({ name: 'question', index: 0, secondsLeft: 5 });
  run.start();
  await advance(5000);
  expect(phaseOf(run)).toEqual({ name: 'expired', index: 0 });
});
