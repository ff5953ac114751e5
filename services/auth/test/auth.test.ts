import { createDecipheriv, createHash } from 'node:crypto';
import { startTestPlatform, testAdmin, testPayloadSecret, type TestPlatform, uniqueSuffix } from '@learning/testing';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform?.close());

const password = 'correct-horse-1';
const newEmail = () => `new-${uniqueSuffix()}@test.mn`;

describe('registration', () => {
  it('creates an account whose grants start empty', async () => {
    const email = newEmail();
    const { status, body } = await platform.call('POST', '/v1/auth/register', {
      body: { email, name: 'Бат', password, repeatPassword: password },
    });
    expect(status).toBe(201);
    expect(body).toEqual({
      _id: expect.any(String),
      name: 'Бат',
      email,
      googleId: null,
      isAdmin: false,
      monsterplans: [],
      pendingMonsterplans: [],
      lessons: [],
      pendingLessons: [],
      monsterplanExam: [],
      mustChangePassword: false,
    });
  });

  it('stores the email in lower case and refuses the same email twice with 409', async () => {
    const email = newEmail();
    const first = await platform.call('POST', '/v1/auth/register', { body: { email: email.toUpperCase(), name: 'Бат', password, repeatPassword: password } });
    expect(first.body.email).toBe(email);
    const again = await platform.call('POST', '/v1/auth/register', { body: { email, name: 'Дорж', password, repeatPassword: password } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Энэ имэйл хаягаар бүртгэл үүссэн байна.', code: 'email_taken' });
  });

  it.each([
    [{ name: 'Бат', password, repeatPassword: password }, 'Имэйл хаягаа оруулна уу.'],
    [{ email: 'not-an-email', name: 'Бат', password, repeatPassword: password }, 'Имэйл хаяг буруу байна.'],
    [{ email: 'a@test.mn', name: '', password, repeatPassword: password }, 'Нэрээ оруулна уу.'],
    [{ email: 'a@test.mn', name: 'Бат', repeatPassword: password }, 'Нууц үгээ оруулна уу.'],
    [{ email: 'a@test.mn', name: 'Бат', password }, 'Нууц үгээ давтан оруулна уу.'],
    [{ email: 'a@test.mn', name: 'Бат', password, repeatPassword: 'другое-1234' }, 'Нууц үг таарахгүй байна.'],
    [{ email: 'a@test.mn', name: 'Бат', password: 'short', repeatPassword: 'short' }, 'Нууц үг дор хаяж 10 тэмдэгт байна.'],
  ])('refuses %j with 400 and a Mongolian message', async (body, message) => {
    const answer = await platform.call('POST', '/v1/auth/register', { body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, code: 'validation_failed' });
  });
});

describe('sign-in', () => {
  it('check-email answers the public fields of an existing account, and 404 in Mongolian otherwise', async () => {
    const learner = await platform.learner('Сараа');
    const found = await platform.call('POST', '/v1/auth/check-email', { body: { email: learner.email } });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ _id: learner.id, name: 'Сараа', email: learner.email });
    const missing = await platform.call('POST', '/v1/auth/check-email', { body: { email: newEmail() } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Энэ имэйл хаягаар бүртгэл олдсонгүй.', code: 'account_not_found' });
  });

  it('login answers the user and a token that /v1/auth/me accepts', async () => {
    const learner = await platform.learner();
    const login = await platform.call('POST', '/v1/auth/login', { body: { email: learner.email, password: learner.password } });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ _id: learner.id, email: learner.email, isAdmin: false });
    const me = await platform.call('GET', '/v1/auth/me', { token: login.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ _id: learner.id, email: learner.email, monsterplanExam: [] });
  });

  it('a wrong password or an unknown email is refused with one message', async () => {
    const learner = await platform.learner();
    for (const body of [{ email: learner.email, password: 'wrong-password' }, { email: newEmail(), password }]) {
      const answer = await platform.call('POST', '/v1/auth/login', { body });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: 'Имэйл хаяг эсвэл нууц үг буруу байна.', code: 'invalid_credentials' });
    }
  });

  it('logout revokes the token at once', async () => {
    const learner = await platform.learner();
    expect((await platform.call('POST', '/v1/auth/logout', { token: learner.token })).status).toBe(204);
    const me = await platform.call('GET', '/v1/auth/me', { token: learner.token });
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('token_revoked');
    const other = await platform.signIn(learner.email, learner.password);
    expect((await platform.call('GET', '/v1/auth/me', { token: other })).status).toBe(200);
  });

  it('a garbage token is refused on /me with 401', async () => {
    const me = await platform.call('GET', '/v1/auth/me', { token: 'garbage' });
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('token_invalid');
  });
});

