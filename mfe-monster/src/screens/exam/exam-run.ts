// The exam as the learner goes through it (spec section 4), without React: intro, a 7-second
// countdown, then the questions one at a time with a 9-second timer each; a timer that runs out
// shows it for 1 s and records 999; after the last question the answers are sent and the result is
// shown. A started exam is kept in storage, so a reload resumes it: the question that was on screen
// counts as timed out (999) and the exam goes on after a countdown.
import { examRules, type exam } from '@learning/contracts';

export type ExamPhase =
  | { name: 'intro' }
  | { name: 'countdown'; secondsLeft: number }
  /** The countdown is over but the questions have not arrived yet. */
  | { name: 'loading' }
  | { name: 'question'; index: number; secondsLeft: number }
  /** The question's time ran out; its 999 is recorded a second later. */
  | { name: 'expired'; index: number }
  | { name: 'sending' }
  | { name: 'result'; result: exam.ExamResult }
  /** The questions were refused (no access, no exam, taken already): the page leaves. */
  | { name: 'refused'; error: unknown }
  /** Sending failed; `canRetry` when it may succeed again (network, server), else the attempt is over. */
  | { name: 'failed'; error: unknown; canRetry: boolean };

export interface ExamState {
  phase: ExamPhase;
  questions: exam.ExamQuestion[];
  answers: exam.ExamAnswer[];
  /** The exam was resumed after the page was left with a question on screen, which counted as 999. */
  wasResumed: boolean;
}

export interface ExamRunOptions {
  monsterplanId: string;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  loadQuestions: () => Promise<exam.ExamQuestion[]>;
  sendAnswers: (answers: exam.ExamAnswer[]) => Promise<exam.ExamResult>;
}

export interface ExamRun {
  getState(): ExamState;
  subscribe(listener: () => void): () => void;
  /**
   * From the intro (or at once, for a resumed exam): counts down while the questions load, then shows
   * the first. After `stop()`, goes on where it stopped.
   */
  start(): void;
  /** The learner picks an option of the question on screen. */
  answer(answerId: string): void;
  /** Sends the answers again after a failure that may pass. */
  retry(): void;
  /** Stops the timers (the page is left); the stored exam stays for a resume, and `start()` goes on from here. */
  stop(): void;
}

/** What is kept in storage while an exam runs: the flag of spec section 4, and enough to resume. */
interface StoredExam {
  questions: exam.ExamQuestion[];
  answers: exam.ExamAnswer[];
  /** A question (the one after the answers) is on screen. */
  isShowing: boolean;
  /** The question on screen when the page was left was counted as 999; told until the next one shows. */
  wasResumed?: boolean;
}

export const storageKeyOf = (monsterplanId: string) => `exam:${monsterplanId}`;

/** Whether an exam of this plan was started in this browser and not finished. */
export function hasStartedExam(storage: Pick<Storage, 'getItem'>, monsterplanId: string): boolean {
  return readStored(storage, monsterplanId) !== null;
}

