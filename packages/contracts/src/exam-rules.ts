// The vocabulary exam's rules (spec sections 4 and 9) and the shapes the exam page reads, without zod,
// so a front-end bundle that imports them carries no schema library.

/** Spec section 9. The pass mark is 35 of 40 (87.5 %), which earns the 10,000 MNT refund. */
export const examRules = {
  questionCount: 40,
  secondsPerQuestion: 9,
  countdownSeconds: 7,
  /** After a question's timer runs out, its answer is recorded as `timeoutAnswer` this much later. */
  expiryDelaySeconds: 1,
  timeoutAnswer: 999,
  /**
   * What the server allows beyond a question's 9 seconds for the answer's way over the network: an
   * answer later than this is recorded as 999 (EXAM_ANSWER_ALLOWANCE_SECONDS changes it).
   */
  answerAllowanceSeconds: 2,
  passRatio: 35 / 40,
  refundMnt: 10_000,
} as const;

/** Whether `correct` of `total` passes: 87.5 % or more (35 of 40). */
export function isPassed(correct: number, total: number): boolean {
  return total > 0 && correct / total >= examRules.passRatio;
}

/**
 * A question as the learner gets it (spec section 3 names its fields, `identifier` rather than `_id`):
 * its options shuffled, the correct one never said.
 */
export interface ExamQuestion {
  identifier: string;
  /** The sentence, which contains `niceWord`: the word the page highlights. */
  question: string;
  niceWord: string;
  answers: ExamOption[];
}

export interface ExamOption {
  identifier: string;
  name: string;
}

export interface ExamResult {
  percent: number;
  totalQuestions: number;
  correctQuestions: number;
  passed: boolean;
}


/** An answer as the learner gives it: the chosen option's `identifier`, or 999 when the time ran out. */
export type ExamAnswerCode = string | typeof examRules.timeoutAnswer;

/**
 * GET /v1/monsterplans/{id}/exam/attempt: the learner's one attempt as the server keeps it. Questions are
 * numbered 1…`totalQuestions` in the order they are revealed.
 */
export interface ExamAttempt {
  status: 'not-started' | 'in-progress' | 'finished';
  totalQuestions: number;
  revealedQuestions: number;
  answeredQuestions: number;
  /** The question revealed and not answered yet: it counts 999 once its time is over or the next is revealed. */
  current: RevealedQuestion | null;
  /** The number the next reveal takes; null once every question was revealed. */
  nextQuestion: number | null;
  /** Once the attempt has ended. */
  result: ExamResult | null;
}

/** POST /v1/monsterplans/{id}/exam/questions/{number}: a question, revealed now (or again, while it is open). */
export interface RevealedQuestion {
  number: number;
  totalQuestions: number;
  /** Questions not revealed yet. */
  remaining: number;
  /** What is left of its 9 seconds on the server's clock when this answer left (the network allowance aside). */
  secondsLeft: number;
  question: ExamQuestion;
}

/** POST /v1/monsterplans/{id}/exam/questions/{number}/answer: what the server recorded. */
export interface RecordedAnswer {
  number: number;
  /** The option chosen, or 999: the learner's timeout, or an answer that came after the question's time. */
  answer: ExamAnswerCode;
  isOnTime: boolean;
  /** Questions not revealed yet. */
  remaining: number;
}

/** Whether a plan offers its exam to learners: switched on, and its question bank can fill one exam. */
export function isExamOffered(plan: { exam: boolean; examQuestions: { count: number; needed: number } }): boolean {
  return plan.exam && plan.examQuestions.count >= plan.examQuestions.needed;
}
