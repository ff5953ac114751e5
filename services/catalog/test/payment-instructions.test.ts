// What a pending learner must do: the administrator's payment instructions on
// plans and bundles, a plan's releaseDaily switch, and /v1/progress/mine's price, instructions and
// early price (only while pending and while it applies).
import { expectStatus } from '@learning/testing';
import { startCatalogFixture, type CatalogFixture } from '@learning/testing/catalog';

let fixture: CatalogFixture;

beforeAll(async () => {
  fixture = await startCatalogFixture();
});
afterAll(() => fixture?.close());

const instructions = 'Хаан банк 5000 000 000. Гүйлгээний утга: имэйл.\nQPay эсвэл бэлнээр төвд.';

describe('a plan\'s payment instructions and daily release', () => {
  it('are empty and false when left out; kept on an update that leaves them out; changed when sent (trimmed)', async () => {
    const plan = await fixture.createMonsterplan();
    expect(plan).toMatchObject({ paymentInstructions: '', releaseDaily: false });
    const path = `/v1/monsterplans/${plan._id}`;
    const base = { name: plan.name, price: plan.price, videos: plan.videos };
    const changed = expectStatus(await fixture.call('PUT', path, { token: fixture.admin, body: { ...base, paymentInstructions: `  ${instructions}  `, releaseDaily: true } }), 200, 'setting');
    expect(changed).toMatchObject({ paymentInstructions: instructions, releaseDaily: true });
    expect(expectStatus(await fixture.call('PUT', path, { token: fixture.admin, body: base }), 200, 'leaving out')).toMatchObject({ paymentInstructions: instructions, releaseDaily: true });
    expect(expectStatus(await fixture.call('GET', path), 200, 'reading')).toMatchObject({ paymentInstructions: instructions, releaseDaily: true });
    const listed = expectStatus(await fixture.call('GET', '/v1/monsterplans'), 200, 'listing').find((listedPlan: { _id: string }) => listedPlan._id === plan._id);
    expect(listed).toMatchObject({ paymentInstructions: instructions, releaseDaily: true });
  });

  it('refuses instructions over 2000 characters, or a releaseDaily that is not a boolean, with 400 in Mongolian', async () => {
    const videos = await fixture.publishVideos('monsterplan', 1);
    for (const extra of [{ paymentInstructions: 'а'.repeat(2001) }, { releaseDaily: 'yes' }]) {
      const refused = await fixture.call('POST', '/v1/monsterplans', { token: fixture.admin, body: { name: 'План', price: '1₮', videos, ...extra } });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'validation_failed', message: expect.stringMatching(/[\u0400-\u04FF]/) });
    }
  });
});

describe('a bundle\'s payment instructions', () => {
  it('are set on create, kept on an update that leaves them out, shown in the list and the detail', async () => {
    const videos = await fixture.publishVideos('lesson', 1);
    const lesson = expectStatus(await fixture.call('POST', '/v1/lessons', { token: fixture.admin, body: { name: 'Багц', price: '1₮', videos, paymentInstructions: instructions } }), 201, 'creating');
    expect(lesson).toMatchObject({ paymentInstructions: instructions });
    expectStatus(await fixture.call('PUT', `/v1/lessons/${lesson._id}`, { token: fixture.admin, body: { name: 'Багц 2', price: '1₮', videos } }), 200, 'updating');
    expect(expectStatus(await fixture.call('GET', `/v1/lessons/${lesson._id}`), 200, 'reading')).toMatchObject({ name: 'Багц 2', paymentInstructions: instructions });
    const listed = expectStatus(await fixture.call('GET', '/v1/lessons'), 200, 'listing').find((listedLesson: { _id: string }) => listedLesson._id === lesson._id);
    expect(listed).toMatchObject({ paymentInstructions: instructions });
    expect((await fixture.createLesson()).paymentInstructions).toBe('');
  });
});

describe('/v1/progress/mine tells a pending learner what to pay and how', () => {
  it('a pending plan shows its price, instructions and the early price while it applies; approved, the early price is gone', async () => {
    const until = new Date(Date.now() + 24 * 3600_000).toISOString();
    const plan = await fixture.createMonsterplan({ price: '49,000₮', earlyPrice: '35,000₮', earlyPriceUntil: until, paymentInstructions: instructions });
    const learner = await fixture.learner();
    const request = await fixture.requestMonsterplan(learner, plan._id);
    const mine = async () => expectStatus(await fixture.call('GET', '/v1/progress/mine', { token: learner.token }), 200, '/mine');
    expect((await mine()).monsterplans).toEqual([
      expect.objectContaining({ _id: plan._id, access: 'pending', price: '49,000₮', paymentInstructions: instructions, earlyPrice: '35,000₮', earlyPriceUntil: until }),
    ]);
    expectStatus(await fixture.call('PUT', `/v1/monsterplan-requests/${request._id}`, { token: fixture.admin }), 200, 'approving');
    expect((await mine()).monsterplans).toEqual([expect.objectContaining({ access: 'approved', price: '49,000₮', earlyPrice: null, earlyPriceUntil: null })]);
  });

  it('an early price whose moment has passed is not shown', async () => {
    const plan = await fixture.createMonsterplan({ earlyPrice: '35,000₮', earlyPriceUntil: '2020-01-01T00:00:00Z' });
    const learner = await fixture.learner();
    await fixture.requestMonsterplan(learner, plan._id);
    const mine = expectStatus(await fixture.call('GET', '/v1/progress/mine', { token: learner.token }), 200, '/mine');
    expect(mine.monsterplans).toEqual([expect.objectContaining({ price: plan.price, earlyPrice: null, earlyPriceUntil: null })]);
  });

  it('a pending bundle shows its price and instructions', async () => {
    const videos = await fixture.publishVideos('lesson', 1);
    const lesson = expectStatus(await fixture.call('POST', '/v1/lessons', { token: fixture.admin, body: { name: 'Багц', price: '39,000₮', videos, paymentInstructions: instructions } }), 201, 'creating');
    const learner = await fixture.learner();
    await fixture.requestLesson(learner, lesson._id);
    const mine = expectStatus(await fixture.call('GET', '/v1/progress/mine', { token: learner.token }), 200, '/mine');
    expect(mine.lessons).toEqual([expect.objectContaining({ _id: lesson._id, access: 'pending', price: '39,000₮', paymentInstructions: instructions })]);
  });
});

it('request events name the plan or bundle, for the learner\'s notification', async () => {
  const plan = await fixture.createMonsterplan();
  const learner = await fixture.learner();
  const request = await fixture.requestMonsterplan(learner, plan._id);
  expectStatus(await fixture.call('PUT', `/v1/monsterplan-requests/${request._id}`, { token: fixture.admin }), 200, 'approving');
  const db = fixture.platform.services.catalog.context.db;
  const rows = await db.selectFrom('outbox').select(['type', 'data']).where('type', 'like', 'monsterplan-request.%').orderBy('position').execute();
  const named = rows
    .map((row) => ({ type: row.type, data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data }))
    .filter((event) => event.data.requestId === request._id)
    .map((event) => [event.type, event.data.name]);
  expect(named).toEqual([
    ['monsterplan-request.created', plan.name],
    ['monsterplan-request.approved', plan.name],
  ]);
});
