// The exam as the learner goes through it (spec section 4), without React, driven by the server that
// keeps the attempt and each question's clock (docs/api.md). Opening asks where the attempt
// stands: a new one shows the intro, then a 7-second countdown and question 1; one in progress goes on,
// after a countdown, at the next question (the server counts one left open as 999). Each question is
// revealed when it is reached and its 9-second timer starts when it shows; a timer that runs out shows
// it for 1 s and sends 999; after the last, the attempt is ended and the server's result shown. A
// started exam is flagged in storage (spec section 4); nothing else is kept: the server knows the rest.
import { examRules, type exam } from '@learning/contracts';

export type ExamPhase =
  /** Asking the server where the attempt stands. */
  | { name: 'opening' }
  | { name: 'intro' }
  | { name: 'countdown'; secondsLeft: number }
  /** Asking the server for question `number`. */
  | { name: 'revealing'; number: number }
  | { name: 'question'; secondsLeft: number }
  /** The question's time ran out; its 999 is sent a second later. */
  | { name: 'expired' }
  /** The answer to the question on screen is on its way; `secondsLeft` is null when its time had run out. */
  | { name: 'recording'; answer: exam.ExamAnswerCode; secondsLeft: number | null }
  | { name: 'finishing' }
  | { name: 'result'; result: exam.ExamResult }
  /** The attempt has ended already: the page goes back to the plan (the spec's entry rule). */
  | { name: 'taken' }
  /** The exam was refused (no access, no exam, no such plan): the page leaves. */
  | { name: 'refused'; error: unknown }
  /** A call failed; `canRetry` when it may pass (network, server), and `retry()` makes it again. */
  | { name: 'failed'; error: unknown; canRetry: boolean; step: ExamStep };

/** The calls a failure can stop at. */
export type ExamStep = 'opening' | 'revealing' | 'recording' | 'finishing';

export interface ExamState {
  phase: ExamPhase;
  /** The question on screen, or the last one shown. */
  question: exam.RevealedQuestion | null;
  /** The answers given on this page, sent when the attempt ends (the server's own record wins). */
  answers: exam.ExamAnswer[];
  /** The attempt was in progress when the page opened; told until the next question shows. */
  wasResumed: boolean;
  /** It had a question open then, which the server counts as 999. */
  wasQuestionClosed: boolean;
}

/** The exam's calls (src/exam.ts), for one plan and learner. */
export interface ExamCalls {
  fetchAttempt(): Promise<exam.ExamAttempt>;
  revealQuestion(number: number): Promise<exam.RevealedQuestion>;
  sendAnswer(number: number, answer: exam.ExamAnswerCode): Promise<exam.RecordedAnswer>;
  finish(answers: exam.ExamAnswer[]): Promise<exam.ExamResult>;
}

export interface ExamRunOptions {
  monsterplanId: string;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  calls: ExamCalls;
}

export interface ExamRun {
  getState(): ExamState;
  subscribe(listener: () => void): () => void;
  /** Asks the server where the attempt stands and goes on from there; after `stop()`, goes on where it stopped. */
  open(): void;
  /** The learner confirmed the intro: counts down, then reveals question 1. */
  start(): void;
  /** The learner picks an option of the question on screen. */
  answer(answerId: string): void;
  /** Makes the failed call again, when it may pass. */
  retry(): void;
  /** Stops the timers (the page is left); the attempt goes on on the server, and `open()` goes on from here. */
  stop(): void;
}

export const storageKeyOf = (monsterplanId: string) => `exam:${monsterplanId}`;

/** Whether an exam of this plan was started in this browser and not seen to its end. */
export function hasStartedExam(storage: Pick<Storage, 'getItem'>, monsterplanId: string): boolean {
  try {
    return storage.getItem(storageKeyOf(monsterplanId)) !== null;
  } catch {
    return false;
  }
}

