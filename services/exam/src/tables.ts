import type { ColumnType, Generated } from 'kysely';
import type { Db } from '@learning/kit/data';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/**
 * A question as the exam issued it: what the learner saw (options in the order shown) and the correct
 * option, kept whole so that a bank edited during the attempt changes neither its questions nor its grading.
 * Kept under the bank's names (`_id`); the learner gets them as `identifier`s.
 */
export interface IssuedQuestion {
  questionId: string;
  question: string;
  niceWord: string;
  answers: Array<{ _id: string; name: string }>;
  correctAnswerId: string;
}

export interface ExamTables {
  /** Read models, from auth's `user.registered` and the catalog's access and plan events. */
  learner: { user_id: string; email: string };
  access_version: { user_id: string; version: number };
  approval: { user_id: string; monsterplan_id: string };
  monsterplan: { id: string; name: string; has_exam: boolean; is_deleted: boolean };

  question: {
    id: Generated<string>;
    monsterplan_id: string;
    question: string;
    nice_word: string;
    answers: ColumnType<Array<{ _id: string; name: string }>, string, string>;
    correct_answer_id: string;
    position: number;
    created_at: Generated<Date>;
  };
  /** A learner's attempt at a plan's exam: its questions, drawn when it began and revealed one by one. */
  sitting: {
    user_id: string;
    monsterplan_id: string;
    issued_at: Timestamp;
    questions: ColumnType<IssuedQuestion[], string, string>;
  };
  /** A question of a sitting the learner has reached (1-based `number`), and its answer once given. */
  revealed_question: {
    user_id: string;
    monsterplan_id: string;
    number: number;
    revealed_at: Timestamp;
    /** An option's id, or '999'; null while the question is open. */
    answer: string | null;
    answered_at: Timestamp | null;
  };
  /** One per learner and plan: the exam is taken once. */
  result: {
    id: Generated<string>;
    user_id: string;
    monsterplan_id: string;
    percent: ColumnType<number, number, number>;
    correct_questions: number;
    total_questions: number;
    passed: boolean;
    answers: ColumnType<unknown, string, string>;
    created_at: Timestamp;
  };
}

export type ExamDb = Db<ExamTables>;
