// Passwords worth having: at least 10 characters, none of the most common, not the email's name part;
// an older password that breaks the rule still signs in and asks for a new one; and repeated wrong
// passwords slow that address down, never locking its owner out of a reset.
import { eventually, expectStatus, startTestPlatform, testTokenSigningKey, uniqueSuffix, type TestPlatform } from '@learning/testing';
import { waitAfter } from '../src/sign-in-failures.js';
import { hashPassword } from '../src/passwords.js';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform({ env: { SEED_DEMO: '0' } });
});
afterAll(() => platform?.close());

const register = (email: string, password: string) =>
  platform.call('POST', '/v1/auth/register', { body: { email, name: 'Бат', password, repeatPassword: password } });
const logIn = (email: string, password: string) => platform.call('POST', '/v1/auth/login', { body: { email, password } });

it.each([
  ['short-1', 'validation_failed', /дор хаяж 10 тэмдэгт/],
  ['1234567890', 'password_too_common', /түгээмэл/],
  ['qwertyuiop', 'password_too_common', /түгээмэл/],
  ['Password123', 'password_too_common', /түгээмэл/],
  ['{name}-2026!', 'password_contains_email_name', /@-аас өмнөх/],
])('a new password %s is refused with %s and a message that says why', async (password, code, message) => {
  const name = `bataa${uniqueSuffix()}`;
  const answer = await register(`${name}@test.mn`, password.replace('{name}', name));
  expect(answer).toMatchObject({ status: 400, body: { code, message: expect.stringMatching(message) } });
});

it('a password that keeps the rule registers', async () => {
  expect((await register(`dorj-${uniqueSuffix()}@test.mn`, 'blue-river-stones')).status).toBe(201);
});

it('an older account whose password breaks the rule still signs in, is asked for a new one, and changes it', async () => {
  const email = `old-${uniqueSuffix()}@test.mn`;
  await platform.services.auth.context.db.insertInto('account').values({ email, name: 'Хуучин', password_hash: await hashPassword('12345678'), google_id: null }).execute();
  const signedIn = expectStatus(await logIn(email, '12345678'), 200, 'sign-in with the old password');
  expect(signedIn.user.mustChangePassword).toBe(true);
  expect(expectStatus(await platform.call('GET', '/v1/auth/me', { token: signedIn.token }), 200, 'me').mustChangePassword).toBe(true);

  const change = (body: object) => platform.call('PUT', '/v1/auth/password', { token: signedIn.token, body });
  expect(await change({ currentPassword: 'wrong-password', password: 'calm-morning-tea', repeatPassword: 'calm-morning-tea' })).toMatchObject({
    status: 403,
    body: { code: 'password_incorrect' },
  });
  expect(await change({ currentPassword: '12345678', password: 'iloveyou12', repeatPassword: 'iloveyou12' })).toMatchObject({ status: 400, body: { code: 'password_too_common' } });
  const changed = expectStatus(await change({ currentPassword: '12345678', password: 'calm-morning-tea', repeatPassword: 'calm-morning-tea' }), 200, 'change');
  expect(changed.user.mustChangePassword).toBe(false);
  expect((await platform.call('GET', '/v1/auth/me', { token: changed.token })).status).toBe(200);
  // The token that changed it, like every earlier one, is refused: the answer's token is the session now.
  expect((await platform.call('GET', '/v1/auth/me', { token: signedIn.token })).status).toBe(401);
  expect((await logIn(email, '12345678')).status).toBe(401);
  expect(expectStatus(await logIn(email, 'calm-morning-tea'), 200, 'new password').user.mustChangePassword).toBe(false);
});

it('an account without a password (Google only) has none to change', async () => {
  const email = `google-${uniqueSuffix()}@test.mn`;
  const [account] = await platform.services.auth.context.db
    .insertInto('account')
    .values({ email, name: 'G', password_hash: null, google_id: `g-${uniqueSuffix()}` })
    .returning('id')
    .execute();
  // A token as login-google would give it.
  const { issueToken } = await import('../src/tokens.js');
  const { signingKeyFrom } = await import('../src/signing-keys.js');
  const key = signingKeyFrom(testTokenSigningKey());
  const { token } = await issueToken(platform.services.auth.context.db, key, { issuer: 'learning-platform', audience: 'learning-platform', ttlSeconds: 600 }, account!.id);
  const answer = await platform.call('PUT', '/v1/auth/password', { token, body: { currentPassword: 'anything', password: 'calm-morning-tea', repeatPassword: 'calm-morning-tea' } });
  expect(answer).toMatchObject({ status: 409, body: { code: 'no_password', message: expect.stringMatching(/Google/) } });
});

it('the wait after wrong passwords grows from nothing to a few minutes, and stops growing', () => {
  expect([1, 2, 3, 4].map(waitAfter)).toEqual([0, 0, 0, 0]);
  expect([5, 6, 7, 8, 12].map(waitAfter)).toEqual([1, 2, 4, 8, 128]);
  expect(waitAfter(50)).toBe(300);
});

it('repeated wrong passwords slow that address down (429 with Retry-After), others are not; a reset clears it', async () => {
  const learner = await platform.learner();
  for (let i = 0; i < 5; i += 1) expect((await logIn(learner.email, `wrong-${i}-password`)).status).toBe(401);
  const slowed = await logIn(learner.email, learner.password);
  expect(slowed).toMatchObject({ status: 429, body: { code: 'sign_in_slowed', message: expect.stringMatching(/секунд хүлээгээд/) } });
  expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  // An unknown address is counted the same way, so the answers tell nothing of which addresses have accounts.
  const stranger = `nobody-${uniqueSuffix()}@test.mn`;
  for (let i = 0; i < 5; i += 1) expect((await logIn(stranger, `wrong-${i}-password`)).status).toBe(401);
  expect((await logIn(stranger, 'wrong-again-password')).status).toBe(429);
  // Another learner signs in as usual.
  const other = await platform.learner();
  expect((await logIn(other.email, other.password)).status).toBe(200);
  // After the wait the right password works, and the count starts afresh.
  const signedIn = await eventually(async () => {
    const answer = await logIn(learner.email, learner.password);
    return answer.status === 200 && answer;
  }, 'the wait is over', 10_000);
  expect(signedIn.body.user.email).toBe(learner.email);
  expect(await platform.services.auth.context.db.selectFrom('sign_in_failure').selectAll().where('email', '=', learner.email).execute()).toEqual([]);
});
