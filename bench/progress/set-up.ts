// The bench's learners and plan, made through the real calls at the gateway: videos published as media
// publishes them (`video.published` with a probed duration, on the bench's own RabbitMQ host), the
// administrator's plan over them, learners registered and signed in, each asking for the plan and
// approved by the administrator.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { EventEnvelope } from '@learning/contracts';
import { connectRabbitBus } from '@learning/kit/events';
import { createLogger } from '@learning/kit/observability';
import { eventually } from '@learning/testing';
import { expectStatus, inTurns, signIn, type Call } from '../client.js';
import type { Listener } from './listener.js';

/** Publishes `count` plan videos of `durationSeconds` as media would; answers their ids once the catalog knows them all. */
export async function publishVideos(amqpUrl: string, database: pg.Client, catalogSchema: string, count: number, durationSeconds: number): Promise<string[]> {
  const bus = await connectRabbitBus({ url: amqpUrl, logger: createLogger('bench-progress', 'warn') });
  const ids = Array.from({ length: count }, () => randomUUID());
  try {
    for (const [index, videoId] of ids.entries()) {
      const data = { videoId, kind: 'monsterplan' as const, name: `Bench video ${index + 1}`, translateUrl: '', hasSubtitle: true, durationSeconds };
      const event: EventEnvelope = { id: randomUUID(), type: 'video.published', version: 1, occurredAt: new Date().toISOString(), producer: 'media', data };
      await bus.publish(event);
    }
  } finally {
    await bus.close();
  }
  await eventually(async () => (await countOf(database, `SELECT count(*) FROM "${catalogSchema}".video WHERE id = ANY($1)`, [ids])) === count, 'the catalog knows every video', 30_000);
  return ids;
}

/** An active plan of `videos` (each a day after the one before), made by the administrator. */
export async function makePlan(call: Call, adminToken: string, name: string, videos: string[]): Promise<string> {
  const body = { name, price: '49,000₮', isActive: true, videos };
  return expectStatus(await call<{ _id: string }>('POST', '/v1/monsterplans', { token: adminToken, body }), 201, 'making the plan')._id;
}

/** Learners registered and signed in through the gateway, once the catalog knows them all. */
export async function registerLearners(call: Call, database: pg.Client, catalogSchema: string, emailSuffix: string, total: number): Promise<Listener[]> {
  const password = 'bench-learner-password';
  const learners = await inTurns(total, async (index) => {
    const email = `learner-${index + 1}-${emailSuffix}@bench.mn`;
    const account = expectStatus(await call<{ _id: string }>('POST', '/v1/auth/register', { body: { email, name: `Сурагч ${index + 1}`, password, repeatPassword: password } }), 201, 'registering');
    return { id: account._id, token: await signIn(call, email, password) };
  });
  const known = () => countOf(database, `SELECT count(*) FROM "${catalogSchema}".learner WHERE email LIKE $1`, [`%-${emailSuffix}@bench.mn`]);
  await eventually(async () => (await known()) === total, 'the catalog knows every learner', 120_000);
  return learners;
}

/** Each learner asks for the plan and the administrator approves (the catalog's own record: nothing to wait for). */
export async function approveForPlan(call: Call, adminToken: string, monsterplanId: string, learners: Listener[]): Promise<void> {
  await inTurns(learners.length, async (index) => {
    const asked = await call<{ _id: string }>('POST', '/v1/monsterplan-requests', { token: learners[index]!.token, body: { monsterplan: monsterplanId } });
    const request = expectStatus(asked, 201, 'asking for the plan');
    expectStatus(await call('PUT', `/v1/monsterplan-requests/${request._id}`, { token: adminToken }), 200, 'approving');
  });
}

async function countOf(database: pg.Client, query: string, values: unknown[]): Promise<number> {
  const { rows } = await database.query<{ count: string }>(query, values);
  return Number(rows[0]!.count);
}
