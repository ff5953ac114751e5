// One learner's exam, as the page takes it at human pace: where the attempt stands, then for each of
// the 40 questions its reveal, some seconds of thought and the answer (or, now and then, the page's
// 999 a second after the 9 seconds ran out), then the sealed answers that end the attempt. The
// learner's choices are kept, so the bench knows the grade to expect.
import { setTimeout as sleep } from 'node:timers/promises';
import { exam } from '@learning/contracts';
import { expectStatus, type Call } from '../client.js';

export interface Pace {
  /** Scales every wait (1: a human's seconds; 0.1 for a quick run). */
  thinkScale: number;
  /** Share of the questions left to run out. */
  timedOutShare: number;
  /** Share of the answers given that are right. */
  rightShare: number;
}

export interface Learner {
  id: string;
  token: string;
}

export interface GivenAnswer {
  number: number;
  questionId: string;
  /** What the bench sent: an option's identifier, or 999. */
  sent: exam.ExamAnswerCode;
  isRight: boolean;
  /** The server's verdict on the answer's time; undefined while the call is under way, or when it failed. */
  isOnTime?: boolean;
}

export interface Sitting {
  answers: GivenAnswer[];
  /** The grade of the answers the bench chose, each counted as the server timed it (the percent follows). */
  expected: Pick<exam.ExamResult, 'totalQuestions' | 'correctQuestions' | 'passed'>;
  /** What ending the attempt answered; with `submitsTwice`, the one 200 of the two. */
  result: exam.ExamResult;
  /** The statuses of ending the attempt (two when submitted twice at once). */
  submitStatuses: number[];
}

export interface SittingPlan {
  monsterplanId: string;
  /** The correct option of every bank question, from the administrator's list. */
  correctOf: ReadonlyMap<string, string>;
  /** Its ending is sent twice at once, as a double click would: one must grade, the other 409. */
  submitsTwice: boolean;
  /** Sealed as the browser seals `data`. */
  seal(answers: exam.ExamAnswer[]): Promise<string>;
}

/**
 * A whole attempt through `call`; throws at the first answer that is not the one expected. Each answer
 * goes into `answers` as it is sent, so those of an attempt cut short can be looked for too.
 */
export async function sitExam(call: Call, learner: Learner, plan: SittingPlan, pace: Pace, answers: GivenAnswer[]): Promise<Sitting> {
  const path = `/v1/monsterplans/${plan.monsterplanId}/exam`;
  const { token } = learner;
  const attempt = expectStatus(await call<exam.ExamAttempt>('GET', `${path}/attempt`, { token, timedAs: 'attempt' }), 200, 'the attempt');
  if (attempt.status !== 'not-started') throw new Error(`the attempt is ${attempt.status} before the learner began`);
  await sleep(exam.examRules.countdownSeconds * 1000 * pace.thinkScale);

  for (let number = 1; number <= attempt.totalQuestions; number++) {
    const revealed = expectStatus(await call<exam.RevealedQuestion>('POST', `${path}/questions/${number}`, { token, timedAs: 'reveal' }), 200, `revealing question ${number}`);
    const { question } = revealed;
    const right = plan.correctOf.get(question.identifier);
    if (!right) throw new Error(`question ${number} (${question.identifier}) is not in the plan's bank`);
    const isTimedOut = Math.random() < pace.timedOutShare;
    const isRight = !isTimedOut && Math.random() < pace.rightShare;
    const sent: exam.ExamAnswerCode =
      isTimedOut ? exam.examRules.timeoutAnswer
      : isRight ? right
      : question.answers.filter((option) => option.identifier !== right)[Math.floor(Math.random() * (question.answers.length - 1))]!.identifier;
    // The page sends 999 a second after the bar ran out; a learner thinks 1 to 8 seconds.
    const waitSeconds = isTimedOut ? exam.examRules.secondsPerQuestion + exam.examRules.expiryDelaySeconds : 1 + Math.random() * 7;
    await sleep(waitSeconds * 1000 * pace.thinkScale);
    const given: GivenAnswer = { number, questionId: question.identifier, sent, isRight };
    answers.push(given);
    const recorded = expectStatus(
      await call<exam.RecordedAnswer>('POST', `${path}/questions/${number}/answer`, { token, body: { answer: sent }, timedAs: 'answer' }),
      200,
      `answering question ${number}`,
    );
    given.isOnTime = recorded.isOnTime;
  }

  const body = { id: plan.monsterplanId, user: learner.id, data: await plan.seal(answers.map(({ questionId, sent }) => ({ question: questionId, answer: sent }))) };
  const endings = await Promise.all(Array.from({ length: plan.submitsTwice ? 2 : 1 }, () => call<exam.ExamResult>('POST', path, { token, body, timedAs: 'submit' })));
  const graded = endings.filter(({ status }) => status === 200);
  const refused = endings.filter(({ status, body }) => status === 409 && (body as { code?: string }).code === 'exam_taken');
  if (graded.length !== 1 || graded.length + refused.length !== endings.length) {
    throw new Error(`ending the attempt answered ${endings.map(({ status, body }) => `${status} ${JSON.stringify(body)}`).join(' and ')}`);
  }
  return { answers, expected: gradeOf(answers), result: graded[0]!.body, submitStatuses: endings.map(({ status }) => status) };
}

/** The grade of the bench's own choices: a right answer counts when the server took it in time. */
function gradeOf(answers: readonly GivenAnswer[]): Sitting['expected'] {
  const correctQuestions = answers.filter(({ isRight, isOnTime }) => isRight && isOnTime === true).length;
  return { totalQuestions: answers.length, correctQuestions, passed: exam.isPassed(correctQuestions, answers.length) };
}
