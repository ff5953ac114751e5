// The exam in the browser (spec sections 4 and 9), one question at a time on the server's
// clock: a whole 40-question exam on the demo plan with its exam, some answers right, some wrong, some
// left to time out, whose shown result is the server's grading, passed in words; a reload mid-exam that
// resumes with the question on screen counted as 999; the exam reopened in a fresh browser (nothing
// stored) from the plan page's 'continue', going on at the next question the server has not revealed;
// and a learner whose attempt has ended sent back to the plan page, which shows the result, not passed. The page's timers run on Playwright's clock, so the 7-second countdown and the
// 9-second timers keep their real lengths without the journey waiting for them.
import { isExamOffered, payloadKey, sealPayload } from '@learning/contracts';
import { demoMonsterplanIds } from '@learning/contracts/demo';
import type { Page } from 'playwright-core';
import { eventually, testPayloadSecret } from '@learning/testing';
import { expectVisible, useJourneys, waitForPath } from './fixture.js';

const journeys = useJourneys({ platform: { env: { SEED_DEMO: '1' } } });
const planId = demoMonsterplanIds[0]!;
const examPath = `/product-monster-plan/${planId}/exam`;

// Copied from mfe-monster/src/i18n.ts (see texts.ts for why).
const examTexts = {
  start: 'Шалгалт эхлүүлэх',
  understand: 'Ганц л оролдлоготойг ойлголоо',
  progress: (number: number) => `Асуулт ${number} / 40`,
  timeUp: 'Хугацаа дууслаа',
  resumed: 'Шалгалт үргэлжилж байна. Хуудсаа орхих үед харагдаж байсан асуулт хугацаа дууссанд тооцогдлоо.',
  resultTitle: 'Шалгалтын дүн',
  passed: 'Тэнцлээ',
  notPassed: 'Тэнцсэнгүй',
  continue: 'Шалгалтаа үргэлжлүүлэх',
  taken: (correct: number, total: number) => `Шалгалтын дүн: ${correct}/${total} зөв`,
  leaveConfirm: 'Шалгалт дуусаагүй байна. Гарвал одоогийн асуулт хугацаа дууссанд тооцогдоно. Гарах уу?',
};

interface BankQuestion {
  question: string;
  answers: Array<{ _id: string; name: string }>;
  correctAnswer: string;
}

/** The demo bank's right option for each sentence, as the administrator lists it. */
async function rightAnswers(): Promise<Map<string, string>> {
  const admin = await journeys.platform.adminToken();
  // The exam service learns of the demo plan from the catalog's event.
  const { body } = await eventually(async () => {
    const answer = await journeys.platform.call('GET', `/v1/monsterplans/${planId}/questions?perPage=100`, { token: admin });
    return answer.status === 200 && answer;
  }, 'the exam service knows the demo plan');
  return new Map((body.result as BankQuestion[]).map((question) => [question.question, question.answers.find((option) => option._id === question.correctAnswer)!.name]));
}

/** A learner approved for the demo plan with the exam, once the exam service knows it. */
async function approvedLearner() {
  const { platform } = journeys;
  const learner = await platform.learner();
  const admin = await platform.adminToken();
  const request = await platform.call('POST', '/v1/monsterplan-requests', { token: learner.token, body: { monsterplan: planId } });
  await platform.call('PUT', `/v1/monsterplan-requests/${request.body._id}`, { token: admin });
  const examDb = platform.services.exam.context.db;
  await eventually(
    () => examDb.selectFrom('approval').select('user_id').where('user_id', '=', learner.id).where('monsterplan_id', '=', planId).executeTakeFirst(),
    'the exam service knows of the approval',
  );
  // The page decides from the signed-in user that they are approved: auth must show it too.
  await platform.meOnce(learner, (me) => me.monsterplans.includes(planId));
  // And from the plan that its exam is offered: the catalog hears of the demo bank from the exam service.
  await eventually(async () => {
    const answer = await platform.call('GET', `/v1/monsterplans/${planId}`);
    return answer.status === 200 && isExamOffered(answer.body);
  }, 'the catalog offers the demo plan’s exam');
  return learner;
}

/** The exam service's own record of the learner's attempt: its result, and each question as revealed and answered. */
async function serverRecordOf(learnerId: string) {
  const examDb = journeys.platform.services.exam.context.db;
  const result = await examDb.selectFrom('result').selectAll().where('user_id', '=', learnerId).where('monsterplan_id', '=', planId).executeTakeFirstOrThrow();
  const revealed = await examDb.selectFrom('revealed_question').select(['number', 'answer']).where('user_id', '=', learnerId).where('monsterplan_id', '=', planId).orderBy('number').execute();
  return { result, revealed };
}

