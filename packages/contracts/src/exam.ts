// The vocabulary exam's payloads (spec sections 3, 4 and 7): the answers sent back, the results list
// and the question bank's import; the rules and the shapes the page needs are in exam-rules.ts.
import { z } from 'zod';
import { id } from './common.js';
import { examRules, type ExamResult } from './exam-rules.js';

export {
  examRules,
  isPassed,
  type ExamAnswerCode,
  type ExamAttempt,
  type ExamOption,
  type ExamQuestion,
  type ExamResult,
  type RecordedAnswer,
  type RevealedQuestion,
} from './exam-rules.js';

/**
 * One answer of the plaintext inside `data`: the question's `identifier` and the chosen option's
 * `identifier`, or 999 when the time ran out.
 */
export const examAnswer = z.object({
  question: id,
  answer: z.union([id, z.literal(examRules.timeoutAnswer)]),
});
export type ExamAnswer = z.infer<typeof examAnswer>;
export const examAnswers = z.array(examAnswer).max(1000);

/** The number of a question in the learner's attempt, in the path: 1…40. */
export const questionNumber = z.coerce
  .number({ error: 'Асуултын дугаар буруу байна.' })
  .int('Асуултын дугаар буруу байна.')
  .min(1, 'Асуултын дугаар буруу байна.')
  .max(1000, 'Асуултын дугаар буруу байна.');

/** POST /v1/monsterplans/{id}/exam/questions/{number}/answer. */
export const questionAnswer = z.object({
  answer: z.union([id, z.literal(examRules.timeoutAnswer)], { error: 'Хариулт (answer) нь сонголтын identifier эсвэл 999 байх ёстой.' }),
});

/** POST /v1/monsterplans/{id}/exam: `data` is the answers sealed as a payload TOKEN (DESIGN.md). */
export const examSubmission = z.object({
  id: z.unknown().optional(),
  user: z.unknown().optional(),
  data: z.string({ error: 'Хариултууд ирсэнгүй.' }).min(1, 'Хариултууд ирсэнгүй.').max(200_000, 'Хариултууд хэтэрхий урт байна.'),
});

/** A row of GET /v1/monsterplans/exam-results (administrator). */
export interface ExamResultRow extends ExamResult {
  _id: string;
  createdAt: string;
  user: { _id: string; email: string };
  monsterplan: { _id: string; name: string };
}

/** A question of the bank as the administrator imports it: four options and the correct one. */
export const questionInput = z
  .object({
    question: z.string({ error: 'Асуултын өгүүлбэр хоосон байна.' }).trim().min(1, 'Асуултын өгүүлбэр хоосон байна.').max(1000, 'Асуулт хэтэрхий урт байна.'),
    niceWord: z.string({ error: 'Тодруулах үг (niceWord) хоосон байна.' }).trim().min(1, 'Тодруулах үг (niceWord) хоосон байна.').max(100, 'Тодруулах үг хэтэрхий урт байна.'),
    answers: z
      .array(z.string({ error: 'Хариулт хоосон байна.' }).trim().min(1, 'Хариулт хоосон байна.').max(300, 'Хариулт хэтэрхий урт байна.'), {
        error: 'Дөрвөн хариулт байх ёстой.',
      })
      .length(4, 'Дөрвөн хариулт байх ёстой.'),
    /** The correct option: its number (1–4) or its text. */
    correct: z.union([z.number(), z.string()], { error: 'Зөв хариултыг заана уу.' }),
  })
  .transform((input, context) => {
    const correctIndex = correctIndexOf(input.answers, input.correct);
    if (correctIndex === undefined) {
      context.addIssue({ code: 'custom', message: 'Зөв хариулт нь 1–4 дугаар эсвэл хариултуудын аль нэгтэй яг ижил байх ёстой.' });
      return z.NEVER;
    }
    if (new Set(input.answers.map((answer) => answer.toLowerCase())).size !== input.answers.length) {
      context.addIssue({ code: 'custom', message: 'Хариултууд давхардсан байна.' });
      return z.NEVER;
    }
    if (!input.question.toLowerCase().includes(input.niceWord.toLowerCase())) {
      context.addIssue({ code: 'custom', message: 'Асуултын өгүүлбэрт тодруулах үг (niceWord) байх ёстой.' });
      return z.NEVER;
    }
    return { question: input.question, niceWord: input.niceWord, answers: input.answers, correctIndex };
  });
export type QuestionInput = z.input<typeof questionInput>;
export type BankQuestionInput = z.output<typeof questionInput>;

function correctIndexOf(answers: string[], correct: number | string): number | undefined {
  if (typeof correct === 'string' && !/^\s*[1-4]\s*$/.test(correct)) {
    const index = answers.indexOf(correct.trim());
    return index === -1 ? undefined : index;
  }
  const position = Number(correct);
  return Number.isInteger(position) && position >= 1 && position <= answers.length ? position - 1 : undefined;
}

/** A question of the bank as the administrator sees it, with the correct option. */
export interface BankQuestion {
  _id: string;
  question: string;
  niceWord: string;
  answers: Array<{ _id: string; name: string }>;
  correctAnswer: string;
}