describe('the administrator', () => {
  it('is created at start from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const token = await platform.adminToken();
    const me = await platform.call('GET', '/v1/auth/me', { token });
    expect(me.body).toMatchObject({ email: testAdmin.email, isAdmin: true });
  });

  it('lists users in pages of perPage with the total', async () => {
    await Promise.all([platform.learner(), platform.learner(), platform.learner()]);
    const token = await platform.adminToken();
    const first = await platform.call('GET', '/v1/users?perPage=2&currentPage=1', { token });
    expect(first.status).toBe(200);
    expect(first.body.result).toHaveLength(2);
    expect(first.body.total).toBeGreaterThanOrEqual(4);
    const second = await platform.call('GET', '/v1/users?perPage=2&currentPage=2', { token });
    expect(second.body.result.map((u: { _id: string }) => u._id)).not.toEqual(first.body.result.map((u: { _id: string }) => u._id));
    const bad = await platform.call('GET', '/v1/users?perPage=0', { token });
    expect(bad.status).toBe(400);
  });

  it('reads one user by id, and 404 for an unknown or malformed id', async () => {
    const learner = await platform.learner('Оюун');
    const token = await platform.adminToken();
    const found = await platform.call('GET', `/v1/users/${learner.id}`, { token });
    expect(found.body).toMatchObject({ _id: learner.id, name: 'Оюун' });
    expect((await platform.call('GET', '/v1/users/00000000-0000-4000-8000-000000000000', { token })).status).toBe(404);
    expect((await platform.call('GET', '/v1/users/not-a-uuid', { token })).status).toBe(404);
  });
});

describe('who may call what', () => {
  const routes: Array<[string, string, 'guest' | 'learner' | 'admin']> = [
    ['GET', '/v1/auth/me', 'learner'],
    ['POST', '/v1/auth/logout', 'learner'],
    ['GET', '/v1/users', 'admin'],
    ['GET', '/v1/users/00000000-0000-4000-8000-000000000000', 'admin'],
    ['PUT', '/v1/users/00000000-0000-4000-8000-000000000000/admin', 'admin'],
  ];

  it.each(routes)('%s %s needs a %s', async (method, path, needs) => {
    const learner = await platform.learner();
    const guest = await platform.call(method, path);
    expect(guest.status).toBe(401);
    const asLearner = await platform.call(method, path, { token: learner.token });
    if (needs === 'admin') expect(asLearner.status).toBe(403);
    else expect(asLearner.status).toBeLessThan(300);
  });
});

describe('the wire', () => {
  it('every JSON answer is sealed, and an independent AES-256-GCM client opens it', async () => {
    const response = await fetch(`${platform.url}/v1/auth/check-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: testAdmin.email }),
    });
    expect(response.headers.get('x-payload-encryption')).toBe('aes-256-gcm');
    const { payload } = (await response.json()) as { payload: string };
    const [version, iv, sealed] = payload.split('.');
    expect(version).toBe('v1');
    const bytes = Buffer.from(sealed!, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', createHash('sha256').update(testPayloadSecret).digest(), Buffer.from(iv!, 'base64url'));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const plain = Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
    expect(JSON.parse(plain)).toMatchObject({ email: testAdmin.email, name: 'Administrator' });
  });

  it('the public keys are served for other services to verify tokens', async () => {
    const jwks = await fetch(`${platform.services.auth.url}/v1/auth/jwks`).then((r) => r.json());
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });
});
