// What the exam's tests share: the whole platform through the catalog's fixture (plans, learners and
// approvals made through the gateway, as the catalog's own tests make them), a plan with its exam and
// a question bank, learners the exam knows to be approved, and answers sealed as the browser seals them.
import { exam, payloadKey, sealPayload } from '@learning/contracts';
import { eventually, expectStatus, testPayloadSecret } from '@learning/testing';
import { type CatalogFixture, type Learner, startCatalogFixture } from '@learning/testing/catalog';

export { eventually, expectStatus, type Learner };

export interface ExamFixture extends CatalogFixture {
  /** A plan with its exam enabled (unless told), known to the exam service, with a bank of `bank` questions. */
  examPlan(options?: { exam?: boolean; bank?: number }): Promise<string>;
  /** A learner approved for the plan, once the exam service knows it. */
  approvedLearner(monsterplanId: string): Promise<Learner>;
  /** Imports `count` generated questions as JSON; answers the bank's size. */
  importBank(monsterplanId: string, count: number): Promise<number>;
  /** The bank as the administrator lists it (with the correct options). */
  bank(monsterplanId: string): Promise<exam.BankQuestion[]>;
  /** The answers sealed as a payload TOKEN with the platform's secret. */
  seal(answers: unknown): Promise<string>;
  /** Reveals question `number` of the learner's attempt (200 expected). */
  reveal(learner: Learner, monsterplanId: string, number: number): Promise<exam.RevealedQuestion>;
  /** Answers question `number` (200 expected). */
  answer(learner: Learner, monsterplanId: string, number: number, answer: exam.ExamAnswerCode): Promise<exam.RecordedAnswer>;
  /**
   * Goes through the whole exam as the page does, each answer in time: the first `correct` questions
   * right, the next `timedOut` 999, the rest wrong; then ends it. Answers the result and the answers given.
   */
  sitThrough(learner: Learner, monsterplanId: string, choices: { correct: number; timedOut?: number }): Promise<{ result: exam.ExamResult; answers: exam.ExamAnswer[] }>;
}

/** A question of a generated bank; the correct option is the one named `correct-<n>`. */
export function aQuestion(n: number): exam.QuestionInput {
  return { question: `Sentence ${n} has the word word${n} in it.`, niceWord: `word${n}`, answers: [`wrong-a-${n}`, `correct-${n}`, `wrong-b-${n}`, `wrong-c-${n}`], correct: 2 };
}

