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
  passRatio: 35 / 40,
  refundMnt: 10_000,
} as const;

/** The longest an exam of `questionCount` questions can last in the browser, in milliseconds. */
export function longestExamMs(questionCount: number): number {
  const { countdownSeconds, secondsPerQuestion, expiryDelaySeconds } = examRules;
  return (countdownSeconds + questionCount * (secondsPerQuestion + expiryDelaySeconds)) * 1000;
}

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

