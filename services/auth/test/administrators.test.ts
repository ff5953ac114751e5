// The administrator role on the users screen: who may grant and remove it, the rules that keep an
// administrator, and the tokens a role change revokes (here at once; the other services' tests show
// the same through the event).
import { jest } from '@jest/globals';
import jwt from 'jsonwebtoken';
import { promotedAdministrator, startTestPlatform, testAdmin, type TestPlatform } from '@learning/testing';
import { ensureAdministrator } from '../src/administrators.js';

let platform: TestPlatform;
let admin: string;
beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await platform.adminToken();
});
afterAll(() => platform?.close());

const setRole = (userId: string, isAdmin: boolean, token = admin) => platform.call('PUT', `/v1/users/${userId}/admin`, { token, body: { isAdmin } });
const issuedAt = (token: string) => (jwt.decode(token) as { iat: number }).iat;


describe('granting the role', () => {
  it('makes the user an administrator; their earlier token is refused and a new sign-in carries the role', async () => {
    const learner = await platform.learner('Болд');
    expect((await platform.call('GET', '/v1/users', { token: learner.token })).status).toBe(403);

    const granted = await setRole(learner.id, true);
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ _id: learner.id, name: 'Болд', isAdmin: true });
    const listed = await platform.call('GET', '/v1/users?perPage=100&currentPage=1', { token: admin });
    expect(listed.body.result.find((user: { _id: string }) => user._id === learner.id)).toMatchObject({ isAdmin: true });

    const old = await platform.call('GET', '/v1/auth/me', { token: learner.token });
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ message: 'Та системээс гарсан байна. Дахин нэвтэрнэ үү.', code: 'token_revoked' });
    const token = await platform.signIn(learner.email, learner.password);
    expect((await platform.call('GET', '/v1/users', { token })).status).toBe(200);
  });

  it('granting it to an administrator changes nothing and keeps their tokens', async () => {
    const other = await promotedAdministrator(platform);
    expect((await setRole(other.id, true)).body).toMatchObject({ isAdmin: true });
    expect((await platform.call('GET', '/v1/users', { token: other.token })).status).toBe(200);
  });
});

describe('removing the role', () => {
  it("refuses the former administrator's token at once, and their next sign-in works without the role", async () => {
    const other = await promotedAdministrator(platform);
    const removed = await setRole(other.id, false);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ _id: other.id, isAdmin: false });
    const refused = await platform.call('GET', '/v1/users', { token: other.token });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('token_revoked');

    const token = await platform.signIn(other.email, other.password);
    expect((await platform.call('GET', '/v1/auth/me', { token })).body).toMatchObject({ _id: other.id, isAdmin: false });
    expect((await platform.call('GET', '/v1/users', { token })).status).toBe(403);
  });

  it('within one second: the token signed before the removal is refused, the one signed after it works', async () => {
    const other = await promotedAdministrator(platform);
    // The clock stands still at 0.4 s into a second: everything below happens in that second.
    const second = Math.ceil(Date.now() / 1000) + 2;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(second * 1000 + 400);
    try {
      const before = await platform.signIn(other.email, other.password);
      expect((await setRole(other.id, false)).status).toBe(200);
      const after = await platform.signIn(other.email, other.password);
      expect([issuedAt(before), issuedAt(after)]).toEqual([second, second + 1]);
      expect((await platform.call('GET', '/v1/users', { token: before })).status).toBe(401);
      const me = await platform.call('GET', '/v1/auth/me', { token: after });
      expect(me.status).toBe(200);
      expect(me.body.isAdmin).toBe(false);
    } finally {
      clock.mockRestore();
    }
  });

  it('two changes within one second: the token signed between them is refused by the second', async () => {
    const learner = await platform.learner();
    const second = Math.ceil(Date.now() / 1000) + 2;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(second * 1000 + 400);
    try {
      expect((await setRole(learner.id, true)).status).toBe(200);
      const between = await platform.signIn(learner.email, learner.password);
      expect((await platform.call('GET', '/v1/users', { token: between })).status).toBe(200);
      expect((await setRole(learner.id, false)).status).toBe(200);
      expect((await platform.call('GET', '/v1/users', { token: between })).status).toBe(401);
      const after = await platform.signIn(learner.email, learner.password);
      expect((await platform.call('GET', '/v1/users', { token: after })).status).toBe(403);
    } finally {
      clock.mockRestore();
    }
  });

  it('an administrator cannot remove their own role: 409 in Mongolian', async () => {
    const me = await platform.call('GET', '/v1/auth/me', { token: admin });
    const answer = await setRole(me.body._id, false);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ message: 'Өөрийн администраторын эрхийг хасах боломжгүй.', code: 'own_administrator_role' });
    expect((await platform.call('GET', '/v1/users', { token: admin })).status).toBe(200);
  });

  it('two administrators removing each other at once leave one of them an administrator', async () => {
    const [first, second] = await Promise.all([promotedAdministrator(platform), promotedAdministrator(platform)]);
    const answers = await Promise.all([setRole(second.id, false, first.token), setRole(first.id, false, second.token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, answers.some((answer) => answer.status === 401) ? 401 : 403]);
    const roles = await Promise.all([first, second].map(async ({ id }) => (await platform.call('GET', `/v1/users/${id}`, { token: admin })).body.isAdmin));
    expect(roles.filter(Boolean)).toHaveLength(1);
  });
});

describe('who may change a role', () => {
  it('a learner gets 403 and a guest 401, and nothing changes', async () => {
    const learner = await platform.learner();
    const target = await platform.learner();
    expect((await setRole(target.id, true, learner.token)).status).toBe(403);
    expect((await platform.call('PUT', `/v1/users/${target.id}/admin`, { body: { isAdmin: true } })).status).toBe(401);
    expect((await platform.call('GET', `/v1/users/${target.id}`, { token: admin })).body.isAdmin).toBe(false);
  });

  it('an unknown user is 404 and a body without isAdmin 400, in Mongolian', async () => {
    const unknown = await setRole('00000000-0000-4000-8000-000000000000', true);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Хэрэглэгч олдсонгүй.', code: 'user_not_found' });
    expect((await setRole('not-a-uuid', true)).status).toBe(404);
    const learner = await platform.learner();
    const bad = await platform.call('PUT', `/v1/users/${learner.id}/admin`, { token: admin, body: { isAdmin: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Администратор эсэхийг заана уу.', code: 'validation_failed' });
  });
});

it('the configured administrator is the first administrator', async () => {
  expect((await platform.call('GET', '/v1/auth/me', { token: admin })).body).toMatchObject({ email: testAdmin.email, isAdmin: true });
});

it('two auth instances starting at once on a platform without an administrator make the configured one once, and both start', async () => {
  const { db } = platform.services.auth.context;
  const email = `first-admin-${Date.now()}@test.mn`;
  await db.updateTable('account').set({ is_admin: false }).where('is_admin', '=', true).execute();
  try {
    await Promise.all([ensureAdministrator(db, email, 'first-admin-password', 3600), ensureAdministrator(db, email, 'first-admin-password', 3600)]);
    const made = await db.selectFrom('account').select(['email', 'is_admin']).where('email', '=', email).execute();
    expect(made).toEqual([{ email, is_admin: true }]);
  } finally {
    await db.updateTable('account').set({ is_admin: true }).where('email', '=', testAdmin.email).execute();
  }
});