/** What the page shows of the result. */
async function shownResult(page: Page) {
  await expectVisible(page.getByRole('heading', { name: examTexts.resultTitle }));
  return {
    percent: await page.getByTestId('exam-percent').textContent(),
    correct: await page.getByTestId('exam-correct').textContent(),
    total: await page.getByTestId('exam-total').textContent(),
  };
}

const asShown = (result: { percent: number; correct_questions: number; total_questions: number }) => ({
  percent: `${result.percent}%`,
  correct: String(result.correct_questions),
  total: String(result.total_questions),
});

async function openExam(token: string): Promise<Page> {
  const page = await journeys.openPage({ token });
  await page.clock.install();
  await page.goto(examPath);
  return page;
}

/** Says the one attempt is understood (Start waits for it), then starts the exam. */
async function startExam(page: Page) {
  await page.getByRole('checkbox', { name: examTexts.understand }).check();
  await page.getByRole('button', { name: examTexts.start }).click();
}

/** Past the 7-second countdown to question `number`. */
async function countDownTo(page: Page, number: number) {
  await expectVisible(page.getByTestId('exam-countdown'));
  await page.clock.runFor(7000);
  await expectVisible(page.getByText(examTexts.progress(number), { exact: true }));
}

type Move = 'right' | 'wrong' | 'timeout';

/** Answers the question on screen, number `number`, and waits for the next one (or the end). */
async function answer(page: Page, number: number, move: Move, right: Map<string, string>) {
  await expectVisible(page.getByText(examTexts.progress(number), { exact: true }));
  const sentence = (await page.locator('#exam-question-sentence').textContent())!;
  const options = page.getByRole('group', { name: 'Хариултууд' }).getByRole('button');
  if (move === 'timeout') {
    await page.clock.runFor(9000);
    await expectVisible(page.getByRole('timer').filter({ hasText: examTexts.timeUp }));
    await page.clock.runFor(1000);
  } else {
    const names = await options.allTextContents();
    const rightName = right.get(sentence)!;
    const index = names.findIndex((name) => (move === 'right' ? name.endsWith(rightName) : !name.endsWith(rightName)));
    await options.nth(index).click();
  }
}

it('a learner takes the whole 40-question exam, and the result shown is the server’s grading', async () => {
  const right = await rightAnswers();
  const learner = await approvedLearner();
  const page = await openExam(learner.token);
  await startExam(page);
  await countDownTo(page, 1);

  const moves: Move[] = Array.from({ length: 40 }, (_, index) => ([4, 19, 33].includes(index) ? 'timeout' : [10, 27].includes(index) ? 'wrong' : 'right'));
  for (const [index, move] of moves.entries()) await answer(page, index + 1, move, right);

  const shown = await shownResult(page);
  expect(shown).toEqual({ percent: '87.5%', correct: '35', total: '40' });
  await expectVisible(page.getByText(examTexts.passed, { exact: true }));
  const { result, revealed } = await serverRecordOf(learner.id);
  expect(shown).toEqual(asShown(result));
  expect(result.passed).toBe(true);
  // Each answer reached the server as it was given, the timeouts as 999.
  expect(revealed.map(({ answer }) => answer === '999')).toEqual(moves.map((move) => move === 'timeout'));
  const stored = await page.evaluate((key) => localStorage.getItem(key), `exam:${planId}`);
  expect(stored).toBeNull();
});

it('a reload mid-exam resumes it: the question on screen counts as 999, the rest goes on', async () => {
  const right = await rightAnswers();
  const learner = await approvedLearner();
  const page = await openExam(learner.token);
  await startExam(page);
  await countDownTo(page, 1);
  await answer(page, 1, 'right', right);
  await answer(page, 2, 'right', right);
  await expectVisible(page.getByText(examTexts.progress(3), { exact: true }));

  // Leaving mid-exam asks: the back button, refused, keeps the learner on the question.
  const asked: string[] = [];
  page.once('dialog', (dialog) => void (asked.push(dialog.message()), dialog.dismiss()));
  await page.evaluate(() => history.back());
  await eventually(async () => asked.length > 0, 'the page asks before leaving');
  expect(asked).toEqual([examTexts.leaveConfirm]);
  await expectVisible(page.getByText(examTexts.progress(3), { exact: true }));

  // A reload, accepted, leaves it with question 3 on screen.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expectVisible(page.getByText(examTexts.resumed));
  await countDownTo(page, 4);
  for (let number = 4; number <= 40; number++) await answer(page, number, 'right', right);

  const shown = await shownResult(page);
  expect(shown.correct).toBe('39');
  const { result, revealed } = await serverRecordOf(learner.id);
  expect(shown).toEqual(asShown(result));
  expect(revealed[2]!.answer).toBe('999');
  expect((result.answers as Array<{ answer: string | number }>)[2]!.answer).toBe(999);
});