export function createExamRun({ monsterplanId, storage, calls }: ExamRunOptions): ExamRun {
  const listeners = new Set<() => void>();
  let state: ExamState = { phase: { name: 'opening' }, question: null, answers: [], wasResumed: false, wasQuestionClosed: false };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isStopped = false;
  let hasOpened = false;
  let whenCountedDown: () => void = () => undefined;
  /** A call's answer that came while the run was stopped, gone on with by `open()`. */
  let parked: (() => void) | undefined;
  let failedStep: (() => void) | undefined;

  function set(next: Partial<ExamState>) {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  }

  function after(ms: number, then: () => void) {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!isStopped) then();
    }, ms);
  }

  /** Goes on with a call's answer, or with its failure; a stopped run keeps that for `open()`. */
  function call<T>(made: Promise<T>, then: (value: T) => void, failed: (error: unknown) => void) {
    const goOn = (step: () => void) => {
      if (isStopped) parked = step;
      else step();
    };
    made.then(
      (value) => goOn(() => then(value)),
      (error: unknown) => goOn(() => failed(error)),
    );
  }

  /** A failed call: offered again when it may pass; an attempt found ended leaves; else `otherwise`. */
  function fail(error: unknown, step: ExamStep, again: () => void, otherwise?: () => void) {
    clearTimeout(timer);
    if (isPassing(error)) {
      failedStep = again;
      return set({ phase: { name: 'failed', error, canRetry: true, step } });
    }
    if (codeOf(error) === 'exam_taken') return leaveTaken();
    if (otherwise) return otherwise();
    set({ phase: { name: 'failed', error, canRetry: false, step } });
  }

  function openAttempt() {
    set({ phase: { name: 'opening' } });
    call(calls.fetchAttempt(), goOnWith, (error) => fail(error, 'opening', openAttempt, () => set({ phase: { name: 'refused', error } })));
  }

  function goOnWith(attempt: exam.ExamAttempt) {
    if (attempt.status === 'finished') return leaveTaken();
    if (attempt.status === 'not-started') return set({ phase: { name: 'intro' } });
    flagStarted();
    set({ wasResumed: true, wasQuestionClosed: attempt.current !== null });
    const { nextQuestion } = attempt;
    // Every question was revealed: nothing is left to ask, the attempt ends.
    if (nextQuestion === null) return finish();
    countDown(examRules.countdownSeconds, () => reveal(nextQuestion));
  }

  function countDown(secondsLeft: number, then: () => void) {
    whenCountedDown = then;
    if (secondsLeft <= 0) return then();
    set({ phase: { name: 'countdown', secondsLeft } });
    after(1000, () => countDown(secondsLeft - 1, then));
  }

  function reveal(number: number) {
    clearTimeout(timer);
    set({ phase: { name: 'revealing', number } });
    call(calls.revealQuestion(number), show, (error) => {
      const code = codeOf(error);
      if (code === 'exam_questions_over') return finish();
      // Another tab went on with the attempt: go on where the server is.
      if (code === 'exam_question_out_of_turn') return openAttempt();
      fail(error, 'revealing', () => reveal(number));
    });
  }

  function show(question: exam.RevealedQuestion) {
    set({ question, wasResumed: false, wasQuestionClosed: false });
    tick(secondsToShow(question));
  }

  function tick(secondsLeft: number) {
    if (secondsLeft > 0) {
      set({ phase: { name: 'question', secondsLeft } });
      return after(1000, () => tick(secondsLeft - 1));
    }
    set({ phase: { name: 'expired' } });
    after(examRules.expiryDelaySeconds * 1000, () => record(examRules.timeoutAnswer, null));
  }

  function record(answer: exam.ExamAnswerCode, secondsLeft: number | null) {
    const question = state.question;
    if (!question) return;
    clearTimeout(timer);
    set({ phase: { name: 'recording', answer, secondsLeft } });
    call(
      calls.sendAnswer(question.number, answer),
      ({ remaining }) => goOnAfter(question, answer, remaining),
      (error) => {
        // An earlier try reached the server and only its reply was lost (or another tab answered): recorded.
        if (codeOf(error) === 'exam_question_answered') return goOnAfter(question, answer, question.totalQuestions - question.number);
        fail(error, 'recording', () => record(answer, secondsLeft));
      },
    );
  }

  function goOnAfter(question: exam.RevealedQuestion, answer: exam.ExamAnswerCode, remaining: number) {
    set({ answers: [...state.answers, { question: question.question.identifier, answer }] });
    if (remaining > 0) reveal(question.number + 1);
    else finish();
  }

  function finish() {
    clearTimeout(timer);
    set({ phase: { name: 'finishing' } });
    call(calls.finish(state.answers), showResult, (error) => {
      if (codeOf(error) !== 'exam_taken') return fail(error, 'finishing', finish);
      // An earlier try ended the attempt and only its reply was lost: the result is the server's.
      call(calls.fetchAttempt(), (attempt) => (attempt.result ? showResult(attempt.result) : leaveTaken()), (again) => fail(again, 'finishing', finish));
    });
  }

  function showResult(result: exam.ExamResult) {
    forgetStarted();
    set({ phase: { name: 'result', result } });
  }

  function leaveTaken() {
    forgetStarted();
    set({ phase: { name: 'taken' } });
  }

  function flagStarted() {
    try {
      storage.setItem(storageKeyOf(monsterplanId), 'started');
    } catch {
      // Storage refused: the server keeps the attempt all the same.
    }
  }

  function forgetStarted() {
    try {
      storage.removeItem(storageKeyOf(monsterplanId));
    } catch {
      // Nothing was kept.
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    open() {
      isStopped = false;
      if (!hasOpened) {
        hasOpened = true;
        return openAttempt();
      }
      if (parked) {
        const step = parked;
        parked = undefined;
        return step();
      }
      const { phase } = state;
      if (phase.name === 'countdown') countDown(phase.secondsLeft, whenCountedDown);
      else if (phase.name === 'question') tick(phase.secondsLeft);
      else if (phase.name === 'expired') after(examRules.expiryDelaySeconds * 1000, () => record(examRules.timeoutAnswer, null));
    },
    start() {
      if (state.phase.name !== 'intro') return;
      flagStarted();
      countDown(examRules.countdownSeconds, () => reveal(1));
    },
    answer(answerId) {
      const { phase, question } = state;
      if (phase.name !== 'question' || !question?.question.answers.some((option) => option.identifier === answerId)) return;
      record(answerId, phase.secondsLeft);
    },
    retry() {
      if (state.phase.name === 'failed' && state.phase.canRetry) failedStep?.();
    },
    stop() {
      isStopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * The timer starts at 9 s when the question shows, though the server's clock began when it revealed it:
 * the server's allowance covers the way here. A question asked for again (a retry) whose clock has run
 * further than the allowance covers shows what the server has left of it.
 */
function secondsToShow({ secondsLeft }: exam.RevealedQuestion): number {
  const { secondsPerQuestion, answerAllowanceSeconds } = examRules;
  return secondsLeft >= secondsPerQuestion - answerAllowanceSeconds ? secondsPerQuestion : secondsLeft;
}

/** A failure worth trying again: no answer (network) or the server's own trouble; a 4xx is final. */
function isPassing(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status === 0 || status >= 500;
}

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}