export function createExamRun({ monsterplanId, storage, loadQuestions, sendAnswers }: ExamRunOptions): ExamRun {
  const key = storageKeyOf(monsterplanId);
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isStopped = false;
  let questionsArrived: Promise<void> | undefined;

  const stored = readStored(storage, monsterplanId);
  let state: ExamState = { phase: { name: 'intro' }, questions: [], answers: [], wasResumed: false };
  if (stored) {
    const answers = [...stored.answers];
    const onScreen = stored.questions[answers.length];
    if (stored.isShowing && onScreen) answers.push({ question: onScreen.identifier, answer: examRules.timeoutAnswer });
    state = { phase: { name: 'intro' }, questions: stored.questions, answers, wasResumed: stored.isShowing || stored.wasResumed === true };
    save(false);
  }

  function set(next: Partial<ExamState>) {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  }

  function save(isShowing: boolean) {
    const value: StoredExam = { questions: state.questions, answers: state.answers, isShowing, wasResumed: !isShowing && state.wasResumed };
    try {
      storage.setItem(key, JSON.stringify(value));
    } catch {
      // Storage refused: the exam goes on, it just cannot be resumed.
    }
  }

  function clearStored() {
    try {
      storage.removeItem(key);
    } catch {
      // Nothing was kept.
    }
  }

  function after(ms: number, then: () => void) {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!isStopped) then();
    }, ms);
  }

  function countDown(secondsLeft: number) {
    if (secondsLeft > 0) {
      set({ phase: { name: 'countdown', secondsLeft } });
      after(1000, () => countDown(secondsLeft - 1));
      return;
    }
    set({ phase: { name: 'loading' } });
    void questionsArrived?.then(() => {
      if (!isStopped && state.phase.name === 'loading') next();
    });
  }

  /** Shows the first unanswered question, or sends the answers when none is left. */
  function next() {
    const index = state.answers.length;
    if (index >= state.questions.length) return send();
    set({ wasResumed: false });
    save(true);
    tick(index, examRules.secondsPerQuestion);
  }

  function tick(index: number, secondsLeft: number) {
    set({ phase: { name: 'question', index, secondsLeft } });
    if (secondsLeft > 0) {
      after(1000, () => tick(index, secondsLeft - 1));
      return;
    }
    set({ phase: { name: 'expired', index } });
    after(examRules.expiryDelaySeconds * 1000, () => record(index, examRules.timeoutAnswer));
  }

  function record(index: number, answer: string | typeof examRules.timeoutAnswer) {
    const question = state.questions[index];
    if (!question || state.answers.length !== index) return;
    clearTimeout(timer);
    set({ answers: [...state.answers, { question: question.identifier, answer }] });
    save(false);
    next();
  }

  function send() {
    clearTimeout(timer);
    set({ phase: { name: 'sending' } });
    sendAnswers(state.answers).then(
      (result) => {
        clearStored();
        set({ phase: { name: 'result', result } });
      },
      (error: unknown) => {
        const canRetry = isPassing(error);
        if (!canRetry) clearStored();
        set({ phase: { name: 'failed', error, canRetry } });
      },
    );
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      isStopped = false;
      const { phase } = state;
      if (phase.name === 'countdown') return countDown(phase.secondsLeft);
      if (phase.name === 'loading') return countDown(0);
      if (phase.name === 'question') return tick(phase.index, phase.secondsLeft);
      if (phase.name === 'expired') return after(examRules.expiryDelaySeconds * 1000, () => record(phase.index, examRules.timeoutAnswer));
      if (phase.name !== 'intro') return;
      if (state.questions.length > 0) {
        // A resumed exam: its questions are kept; an exam whose every question is answered is sent.
        if (state.answers.length >= state.questions.length) return send();
        questionsArrived = Promise.resolve();
      } else {
        questionsArrived = loadQuestions().then(
          (questions) => {
            set({ questions });
            save(false);
          },
          (error: unknown) => {
            clearTimeout(timer);
            set({ phase: { name: 'refused', error } });
            // Never settles: the countdown must not go on to questions that will not come.
            return new Promise<void>(() => undefined);
          },
        );
      }
      countDown(examRules.countdownSeconds);
    },
    answer(answerId) {
      if (state.phase.name !== 'question') return;
      const question = state.questions[state.phase.index];
      if (!question?.answers.some((option) => option.identifier === answerId)) return;
      record(state.phase.index, answerId);
    },
    retry() {
      if (state.phase.name === 'failed' && state.phase.canRetry) send();
    },
    stop() {
      isStopped = true;
      clearTimeout(timer);
    },
  };
}

/** A failure worth trying again: no answer (network) or the server's own trouble; a 4xx is final. */
function isPassing(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status === 0 || status >= 500;
}

function readStored(storage: Pick<Storage, 'getItem'>, monsterplanId: string): StoredExam | null {
  try {
    const text = storage.getItem(storageKeyOf(monsterplanId));
    if (!text) return null;
    const value = JSON.parse(text) as Partial<StoredExam>;
    if (!Array.isArray(value.questions) || value.questions.length === 0 || !Array.isArray(value.answers)) return null;
    return { questions: value.questions, answers: value.answers, isShowing: value.isShowing === true, wasResumed: value.wasResumed === true };
  } catch {
    return null;
  }
}
