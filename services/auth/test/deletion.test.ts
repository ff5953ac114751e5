// A user deleting their own account from /me/settings: the password typed again, the account and
// its tokens gone at once, the platform's last administrator kept.
import { startTestPlatform, testAdmin, type TestPlatform } from '@learning/testing';

let platform: TestPlatform;
let admin: string;
beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await platform.adminToken();
});
afterAll(() => platform?.close());

const deleteMe = (token: string, body?: unknown) => platform.call('DELETE', '/v1/auth/me', { token, body });

it('a learner deletes their account with their password: their token is refused, they cannot sign in, and the email is free again', async () => {
  const learner = await platform.learner('Сараа');
  expect((await deleteMe(learner.token, { password: learner.password })).status).toBe(204);

  const me = await platform.call('GET', '/v1/auth/me', { token: learner.token });
  expect(me.status).toBe(401);
  expect(me.body.code).toBe('token_revoked');
  const signIn = await platform.call('POST', '/v1/auth/login', { body: { email: learner.email, password: learner.password } });
  expect(signIn.status).toBe(401);
  expect((await platform.call('GET', `/v1/users/${learner.id}`, { token: admin })).status).toBe(404);
  const again = await platform.call('POST', '/v1/auth/register', { body: { email: learner.email, name: 'Сараа', password: learner.password, repeatPassword: learner.password } });
  expect(again.status).toBe(201);
  expect(again.body._id).not.toBe(learner.id);
});

it('a wrong password is refused with 403 and a missing one with 400, in Mongolian, and the account stays', async () => {
  const learner = await platform.learner();
  const wrong = await deleteMe(learner.token, { password: 'not-my-password' });
  expect(wrong.status).toBe(403);
  expect(wrong.body).toEqual({ message: 'Нууц үг буруу байна.', code: 'password_incorrect' });
  const missing = await deleteMe(learner.token);
  expect(missing.status).toBe(400);
  expect(missing.body).toEqual({ message: 'Нууц үгээ оруулна уу.', code: 'password_required' });
  expect((await platform.call('GET', '/v1/auth/me', { token: learner.token })).status).toBe(200);
});

it('an account without a password (made through Google) is deleted without one', async () => {
  const learner = await platform.learner();
  await platform.services.auth.context.db.updateTable('account').set({ password_hash: null, google_id: `google-${learner.id}` }).where('id', '=', learner.id).execute();
  expect((await deleteMe(learner.token)).status).toBe(204);
  expect((await platform.call('GET', '/v1/auth/me', { token: learner.token })).status).toBe(401);
});

it("a guest cannot delete anything, and a learner's token deletes only their own account", async () => {
  expect((await platform.call('DELETE', '/v1/auth/me', { body: { password: 'x' } })).status).toBe(401);
  const [first, second] = await Promise.all([platform.learner(), platform.learner()]);
  expect((await deleteMe(first.token, { password: first.password })).status).toBe(204);
  expect((await platform.call('GET', '/v1/auth/me', { token: second.token })).status).toBe(200);
});

describe("an administrator's own account", () => {
  it('cannot be deleted while they are the last administrator: 409 in Mongolian', async () => {
    const answer = await deleteMe(admin, { password: testAdmin.password });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ message: 'Сүүлийн администраторын эрхийг хасах боломжгүй.', code: 'last_administrator' });
    expect((await platform.call('GET', '/v1/users', { token: admin })).status).toBe(200);
  });

  it('can be deleted when another administrator remains', async () => {
    const learner = await platform.learner();
    expect((await platform.call('PUT', `/v1/users/${learner.id}/admin`, { token: admin, body: { isAdmin: true } })).status).toBe(200);
    const token = await platform.signIn(learner.email, learner.password);
    expect((await deleteMe(token, { password: learner.password })).status).toBe(204);
    expect((await platform.call('GET', '/v1/users', { token })).status).toBe(401);
  });
});
