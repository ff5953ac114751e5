// Two of everything behind nginx (startPlatform's `instances`): both instances of each service
// consume from its one queue, and an event is applied once whichever relays it and whichever takes
// it: a dozen learners approved at once through either gateway and either catalog each get exactly
// one notification from auth's two instances. Needs DATABASE_URL, AMQP_URL, REDIS_URL and nginx;
// skipped without.
import amqp from 'amqplib';
import { eventually, expectStatus, startTestPlatform } from '@learning/testing';
import { catalogFixtureOn, type CatalogFixture, type Learner } from '@learning/testing/catalog';
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

async function queueDepth(queue: string): Promise<number> {
  const connection = await amqp.connect(process.env.AMQP_URL!);
  try {
    const { messageCount } = await (await connection.createChannel()).checkQueue(queue);
    return messageCount;
  } finally {
    await connection.close();
  }
}
