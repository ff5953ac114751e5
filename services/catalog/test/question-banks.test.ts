// The exam is offered, and may be switched on, only while its question bank can fill one exam: the
// exam service tells the catalog each bank's size (question-bank.changed) as it changes.
import { examRules, isExamOffered } from '@learning/contracts';
import { eventually, expectStatus } from '@learning/testing';
import { startCatalogFixture, type CatalogFixture } from '@learning/testing/catalog';

let fixture: CatalogFixture;
beforeAll(async () => {
  fixture = await startCatalogFixture();
});
afterAll(() => fixture?.close());

const questions = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => ({ question: `The word${from + index} is here.`, niceWord: `word${from + index}`, answers: ['нэг', 'хоёр', 'гурав', 'дөрөв'], correct: 1 }));

async function planOnceBankIs(monsterplanId: string, count: number) {
  return eventually(async () => {
    const plan = expectStatus(await fixture.call('GET', `/v1/monsterplans/${monsterplanId}`), 200, 'the plan');
    return plan.examQuestions.count === count && plan;
  }, `the catalog knows plan ${monsterplanId}'s bank holds ${count}`);
}

/** The exam learns of a new plan by the catalog's event; until it has, its bank answers 404. */
const examKnowsPlan = (monsterplanId: string) =>
  eventually(
    async () => (await fixture.call('GET', `/v1/monsterplans/${monsterplanId}/questions?perPage=1&currentPage=1`, { token: fixture.admin })).status === 200,
    `the exam knows plan ${monsterplanId}`,
  );

const switchExam = (plan: { _id: string; name: string; price: string; videos: string[] }, exam: boolean) =>
  fixture.call('PUT', `/v1/monsterplans/${plan._id}`, { token: fixture.admin, body: { id: plan._id, name: plan.name, price: plan.price, videos: plan.videos, exam } });

it('a new plan cannot be made with its exam on: it has no bank yet', async () => {
  const refused = await fixture.call('POST', '/v1/monsterplans', {
    token: fixture.admin,
    body: { name: 'Шалгалттай', price: '49,000₮', videos: await fixture.publishVideos('monsterplan', 1), exam: true },
  });
  expect(refused).toMatchObject({ status: 409, body: { code: 'exam_bank_short', message: expect.stringMatching(/0 асуулт.*дор хаяж 40/) } });
});

it('the exam switches on once the bank holds enough, and is offered only while it does', async () => {
  const plan = await fixture.createMonsterplan();
  expect(plan.examQuestions).toEqual({ count: 0, needed: examRules.questionCount });
  await examKnowsPlan(plan._id);

  expectStatus(await fixture.call('POST', `/v1/monsterplans/${plan._id}/questions`, { token: fixture.admin, body: questions(39) }), 201, 'importing 39');
  await planOnceBankIs(plan._id, 39);
  const short = await switchExam(plan, true);
  expect(short).toMatchObject({ status: 409, body: { code: 'exam_bank_short', message: expect.stringMatching(/39 асуулт/) } });

  expectStatus(await fixture.call('POST', `/v1/monsterplans/${plan._id}/questions`, { token: fixture.admin, body: questions(1, 39) }), 201, 'importing the 40th');
  await planOnceBankIs(plan._id, 40);
  const switched = expectStatus(await switchExam(plan, true), 200, 'switching the exam on');
  expect(switched.exam).toBe(true);
  expect(isExamOffered(switched)).toBe(true);

  // A question deleted: the switch stays as the administrator left it, but the exam is not offered.
  const bank = expectStatus(await fixture.call('GET', `/v1/monsterplans/${plan._id}/questions?perPage=1&currentPage=1`, { token: fixture.admin }), 200, 'the bank');
  expectStatus(await fixture.call('DELETE', `/v1/monsterplans/${plan._id}/questions/${bank.result[0]._id}`, { token: fixture.admin }), 204, 'deleting one');
  const shortAgain = await planOnceBankIs(plan._id, 39);
  expect([shortAgain.exam, isExamOffered(shortAgain)]).toEqual([true, false]);
  // The public list says the same.
  const listed = (expectStatus(await fixture.call('GET', '/v1/monsterplans'), 200, 'the list') as Array<{ _id: string }>).find((each) => each._id === plan._id);
  expect(listed).toMatchObject({ examQuestions: { count: 39, needed: 40 } });

  // Emptied, then filled by a replacing import.
  expectStatus(await fixture.call('DELETE', `/v1/monsterplans/${plan._id}/questions`, { token: fixture.admin }), 204, 'emptying');
  await planOnceBankIs(plan._id, 0);
  expectStatus(await fixture.call('PUT', `/v1/monsterplans/${plan._id}/questions`, { token: fixture.admin, body: questions(45) }), 200, 'replacing');
  expect(isExamOffered(await planOnceBankIs(plan._id, 45))).toBe(true);
});
