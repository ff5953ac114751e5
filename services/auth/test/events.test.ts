// What the auth service tells the other services, through its outbox and the bus.
import type { EventEnvelope } from '@learning/kit';
import { deleteBusNamespace, startTestPlatform, type TestPlatform } from '../../../scripts/test-platform.js';

let platform: TestPlatform;
const heard: EventEnvelope[] = [];

beforeAll(async () => {
  platform = await startTestPlatform();
  const listener = `${platform.schemaPrefix}.listener`;
  await platform.services.auth.context.bus.subscribe(listener, ['user.registered', 'session.revoked'], async (event) => {
    heard.push(event);
  });
});

afterAll(async () => {
  await platform?.close();
  if (process.env.AMQP_URL) await deleteBusNamespace(process.env.AMQP_URL, platform.schemaPrefix, ['listener']);
});

async function eventually(find: () => EventEnvelope | undefined): Promise<EventEnvelope> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = find();
    if (found || Date.now() > deadline) return found!;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

it('registration publishes user.registered in the event envelope', async () => {
  const learner = await platform.learner('Ану');
  const event = await eventually(() => heard.find((e) => e.type === 'user.registered' && (e.data as { userId: string }).userId === learner.id));
  expect(event).toEqual({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    type: 'user.registered',
    version: 1,
    occurredAt: expect.any(String),
    producer: 'auth',
    data: { userId: learner.id, email: learner.email, name: 'Ану' },
  });
});

it('sign-out publishes session.revoked with the token id', async () => {
  const learner = await platform.learner();
  await platform.call('POST', '/v1/auth/logout', { token: learner.token });
  const event = await eventually(() => heard.find((e) => e.type === 'session.revoked'));
  expect(event.data).toEqual({ tokenId: expect.any(String), expiresAt: expect.any(String) });
});
