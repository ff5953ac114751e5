// What the auth service tells the other services, through its outbox and the bus.
import type { EventEnvelope } from '@learning/kit/events';
import jwt from 'jsonwebtoken';
import { deleteBusNamespace, eventually, startTestPlatform, type TestPlatform } from '@learning/testing';

let platform: TestPlatform;
const heard: EventEnvelope[] = [];

beforeAll(async () => {
  platform = await startTestPlatform();
  const listener = `${platform.schemaPrefix}.listener`;
  await platform.services.auth.context.bus.subscribe(listener, ['user.registered', 'session.revoked', 'user.tokens-revoked', 'user.deleted'], async (event) => {
    heard.push(event);
  });
});

afterAll(async () => {
  await platform?.close();
  if (process.env.AMQP_URL) await deleteBusNamespace(process.env.AMQP_URL, platform.schemaPrefix, ['listener']);
});

it('registration publishes user.registered in the event envelope', async () => {
  const learner = await platform.learner('Ану');
  const event = await eventually(() => heard.find((e) => e.type === 'user.registered' && (e.data as { userId: string }).userId === learner.id), 'user.registered is heard');
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
  const event = await eventually(() => heard.find((e) => e.type === 'session.revoked'), 'session.revoked is heard');
  expect(event.data).toEqual({ tokenId: expect.any(String), expiresAt: expect.any(String) });
});

const about = (type: string, userId: string) => () => heard.find((e) => e.type === type && (e.data as { userId: string }).userId === userId);

it("a role change publishes user.tokens-revoked: the user's tokens are good from a whole second after the ones they held, for a token's lifetime", async () => {
  const learner = await platform.learner();
  const admin = await platform.adminToken();
  await platform.call('PUT', `/v1/users/${learner.id}/admin`, { token: admin, body: { isAdmin: true } });
  const event = await eventually(about('user.tokens-revoked', learner.id), 'user.tokens-revoked is heard');
  expect(event).toMatchObject({ producer: 'auth', version: 1 });
  const { notBefore, expiresAt } = event.data as { notBefore: string; expiresAt: string };
  const goodFrom = Date.parse(notBefore);
  expect(goodFrom % 1000).toBe(0);
  expect(goodFrom / 1000).toBeGreaterThan((jwt.decode(learner.token) as { iat: number }).iat);
  expect(Date.parse(expiresAt) - goodFrom).toBe(24 * 60 * 60 * 1000);
});

it('deleting an account publishes user.tokens-revoked and user.deleted', async () => {
  const learner = await platform.learner();
  await platform.call('DELETE', '/v1/auth/me', { token: learner.token, body: { password: learner.password } });
  expect((await eventually(about('user.deleted', learner.id), 'user.deleted is heard')).data).toEqual({ userId: learner.id });
  expect(await eventually(about('user.tokens-revoked', learner.id), 'user.tokens-revoked is heard')).toBeDefined();
});