it('the exam reopened in a fresh browser, from the plan page’s continue, goes on at the next question, the open one counted 999, and the result is the server’s grading', async () => {
  const right = await rightAnswers();
  const learner = await approvedLearner();
  const first = await openExam(learner.token);
  await startExam(first);
  await countDownTo(first, 1);
  const before: Move[] = ['right', 'wrong', 'right', 'timeout', 'right'];
  for (const [index, move] of before.entries()) await answer(first, index + 1, move, right);
  await expectVisible(first.getByText(examTexts.progress(6), { exact: true }));
  await first.close();

  // Another browser, the same learner signed in, nothing of the exam stored: the plan page offers to go on.
  const page = await journeys.openPage({ token: learner.token });
  await page.clock.install();
  await page.goto(`/product-monster-plan/${planId}`);
  const goOn = page.getByRole('link', { name: examTexts.continue });
  await expectVisible(goOn);
  expect(await page.evaluate((key) => localStorage.getItem(key), `exam:${planId}`)).toBeNull();
  await goOn.click();
  await waitForPath(page, examPath);
  await expectVisible(page.getByText(examTexts.resumed));
  await expect(page.getByRole('button', { name: examTexts.start }).count()).resolves.toBe(0);
  await countDownTo(page, 7);
  const sitting = await journeys.platform.services.exam.context.db
    .selectFrom('sitting')
    .select('questions')
    .where('user_id', '=', learner.id)
    .where('monsterplan_id', '=', planId)
    .executeTakeFirstOrThrow();
  expect(await page.locator('#exam-question-sentence').textContent()).toBe(sitting.questions[6]!.question);

  const after: Move[] = Array.from({ length: 34 }, (_, index) => (index === 13 ? 'wrong' : 'right'));
  for (const [index, move] of after.entries()) await answer(page, index + 7, move, right);

  const shown = await shownResult(page);
  // Right: 3 of the first 5, none of question 6 (left open), 33 of the last 34.
  expect(shown).toEqual({ percent: '90%', correct: '36', total: '40' });
  const { result, revealed } = await serverRecordOf(learner.id);
  expect(shown).toEqual(asShown(result));
  expect(result.passed).toBe(true);
  expect(revealed).toHaveLength(40);
  expect(revealed.slice(3, 6).map(({ answer }) => answer)).toEqual(['999', expect.not.stringMatching(/^999$/), '999']);
  expect(await page.evaluate((key) => localStorage.getItem(key), `exam:${planId}`)).toBeNull();
});

it('a learner whose attempt has ended is sent back to the plan page, as is one whose plan has no exam', async () => {
  const learner = await approvedLearner();
  const { platform } = journeys;
  // The attempt begun and ended through the API at once: every question counts 999.
  expect((await platform.call('POST', `/v1/monsterplans/${planId}/exam/questions/1`, { token: learner.token })).status).toBe(200);
  const data = await sealPayload(await payloadKey(testPayloadSecret), JSON.stringify([]));
  const ended = await platform.call('POST', `/v1/monsterplans/${planId}/exam`, { token: learner.token, body: { id: planId, user: learner.id, data } });
  expect(ended.body).toEqual({ percent: 0, totalQuestions: 40, correctQuestions: 0, passed: false });
  await platform.meOnce(learner, (me) => me.monsterplanExam.length > 0);

  const page = await journeys.openPage({ token: learner.token });
  await page.goto(examPath);
  await waitForPath(page, `/product-monster-plan/${planId}`);
  // A browser that still flags the exam as started lets the server's attempt decide: it has ended.
  await page.evaluate((key) => localStorage.setItem(key, 'started'), `exam:${planId}`);
  await page.goto(examPath);
  await waitForPath(page, `/product-monster-plan/${planId}`);
  expect(await page.evaluate((key) => localStorage.getItem(key), `exam:${planId}`)).toBeNull();
  // The plan page shows the result, and says it is not a pass.
  await expectVisible(page.getByText(examTexts.taken(0, 40), { exact: true }));
  await expectVisible(page.getByText(examTexts.notPassed, { exact: true }));

  const withoutExam = demoMonsterplanIds[1]!;
  await page.goto(`/product-monster-plan/${withoutExam}/exam`);
  await waitForPath(page, `/product-monster-plan/${withoutExam}`);
});
