// Two of everything behind nginx (startPlatform's `instances`, scripts/balancer.ts) released one
// instance at a time while learners keep calling: the plan list, sign-ins and listening reports at a
// steady rate, each answer checked. Every deployable's instances are restarted in turn through their
// graceful stop; not one call fails. A call is sent again only when nginx had closed its idle
// kept-alive connection at a reload before reading it, as a browser sends it again (steady-load.ts).
// Needs what several instances share: DATABASE_URL, AMQP_URL, REDIS_URL, and nginx; skipped without.
import { catalogFixtureOn, type CatalogFixture } from '@learning/testing/catalog';
import { startSteadyLoad } from '@learning/testing/steady-load';
import { startTestPlatform } from '@learning/testing';
import { findNginx } from '../nginx.js';

const canRun = Boolean(process.env.DATABASE_URL && process.env.AMQP_URL && process.env.REDIS_URL && findNginx());
const describeTwoOfEverything = canRun ? describe : describe.skip;

let fixture: CatalogFixture | undefined;

beforeAll(async () => {
  if (!canRun) return;
  fixture = await catalogFixtureOn(await startTestPlatform({ instances: 2 }));
}, 120_000);

afterAll(async () => {
  await fixture?.close();
}, 60_000);

describeTwoOfEverything('a release of every deployable, one instance at a time, under steady calls', () => {
  it('answers every call as expected, with no call failed', async () => {
    const { platform } = fixture!;
    const plan = await fixture!.createMonsterplan();
    const learner = await fixture!.approvedForMonsterplan(plan._id);
    const [videoId] = plan.videos;
    let heardUpTo = 0;
    const load = startSteadyLoad(
      platform.url,
      [
        { name: 'the plan list', method: 'GET', path: '/v1/monsterplans', isExpected: (status) => status === 200 },
        {
          name: 'sign-in',
          method: 'POST',
          path: '/v1/auth/login',
          body: () => ({ email: learner.email, password: learner.password }),
          isExpected: (status) => status === 200,
        },
        {
          name: 'a listening report',
          method: 'POST',
          path: `/v1/progress/videos/${videoId}`,
          headers: { authorization: `Bearer ${learner.token}` },
          body: () => ({ monsterplan: plan._id, ranges: [[heardUpTo, (heardUpTo += 1)]], position: heardUpTo }),
          isExpected: (status) => status === 200,
        },
      ],
      { perSecond: 60 },
    );

    for (const deployable of ['auth', 'catalog', 'media', 'exam', 'gateway'] as const) await platform.rollOut(deployable);
    const answers = await load.stop();

    const unexpected = answers.filter((answer) => !answer.isExpected).map(({ name, outcome, wasResent }) => `${name}: ${outcome}${wasResent ? " (sent again)" : ""}`);
    expect(unexpected).toEqual([]);
    expect(answers.length).toBeGreaterThan(100);
    for (const name of ['the plan list', 'sign-in', 'a listening report']) expect(answers.filter((answer) => answer.name === name).length).toBeGreaterThan(30);
    // Ten restarts in turn, each waiting for the instance's /readyz: over a minute on two loaded cores.
  }, 240_000);
});
