// A revocation holds while RabbitMQ is away: with the broker refusing every connection of the
// platform's virtual host, a removed administrator role, a deleted account and a sign-out still make
// catalog, media and the exam refuse the token, because each asks auth for revocations every few
// seconds; and a learner's access to a plan, revoked by the administrator, stops their exam, because
// the exam asks the catalog for accesses as often. Prints how long each revoked token or access went
// on working, for docs/operating.md.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eventually, expectStatus, startTestPlatform, type TestPlatform } from '@learning/testing';
import { catalogFixtureOn, type Learner } from '@learning/testing/catalog';
import { freshVhost } from '@learning/testing/rabbitmq';

const amqpUrl = process.env.AMQP_URL;
const vhost = amqpUrl ? await freshVhost(amqpUrl) : undefined;
const describeWithBroker = vhost ? describe : describe.skip;

const rabbitmqctl = (...args: string[]) => promisify(execFile)('rabbitmqctl', args, { timeout: 30_000 });
const vhostName = vhost ? decodeURIComponent(new URL(vhost.url).pathname.slice(1)) : '';

/** The broker refuses the platform's connections: the ones open are closed, no new one is taken. */
async function cutBroker() {
  await rabbitmqctl('set_vhost_limits', '-p', vhostName, '{"max-connections": 0}');
  await rabbitmqctl('close_all_connections', '-p', vhostName, 'revocation outage test');
}

async function restoreBroker() {
  await rabbitmqctl('clear_vhost_limits', '-p', vhostName);
}

/** A call of each service that only an administrator may make: 200 while the token works. */
const adminCalls = {
  catalog: '/v1/monsterplan-requests',
  exam: '/v1/monsterplans/exam-results?perPage=10&currentPage=1',
  media: '/v1/documents',
} as const;

/** The learner's exam of a plan: 200 (the questions revealed so far) while the exam takes them as approved, 403 once not. */
const examPathOf = (monsterplanId: string) => `/v1/monsterplans/${monsterplanId}/exam`;

/** The refusal bound the operator asked for: a revoked token stops working within it, broker or not. */
const refusalBoundMs = 10_000;

let platform: TestPlatform;
/** Made while the broker is up: a plan with its exam, and a learner the exam knows to be approved for it. */
let approved: { monsterplanId: string; learner: Learner };

describeWithBroker('while RabbitMQ is away', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({ env: { AMQP_URL: vhost!.url } });
    const catalog = await catalogFixtureOn(platform);
    const monsterplanId = (await catalog.createMonsterplan({ exam: true }))._id;
    const learner = await catalog.approvedForMonsterplan(monsterplanId);
    await eventually(async () => (await platform.call('GET', examPathOf(monsterplanId), { token: learner.token })).status === 200, 'the exam knows the learner is approved');
    approved = { monsterplanId, learner };
    await cutBroker();
  });

  afterAll(async () => {
    await restoreBroker().catch(() => undefined);
    await platform?.close();
    await vhost?.remove();
  });

  /** A learner made an administrator, signed in again: the token every service takes as an administrator's. */
  async function anAdministrator() {
    const learner = await platform.learner();
    expectStatus(await platform.call('PUT', `/v1/users/${learner.id}/admin`, { token: await platform.adminToken(), body: { isAdmin: true } }), 200, 'the promotion');
    return { ...learner, token: await platform.signIn(learner.email, learner.password) };
  }

  async function expectWorkingEverywhere(token: string) {
    for (const path of Object.values(adminCalls)) expect((await platform.call('GET', path, { token })).status).toBe(200);
  }

  /** Revokes, then waits (bounded) until every service refuses the token; prints how long each took. */
  async function expectRefusedEverywhere(what: string, token: string, revoke: () => Promise<void>) {
    const revokedAt = Date.now();
    await revoke();
    const lived: Record<string, number> = {};
    await Promise.all(
      Object.entries(adminCalls).map(async ([service, path]) => {
        await eventually(async () => (await platform.call('GET', path, { token })).status === 401, `${service} refuses the token after ${what}`, refusalBoundMs);
        lived[service] = Date.now() - revokedAt;
      }),
    );
    console.log(`broker away, ${what}: the revoked token worked for ${JSON.stringify(lived)} ms from the revocation's request`);
  }

  it('a removed administrator role stops the token in catalog, media and the exam', async () => {
    const administrator = await anAdministrator();
    await expectWorkingEverywhere(administrator.token);
    const admin = await platform.adminToken();
    await expectRefusedEverywhere('a removed administrator role', administrator.token, async () => {
      expectStatus(await platform.call('PUT', `/v1/users/${administrator.id}/admin`, { token: admin, body: { isAdmin: false } }), 200, 'the demotion');
    });
  });

  it('a deleted account stops its token in catalog, media and the exam', async () => {
    const administrator = await anAdministrator();
    await expectWorkingEverywhere(administrator.token);
    await expectRefusedEverywhere('a deleted account', administrator.token, async () => {
      expectStatus(await platform.call('DELETE', '/v1/auth/me', { token: administrator.token, body: { password: administrator.password } }), 204, 'the deletion');
    });
  });

  it('a plan access the administrator revokes stops the learner’s exam', async () => {
    const { monsterplanId, learner } = approved;
    const examPath = examPathOf(monsterplanId);
    expectStatus(await platform.call('GET', examPath, { token: learner.token }), 200, 'the exam before the revocation');
    const revokedAt = Date.now();
    expectStatus(await platform.call('DELETE', `/v1/monsterplans/${monsterplanId}/learners/${learner.id}`, { token: await platform.adminToken() }), 204, 'the revocation');
    await eventually(async () => (await platform.call('GET', examPath, { token: learner.token })).status === 403, 'the exam refuses the learner after the revocation', refusalBoundMs);
    console.log(`broker away, a revoked plan access: the exam went on for ${Date.now() - revokedAt} ms from the revocation's request`);
  });

  it('a sign-out stops its token in catalog, media and the exam, and the same user’s other token keeps working', async () => {
    const administrator = await anAdministrator();
    const otherDevice = await platform.signIn(administrator.email, administrator.password);
    await expectWorkingEverywhere(administrator.token);
    await expectRefusedEverywhere('a sign-out', administrator.token, async () => {
      expectStatus(await platform.call('POST', '/v1/auth/logout', { token: administrator.token }), 204, 'the sign-out');
    });
    await expectWorkingEverywhere(otherDevice);
  });
});

if (!vhost) {
  it.skip('revocations of tokens and accesses hold while RabbitMQ is away: needs AMQP_URL and rabbitmqctl on this machine', () => undefined);
}
