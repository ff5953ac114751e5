// Another service verifies the auth service's tokens with the published keys alone, and learns of a
// sign-out (`session.revoked`), a role change and a deletion (`user.tokens-revoked`) through events.
import { requireUser } from '@learning/kit/auth';
import { createLogger } from '@learning/kit/observability';
import { runService, type RunningService } from '@learning/kit/service';
import { answerOnceHeard, deleteBusNamespace, startTestPlatform, type TestPlatform } from '@learning/testing';

let platform: TestPlatform;
let probe: RunningService<object>;

beforeAll(async () => {
  platform = await startTestPlatform();
  probe = await runService(
    {
      name: 'probe',
      migrations: {},
      routes: (app) => app.get('/whoami', requireUser, (req, res) => res.json(req.principal)),
    },
    {
      PORT: 0,
      HOST: '127.0.0.1',
      DATABASE_URL: process.env.DATABASE_URL,
      AMQP_URL: process.env.AMQP_URL,
      DATA_DIR: '.data',
      AUTH_URL: platform.services.auth.url,
      TOKEN_ISSUER: 'learning-platform',
      TOKEN_AUDIENCE: 'learning-platform',
    },
    {
      logger: createLogger('probe', 'silent'),
      dataDir: null,
      schema: `${platform.schemaPrefix}_probe`,
      busNamespace: platform.schemaPrefix,
      ...(process.env.AMQP_URL ? {} : { bus: platform.services.auth.context.bus }),
    },
  );
});

afterAll(async () => {
  await probe?.close();
  if (process.env.AMQP_URL) await deleteBusNamespace(process.env.AMQP_URL, platform.schemaPrefix, ['probe']);
  await platform?.close();
});

async function whoami(token: string) {
  return fetch(`${probe.url}/whoami`, { headers: { authorization: `Bearer ${token}` } });
}

it('a token from the auth service is accepted by another service that only has the public keys', async () => {
  const learner = await platform.learner();
  const answer = await whoami(learner.token);
  expect(answer.status).toBe(200);
  expect(await answer.json()).toMatchObject({ id: learner.id, isAdmin: false });
});

/** The other service's answer once it has heard of the change (events are asynchronous). */
const statusOnceRefused = async (token: string) => (await answerOnceHeard(() => whoami(token), 200)).status;

it('after sign-out the other service refuses the token too', async () => {
  const learner = await platform.learner();
  expect((await whoami(learner.token)).status).toBe(200);
  await platform.call('POST', '/v1/auth/logout', { token: learner.token });
  expect(await statusOnceRefused(learner.token)).toBe(401);
});

it("after a demotion the other service refuses the administrator's earlier token, and takes the new one without the role", async () => {
  const admin = await platform.adminToken();
  const learner = await platform.learner();
  await platform.call('PUT', `/v1/users/${learner.id}/admin`, { token: admin, body: { isAdmin: true } });
  const adminToken = await platform.signIn(learner.email, learner.password);
  expect(await statusOnceRefused(learner.token)).toBe(401);
  expect(await (await whoami(adminToken)).json()).toMatchObject({ id: learner.id, isAdmin: true });

  await platform.call('PUT', `/v1/users/${learner.id}/admin`, { token: admin, body: { isAdmin: false } });
  expect(await statusOnceRefused(adminToken)).toBe(401);
  const token = await platform.signIn(learner.email, learner.password);
  expect(await (await whoami(token)).json()).toMatchObject({ id: learner.id, isAdmin: false });
});

it("a deleted user's token is refused by the other service", async () => {
  const learner = await platform.learner();
  expect((await whoami(learner.token)).status).toBe(200);
  await platform.call('DELETE', '/v1/auth/me', { token: learner.token, body: { password: learner.password } });
  expect(await statusOnceRefused(learner.token)).toBe(401);
});
