// Password reset through a real SMTP server on loopback: the request answered alike for any address,
// the mail that arrives, its single-use link, and every earlier token refused in all four services.
import { kitTables, type AnyDb } from '@learning/kit/data';
import { eventually, expectStatus, startTestPlatform, uniqueSuffix, type TestPlatform } from '@learning/testing';
import { startSmtpServer, type TestSmtpServer } from '@learning/testing/smtp';

let smtp: TestSmtpServer;
let platform: TestPlatform;
const publicUrl = 'https://learn.test.mn';

beforeAll(async () => {
  smtp = await startSmtpServer();
  platform = await startTestPlatform({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Төв <no-reply@test.mn>', PUBLIC_URL: publicUrl, CENTRE_NAME: 'Монстр Англи хэл', CENTRE_PHONE: '7011-2233', SEED_DEMO: '0' },
  });
});
afterAll(async () => {
  await platform?.close();
  await smtp?.stop();
});

const ask = (email: string) => platform.call('POST', '/v1/auth/password-reset', { body: { email } });
const tokenIn = (link: string) => new URL(link).hash.replace('#token=', '');

async function resetLinkFor(email: string, count = 1): Promise<string> {
  const mails = await smtp.waitForMails(email, count);
  const link = mails[count - 1]!.links.find((candidate) => candidate.startsWith(`${publicUrl}/reset-password#token=`));
  if (!link) throw new Error(`no reset link in ${mails[count - 1]!.text}`);
  return link;
}

