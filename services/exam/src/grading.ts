// Grading (spec sections 4 and 9): each issued question counts once, right when its answer is the
// correct option; 999 (the time ran out) and an unanswered question count as wrong. An answer names
// the question and the option by the `identifier`s the learner was given, which are the bank's ids; one
// that names a question that was not issued, or an option the question does not have, is refused whole.
import { exam } from '@learning/contracts';
import { badRequest } from '@learning/kit/http';
import type { IssuedQuestion } from './tables.js';

export function gradeExam(issued: readonly IssuedQuestion[], answers: readonly exam.ExamAnswer[]): exam.ExamResult {
  checkAnswers(issued, answers);
  const byId = new Map(issued.map((question) => [question.questionId, question]));
  const correctQuestions = answers.filter(({ question, answer }) => answer === byId.get(question)!.correctAnswerId).length;
  const totalQuestions = issued.length;
  return {
    percent: totalQuestions === 0 ? 0 : Math.round((correctQuestions / totalQuestions) * 10_000) / 100,
    totalQuestions,
    correctQuestions,
    passed: exam.isPassed(correctQuestions, totalQuestions),
  };
}

/** Refuses, whole, answers naming a question not issued, a question twice, or an option the question does not have. */
export function checkAnswers(issued: readonly IssuedQuestion[], answers: readonly exam.ExamAnswer[]): void {
  const byId = new Map(issued.map((question) => [question.questionId, question]));
  const answered = new Set<string>();
  for (const { question: questionId, answer } of answers) {
    const question = byId.get(questionId);
    if (!question) throw badRequest('Шалгалтад өгөөгүй асуултын хариулт ирлээ.', 'exam_answer_unknown_question');
    if (answered.has(questionId)) throw badRequest('Нэг асуултад хоёр хариулт ирлээ.', 'exam_answer_repeated');
    answered.add(questionId);
    if (answer !== exam.examRules.timeoutAnswer && !question.answers.some((option) => option._id === answer)) {
      throw badRequest('Асуултад байхгүй хариулт ирлээ.', 'exam_answer_unknown_option');
    }
  }
}
