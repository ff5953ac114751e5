// One price: a request records the price that applied when it was made (the early one before its
// deadline), and that is what the learner and the administrator see from then on, after the deadline
// and after approval too.
import { expectStatus } from '@learning/testing';
import { startCatalogFixture, type CatalogFixture } from '@learning/testing/catalog';

let fixture: CatalogFixture;
beforeAll(async () => {
  fixture = await startCatalogFixture();
});
afterAll(() => fixture?.close());

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

it('a plan asked for before its early deadline records the early price, which stays after the deadline and the approval', async () => {
  const plan = await fixture.createMonsterplan({ price: '49,000₮', earlyPrice: '35,000₮', earlyPriceUntil: inAWeek() });
  const learner = await fixture.learner();
  const request = await fixture.requestMonsterplan(learner, plan._id);
  expect(request.price).toBe('35,000₮');

  // The deadline passes: new requests pay the price, this one keeps what it was told.
  const body = { name: plan.name, price: plan.price, videos: plan.videos, earlyPriceUntil: new Date(Date.now() - 1000).toISOString() };
  expectStatus(await fixture.call('PUT', `/v1/monsterplans/${plan._id}`, { token: fixture.admin, body }), 200, 'ending the early price');
  const late = await fixture.requestMonsterplan(await fixture.learner(), plan._id);
  expect(late.price).toBe('49,000₮');

  const listed = expectStatus(await fixture.call('GET', '/v1/monsterplan-requests?perPage=100&currentPage=1', { token: fixture.admin }), 200, 'the requests');
  expect(listed.result.find((each: { _id: string }) => each._id === request._id).price).toBe('35,000₮');

  const pending = expectStatus(await fixture.call('GET', '/v1/progress/mine', { token: learner.token }), 200, 'my learning');
  expect(pending.monsterplans[0]).toMatchObject({ access: 'pending', price: '49,000₮', requestPrice: '35,000₮' });
  expectStatus(await fixture.call('PUT', `/v1/monsterplan-requests/${request._id}`, { token: fixture.admin }), 200, 'approving');
  const approved = expectStatus(await fixture.call('GET', '/v1/progress/mine', { token: learner.token }), 200, 'my learning');
  expect(approved.monsterplans[0]).toMatchObject({ access: 'approved', requestPrice: '35,000₮' });
  expect(expectStatus(await fixture.call('GET', `/v1/monsterplan-requests/${request._id}`, { token: fixture.admin }), 200, 'the request').price).toBe('35,000₮');
});

it('a bundle takes an early price and deadline too, shown in its view and recorded on its requests', async () => {
  const videos = await fixture.publishVideos('lesson', 1);
  const lesson = expectStatus(
    await fixture.call('POST', '/v1/lessons', { token: fixture.admin, body: { name: 'Эрт үнэтэй багц', price: '59,000₮', videos, earlyPrice: '45,000₮', earlyPriceUntil: '2036-12-09T00:00:00+08:00' } }),
    201,
    'creating the bundle',
  );
  expect(lesson).toMatchObject({ price: '59,000₮', earlyPrice: '45,000₮', earlyPriceUntil: '2036-12-08T16:00:00.000Z' });
  const learner = await fixture.learner();
  expect((await fixture.requestLesson(learner, lesson._id)).price).toBe('45,000₮');
  const mine = expectStatus(await fixture.call('GET', '/v1/progress/mine', { token: learner.token }), 200, 'my learning');
  expect(mine.lessons[0]).toMatchObject({ requestPrice: '45,000₮' });

  // Cleared with null; left out, it stays.
  const kept = expectStatus(await fixture.call('PUT', `/v1/lessons/${lesson._id}`, { token: fixture.admin, body: { name: lesson.name, price: '59,000₮', videos } }), 200, 'renaming');
  expect(kept.earlyPrice).toBe('45,000₮');
  const cleared = expectStatus(
    await fixture.call('PUT', `/v1/lessons/${lesson._id}`, { token: fixture.admin, body: { name: lesson.name, price: '59,000₮', videos, earlyPrice: null, earlyPriceUntil: null } }),
    200,
    'clearing',
  );
  expect([cleared.earlyPrice, cleared.earlyPriceUntil]).toEqual([null, null]);
  expect((await fixture.requestLesson(await fixture.learner(), lesson._id)).price).toBe('59,000₮');
});

it('the refund report shows what each learner\'s request recorded', async () => {
  const plan = await fixture.createMonsterplan({ price: '49,000₮', earlyPrice: '35,000₮', earlyPriceUntil: inAWeek() });
  const learner = await fixture.approvedForMonsterplan(plan._id);
  await fixture.publish('exam.completed', { userId: learner.id, monsterplanId: plan._id, percent: 90, correctQuestions: 36, totalQuestions: 40, passed: true }, 'exam');
  const { eventually } = await import('@learning/testing');
  const report = await eventually(async () => {
    const answer = expectStatus(await fixture.call('GET', `/v1/monsterplans/${plan._id}/refunds`, { token: fixture.admin }), 200, 'the report');
    return answer.result.length > 0 && answer;
  }, 'the refund is reported');
  expect(report.result[0]).toMatchObject({ user: { _id: learner.id }, paidPrice: '35,000₮' });
  const csv = await fixture.call('GET', `/v1/monsterplans/${plan._id}/refunds.csv`, { token: fixture.admin });
  expect(String(csv.body)).toContain('Хөтөлбөрийн үнэ');
  expect(String(csv.body)).toContain('"35,000₮"');
});
