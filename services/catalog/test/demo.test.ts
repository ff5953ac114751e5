// The demo content of an empty catalog (demo.ts), as a newcomer sees it on `npm start`.
import { isExamOffered } from '@learning/contracts';
import { demoVideos } from '@learning/contracts/demo';
import { eventually } from '@learning/testing';
import { seedDemo } from '../src/demo.js';
import { type CatalogFixture, startCatalogFixture } from '@learning/testing/catalog';

let fixture: CatalogFixture;
beforeAll(async () => {
  fixture = await startCatalogFixture({ seedDemo: true });
});
afterAll(() => fixture?.close());

it('seeds three Monster plans of two weeks of five days: one inactive, one with the exam and the early price', async () => {
  const { body: plans } = await fixture.call('GET', '/v1/monsterplans');
  expect(plans).toHaveLength(3);
  expect(plans.map((plan: { price: string }) => plan.price)).toEqual(['49,000₮', '49,000₮', '111,000₮']);
  expect(plans.map((plan: { isActive: boolean }) => plan.isActive)).toEqual([true, true, false]);
  expect(plans.map((plan: { exam: boolean }) => plan.exam)).toEqual([true, false, false]);
  expect(plans[0]).toMatchObject({ earlyPrice: '35,000₮', earlyPriceUntil: '2026-12-08T16:00:00.000Z' });
  for (const plan of plans) {
    expect(plan.populatedVideos.map((week: { week: number }) => week.week)).toEqual([1, 2]);
    for (const week of plan.populatedVideos) {
      expect(week.videos.map((video: { dayOfWeek: number }) => video.dayOfWeek)).toEqual([1, 2, 3, 4, 5]);
      expect(week.videos.every((video: { name: string; monsterWords: string }) => video.name && video.monsterWords)).toBe(true);
    }
  }
});

it('the demo plan with the exam offers it: the exam service seeds its bank and tells the catalog', async () => {
  const plan = await eventually(async () => {
    const { body: plans } = await fixture.call('GET', '/v1/monsterplans');
    return (plans as Array<{ exam: boolean; examQuestions: { count: number; needed: number } }>).find((each) => each.exam && isExamOffered(each));
  }, 'the demo exam is offered');
  expect(plan.examQuestions.count).toBeGreaterThanOrEqual(plan.examQuestions.needed);
});

it('seeds three lesson bundles whose videos are the shared demo videos', async () => {
  const { body: lessons } = await fixture.call('GET', '/v1/lessons');
  expect(lessons).toHaveLength(3);
  const demoIds = new Set(demoVideos.map((video) => video.id));
  for (const lesson of lessons) {
    expect(lesson.populatedVideos.length).toBeGreaterThan(0);
    expect(lesson.videos.every((id: string) => demoIds.has(id))).toBe(true);
  }
});

it('a learner can ask for a demo plan, and the inactive one refuses', async () => {
  const { body: plans } = await fixture.call('GET', '/v1/monsterplans');
  const learner = await fixture.learner();
  await fixture.requestMonsterplan(learner, plans[0]._id);
  const inactive = await fixture.call('POST', '/v1/monsterplan-requests', { token: learner.token, body: { monsterplan: plans[2]._id } });
  expect(inactive.status).toBe(409);
});

it('a catalog that has content is not seeded again', async () => {
  expect(await seedDemo(fixture.platform.services.catalog.context.db)).toBe(false);
  expect((await fixture.call('GET', '/v1/monsterplans')).body).toHaveLength(3);
});
