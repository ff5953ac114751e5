// Two of everything behind nginx (startPlatform's `instances`, scripts/balancer.ts). Both instances
// of each service consume from its one queue, and an event is applied once whichever relays it and
// whichever takes it: a dozen learners approved at once through either gateway and either catalog
// each get exactly one notification from auth's two instances. Then every deployable is released one
// instance at a time while learners keep calling (the plan list, sign-ins and listening reports at a
// steady rate, each answer checked): not one call fails. A call is sent again only when nginx had
// closed its idle kept-alive connection at a reload before reading it, as a browser sends it again
// (steady-load.ts). Needs DATABASE_URL, AMQP_URL, REDIS_URL and nginx; skipped without.
import amqp from 'amqplib';
import { eventually, expectStatus, startTestPlatform } from '@learning/testing';
import { catalogFixtureOn, type CatalogFixture, type Learner } from '@learning/testing/catalog';
import { startSteadyLoad } from '@learning/testing/steady-load';
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

describeTwoOfEverything('two instances of each service', () => {
  it("consume each service's one queue together", async () => {
    const connection = await amqp.connect(process.env.AMQP_URL!);
    try {
      const channel = await connection.createChannel();
      for (const service of ['auth', 'catalog', 'media', 'exam']) {
        const { consumerCount } = await channel.checkQueue(`${fixture!.platform.schemaPrefix}.${service}.events`);
        expect({ service, consumerCount }).toEqual({ service, consumerCount: 2 });
      }
    } finally {
      await connection.close();
    }
  });

  it('apply each approval once, whichever instance relays or takes it: one notification a learner', async () => {
    const plan = await fixture!.createMonsterplan();
    const learners = await Promise.all(Array.from({ length: 12 }, () => fixture!.approvedForMonsterplan(plan._id)));

    const approvalsOf = async (learner: Learner) => {
      const { result } = expectStatus(await fixture!.call('GET', '/v1/notifications', { token: learner.token }), 200, 'the notifications');
      return (result as Array<{ type?: string; text?: string }>).length;
    };
    await eventually(async () => (await Promise.all(learners.map(approvalsOf))).every((count) => count >= 1), 'every learner is told of the approval');
    // Events after the first would have arrived by now: auth's queue is empty.
    await eventually(async () => (await queueDepth(`${fixture!.platform.schemaPrefix}.auth.events`)) === 0, "auth's queue is empty");
    expect(await Promise.all(learners.map(approvalsOf))).toEqual(learners.map(() => 1));

  });
});

// Last: it restarts every instance.
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

async function queueDepth(queue: string): Promise<number> {
  const connection = await amqp.connect(process.env.AMQP_URL!);
  try {
    const { messageCount } = await (await connection.createChannel()).checkQueue(queue);
    return messageCount;
  } finally {
    await connection.close();
  }
}