it('asking for a link answers the same for an account and for an unknown address, and mails only the account', async () => {
  const learner = await platform.learner();
  const stranger = `nobody-${uniqueSuffix()}@test.mn`;
  const forAccount = await ask(learner.email);
  const forStranger = await ask(stranger);
  expect(forAccount.status).toBe(202);
  expect(forStranger.status).toBe(202);
  expect(forStranger.body).toEqual(forAccount.body);
  expect(forAccount.body.message).toMatch(/холбоос/);

  const [mail] = await smtp.waitForMails(learner.email);
  expect(mail!.subject).toBe('Нууц үг сэргээх · Монстр Англи хэл');
  expect(mail!.headers.get('from')).toMatchObject({ text: expect.stringContaining('no-reply@test.mn') });
  expect(mail!.text).toMatch(/Шинэ нууц үг сонгох: https:\/\/learn\.test\.mn\/reset-password#token=[\w-]{43}/);
  expect(mail!.text).toMatch(/30 минут/);
  expect(mail!.text).toContain('Утас: 7011-2233');
  expect(mail!.html).toContain(`href="${publicUrl}/reset-password#token=`);
  // Nothing went, or waits to go, to the address without an account, once auth has handled both requests.
  const db = platform.services.auth.context.db;
  await eventually(async () => {
    const asked = await kitTables(db as AnyDb).selectFrom('outbox').select('id').where('type', '=', 'password-reset.requested').execute();
    const handled = await kitTables(db as AnyDb).selectFrom('inbox').select('event_id').where('type', '=', 'password-reset.requested').execute();
    return handled.length === asked.length;
  }, 'auth handled every reset request');
  expect(await db.selectFrom('mail').select('id').where('to_address', '=', stranger).execute()).toEqual([]);
  expect(smtp.mailsTo(stranger)).toEqual([]);
});

it('the token is kept only as a hash: neither the reset, the mail queue nor the outbox holds it', async () => {
  const learner = await platform.learner();
  await ask(learner.email);
  const token = tokenIn(await resetLinkFor(learner.email));
  const db = platform.services.auth.context.db;
  const stored = JSON.stringify([
    await db.selectFrom('password_reset').selectAll().execute(),
    await db.selectFrom('mail').selectAll().execute(),
    await kitTables(db as AnyDb).selectFrom('outbox').selectAll().execute(),
  ]);
  expect(stored).not.toContain(token);
});

it('the link sets a new password: the learner is signed in, the old password and every earlier token are refused in all four services', async () => {
  const learner = await platform.learner();
  const otherDevice = await platform.signIn(learner.email, learner.password);
  await ask(learner.email);
  const token = tokenIn(await resetLinkFor(learner.email));

  expect(expectStatus(await platform.call('POST', '/v1/auth/password-reset/check', { body: { token } }), 200, 'check')).toEqual({ email: learner.email });
  const newPassword = 'a-fresh-start-42';
  const confirmed = expectStatus(
    await platform.call('POST', '/v1/auth/password-reset/confirm', { body: { token, password: newPassword, repeatPassword: newPassword } }),
    200,
    'confirm',
  );
  expect(confirmed.user).toMatchObject({ _id: learner.id, email: learner.email, mustChangePassword: false });
  expect((await platform.call('GET', '/v1/auth/me', { token: confirmed.token })).status).toBe(200);

  expect((await platform.call('POST', '/v1/auth/login', { body: { email: learner.email, password: learner.password } })).status).toBe(401);
  expect((await platform.call('POST', '/v1/auth/login', { body: { email: learner.email, password: newPassword } })).status).toBe(200);

  const elsewhere = [
    ['auth', 'GET', '/v1/auth/me'],
    ['catalog', 'GET', '/v1/progress/mine'],
    ['exam', 'GET', '/v1/monsterplans/00000000-0000-4000-8000-000000000000/exam/attempt'],
    ['media', 'POST', '/v1/monsterplans/aloud'],
  ] as const;
  for (const earlier of [learner.token, otherDevice]) {
    for (const [service, method, path] of elsewhere) {
      const status = await eventually(async () => {
        const answer = await platform.call(method, path, { token: earlier });
        return answer.status === 401 && answer.status;
      }, `${service} refuses the token issued before the reset`);
      expect(status).toBe(401);
    }
  }
  // The new token still works in each of them.
  expect((await platform.call('GET', '/v1/progress/mine', { token: confirmed.token })).status).toBe(200);
});

it('a used link, the account’s other links, an expired link and a forged one each get a Mongolian explanation', async () => {
  const learner = await platform.learner();
  await ask(learner.email);
  await ask(learner.email);
  const first = tokenIn(await resetLinkFor(learner.email, 1));
  const second = tokenIn(await resetLinkFor(learner.email, 2));
  const password = 'another-fresh-start';
  expectStatus(await platform.call('POST', '/v1/auth/password-reset/confirm', { body: { token: first, password, repeatPassword: password } }), 200, 'confirm');

  const again = await platform.call('POST', '/v1/auth/password-reset/confirm', { body: { token: first, password, repeatPassword: password } });
  expect(again).toMatchObject({ status: 410, body: { code: 'reset_link_used', message: expect.stringMatching(/аль хэдийн ашигласан/) } });
  const other = await platform.call('POST', '/v1/auth/password-reset/check', { body: { token: second } });
  expect(other).toMatchObject({ status: 410, body: { code: 'reset_link_used', message: expect.stringMatching(/хүчингүй/) } });

  const forged = await platform.call('POST', '/v1/auth/password-reset/check', { body: { token: 'A'.repeat(43) } });
  expect(forged).toMatchObject({ status: 400, body: { code: 'reset_link_invalid', message: expect.stringMatching(/шинэ холбоос/) } });
  const malformed = await platform.call('POST', '/v1/auth/password-reset/check', { body: { token: 'short' } });
  expect(malformed).toMatchObject({ status: 400, body: { code: 'validation_failed' } });

  const late = await platform.learner();
  await ask(late.email);
  const lateToken = tokenIn(await resetLinkFor(late.email));
  await platform.services.auth.context.db.updateTable('password_reset').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', late.id).execute();
  const expired = await platform.call('POST', '/v1/auth/password-reset/confirm', { body: { token: lateToken, password, repeatPassword: password } });
  expect(expired).toMatchObject({ status: 410, body: { code: 'reset_link_expired', message: expect.stringMatching(/30 минут/) } });
  expect((await platform.call('POST', '/v1/auth/login', { body: { email: late.email, password: late.password } })).status).toBe(200);
});

it('an account that signs in with Google only gets a mail saying to sign in with Google, and no link', async () => {
  const email = `google-${uniqueSuffix()}@test.mn`;
  await platform.services.auth.context.db.insertInto('account').values({ email, name: 'Google', password_hash: null, google_id: `g-${uniqueSuffix()}` }).execute();
  expect((await ask(email)).status).toBe(202);
  const [mail] = await smtp.waitForMails(email);
  expect(mail!.subject).toMatch(/Google/);
  expect(mail!.text).toMatch(/Google-ээр нэвтрэх/);
  expect(mail!.links.some((link) => link.includes('reset-password'))).toBe(false);
});

it('one address gets at most three links an hour, whoever asks, account or not', async () => {
  for (const email of [(await platform.learner()).email, `nobody-${uniqueSuffix()}@test.mn`]) {
    for (let i = 0; i < 3; i += 1) expect((await ask(email)).status).toBe(202);
    const refused = await ask(email);
    expect(refused).toMatchObject({ status: 429, body: { code: 'reset_limit', message: expect.stringMatching(/цагт 3/) } });
  }
  // Another address is not held back.
  expect((await ask(`someone-${uniqueSuffix()}@test.mn`)).status).toBe(202);
});

it('a bad body gets a Mongolian 400, never a 500', async () => {
  for (const [path, body] of [
    ['/v1/auth/password-reset', { email: 'not-an-email' }],
    ['/v1/auth/password-reset', {}],
    ['/v1/auth/password-reset/confirm', { token: 'A'.repeat(43), password: 'short', repeatPassword: 'short' }],
    ['/v1/auth/password-reset/confirm', { token: 'A'.repeat(43), password: 'long-enough-1', repeatPassword: 'different-1' }],
    ['/v1/auth/unsubscribe', { token: 'a\u0000b' }],
  ] as const) {
    const answer = await platform.call('POST', path, { body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/[\u0400-\u04FF]/);
  }
});
