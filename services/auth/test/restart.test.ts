import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deleteBusNamespace, dropSchemas, startTestPlatform, testAdmin, uniqueSuffix } from '@learning/testing';

// Each test starts the whole platform twice on one data folder (the first start migrates it): more than
// the 30 s a test is given elsewhere when the machine is busy.
const twoStartsMs = 90_000;

describe('after a restart', () => {
  let dataDir: string;
  /** The platform's services, whose queues a shared RabbitMQ keeps until they are deleted. */
  let serviceNames: string[] = [];
  const schemaPrefix = `r${uniqueSuffix()}`;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'platform-restart-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    if (process.env.DATABASE_URL) await dropSchemas(process.env.DATABASE_URL, schemaPrefix);
    if (process.env.AMQP_URL) await deleteBusNamespace(process.env.AMQP_URL, schemaPrefix, serviceNames);
  });

  it('accounts, passwords and issued tokens are intact', async () => {
    const first = await startTestPlatform({ dataDir, schemaPrefix });
    serviceNames = Object.keys(first.services);
    const learner = await first.learner('Тэмүүлэн');
    await first.close();

    const second = await startTestPlatform({ dataDir, schemaPrefix });
    try {
      const me = await second.call('GET', '/v1/auth/me', { token: learner.token });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ _id: learner.id, name: 'Тэмүүлэн' });
      const token = await second.signIn(learner.email, learner.password);
      expect((await second.call('GET', '/v1/auth/me', { token })).body._id).toBe(learner.id);
    } finally {
      await second.close();
    }
  }, twoStartsMs);

  it('the configured administrator whose role an administrator removed stays without it (ADMIN_EMAIL only makes the first one)', async () => {
    const first = await startTestPlatform({ dataDir, schemaPrefix });
    const learner = await first.learner();
    await first.call('PUT', `/v1/users/${learner.id}/admin`, { token: await first.adminToken(), body: { isAdmin: true } });
    const configured = (await first.call('GET', '/v1/auth/me', { token: await first.adminToken() })).body._id;
    const removed = await first.call('PUT', `/v1/users/${configured}/admin`, { token: await first.signIn(learner.email, learner.password), body: { isAdmin: false } });
    expect(removed.body).toMatchObject({ email: testAdmin.email, isAdmin: false });
    await first.close();

    const second = await startTestPlatform({ dataDir, schemaPrefix });
    try {
      expect((await second.call('GET', '/v1/auth/me', { token: await second.adminToken() })).body).toMatchObject({ email: testAdmin.email, isAdmin: false });
    } finally {
      await second.close();
    }
  }, twoStartsMs);
});
