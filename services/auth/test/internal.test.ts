// Auth's /internal/revocations, which the other services ask every few seconds so that a revocation
// holds while the broker is away: what it answers since a cursor, who may ask, and that the gateway
// never routes it.
import { startTestPlatform, type TestPlatform } from '@learning/testing';
import { expectNotRoutedByGateway, expectRelayedCallerRefused } from '@learning/testing/authorization';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform?.close());

const revocationsUrl = (after?: string) => `${platform.services.auth.url}/internal/revocations${after ? `?after=${encodeURIComponent(after)}` : ''}`;

async function revocations(after?: string) {
  const answer = await fetch(revocationsUrl(after));
  expect(answer.status).toBe(200);
  return (await answer.json()) as { tokens: Array<{ tokenId: string }>; users: Array<{ userId: string; notBefore: string }>; cursor: string | null };
}

const tokenIdOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti as string;

it('answers a sign-out and a role change, and a cursor that moves past them', async () => {
  const learner = await platform.learner();
  const admin = await platform.adminToken();
  await platform.call('POST', '/v1/auth/logout', { token: learner.token });
  await platform.call('PUT', `/v1/users/${learner.id}/admin`, { token: admin, body: { isAdmin: true } });

  const all = await revocations();
  expect(all.tokens.map((token) => token.tokenId)).toContain(tokenIdOf(learner.token));
  expect(all.users.map((user) => user.userId)).toContain(learner.id);
  expect(all.cursor).not.toBeNull();

  // Asked again from the cursor with nothing new, the cursor stays where it was.
  expect((await revocations(all.cursor!)).cursor).toBe(all.cursor);
});

it('answers a revocation made after the cursor was given', async () => {
  const { cursor } = await revocations();
  const learner = await platform.learner();
  await platform.call('POST', '/v1/auth/logout', { token: learner.token });
  const since = await revocations(cursor ?? undefined);
  expect(since.tokens.map((token) => token.tokenId)).toContain(tokenIdOf(learner.token));
  expect(new Date(since.cursor!).getTime()).toBeGreaterThan(new Date(cursor ?? 0).getTime());
});

it('refuses a cursor that is no time', async () => {
  const answer = await fetch(revocationsUrl('yesterday'));
  expect(answer.status).toBe(400);
  expect(await answer.json()).toMatchObject({ code: 'cursor_invalid' });
});

it('answers only a caller on this machine that no proxy relays, when no internal token is set', async () => {
  await expectRelayedCallerRefused(revocationsUrl());
});

it('is not reached through the gateway, which routes only /v1', async () => {
  await expectNotRoutedByGateway(platform.url, '/internal/revocations', 'tokens');
});