export async function startExamFixture(options: { seedDemo?: boolean } = {}): Promise<ExamFixture> {
  const fixture = await startCatalogFixture(options);
  const examDb = fixture.platform.services.exam.context.db;
  const key = await payloadKey(testPayloadSecret);
  let questionSerial = 0;

  const examFixture: ExamFixture = {
    ...fixture,
    async examPlan({ exam: hasExam = true, bank = exam.examRules.questionCount } = {}) {
      // As an administrator must: the plan, then its bank, then the exam switched on (the catalog
      // refuses it while the bank cannot fill an exam). A short bank with the exam on is one whose
      // questions were deleted afterwards.
      const plan = await fixture.createMonsterplan({ exam: false });
      await eventually(
        () => examDb.selectFrom('monsterplan').select('id').where('id', '=', plan._id).executeTakeFirst(),
        `the exam service knows plan ${plan._id}`,
      );
      const filled = hasExam ? Math.max(bank, exam.examRules.questionCount) : bank;
      if (filled > 0) await examFixture.importBank(plan._id, filled);
      if (!hasExam) return plan._id;
      await eventually(async () => {
        const known = expectStatus(await fixture.call('GET', `/v1/monsterplans/${plan._id}`), 200, 'the plan');
        return known.examQuestions.count === filled;
      }, `the catalog knows plan ${plan._id}'s bank`);
      const body = { name: plan.name, price: plan.price, videos: plan.videos, exam: true };
      expectStatus(await fixture.call('PUT', `/v1/monsterplans/${plan._id}`, { token: fixture.admin, body }), 200, 'switching the exam on');
      await eventually(
        () => examDb.selectFrom('monsterplan').select('id').where('id', '=', plan._id).where('has_exam', '=', true).executeTakeFirst(),
        `the exam service knows plan ${plan._id} has its exam`,
      );
      for (const question of (await examFixture.bank(plan._id)).slice(0, filled - bank)) {
        expectStatus(await fixture.call('DELETE', `/v1/monsterplans/${plan._id}/questions/${question._id}`, { token: fixture.admin }), 204, 'deleting a question');
      }
      return plan._id;
    },
    async approvedLearner(monsterplanId) {
      const learner = await fixture.approvedForMonsterplan(monsterplanId);
      await eventually(
        () => examDb.selectFrom('approval').select('user_id').where('user_id', '=', learner.id).where('monsterplan_id', '=', monsterplanId).executeTakeFirst(),
        `the exam service knows ${learner.email} is approved`,
      );
      return learner;
    },
    async importBank(monsterplanId, count) {
      const questions = Array.from({ length: count }, () => aQuestion(++questionSerial));
      const answer = await fixture.call('POST', `/v1/monsterplans/${monsterplanId}/questions`, { token: fixture.admin, body: questions });
      return expectStatus(answer, 201, 'importing questions').count;
    },
    async bank(monsterplanId) {
      const answer = await fixture.call('GET', `/v1/monsterplans/${monsterplanId}/questions?perPage=100`, { token: fixture.admin });
      return expectStatus(answer, 200, 'listing the bank').result;
    },
    seal: (answers) => sealPayload(key, JSON.stringify(answers)),
    async reveal(learner, monsterplanId, number) {
      return expectStatus(await fixture.call('POST', `/v1/monsterplans/${monsterplanId}/exam/questions/${number}`, { token: learner.token }), 200, `revealing question ${number}`);
    },
    async answer(learner, monsterplanId, number, answer) {
      const called = await fixture.call('POST', `/v1/monsterplans/${monsterplanId}/exam/questions/${number}/answer`, { token: learner.token, body: { answer } });
      return expectStatus(called, 200, `answering question ${number}`);
    },
    async sitThrough(learner, monsterplanId, { correct, timedOut = 0 }) {
      const correctOf = new Map((await examFixture.bank(monsterplanId)).map((question) => [question._id, question.correctAnswer]));
      const answers: exam.ExamAnswer[] = [];
      for (let number = 1; number <= exam.examRules.questionCount; number++) {
        const { question } = await examFixture.reveal(learner, monsterplanId, number);
        const right = correctOf.get(question.identifier)!;
        const answer =
          number <= correct ? right
          : number <= correct + timedOut ? exam.examRules.timeoutAnswer
          : question.answers.find((option) => option.identifier !== right)!.identifier;
        await examFixture.answer(learner, monsterplanId, number, answer);
        answers.push({ question: question.identifier, answer });
      }
      const body = { id: monsterplanId, user: learner.id, data: await examFixture.seal(answers) };
      const result = expectStatus(await fixture.call('POST', `/v1/monsterplans/${monsterplanId}/exam`, { token: learner.token, body }), 200, 'ending the exam');
      return { result, answers };
    },
  };
  return examFixture;
}

/** Answers to the questions as issued: the first `correct` right, the rest wrong, `timedOut` of those as 999. */
export function answersTo(
  questions: exam.ExamQuestion[],
  bank: exam.BankQuestion[],
  { correct, timedOut = 0 }: { correct: number; timedOut?: number },
): exam.ExamAnswer[] {
  const correctOf = new Map(bank.map((question) => [question._id, question.correctAnswer]));
  return questions.map((question, index) => {
    const right = correctOf.get(question.identifier)!;
    if (index < correct) return { question: question.identifier, answer: right };
    if (index < correct + timedOut) return { question: question.identifier, answer: exam.examRules.timeoutAnswer };
    return { question: question.identifier, answer: question.answers.find((option) => option.identifier !== right)!.identifier };
  });
}
