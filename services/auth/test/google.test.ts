// Sign-in with Google against a real OpenID provider on loopback (oidc-provider standing in for
// Google): the flow's start, the code exchange at POST /v1/auth/login-google, and every way it is refused.
import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@learning/kit/events';
import { followToCallback, type GoogleStandIn, type GoogleUser, startGoogleStandIn } from '@learning/testing/google';
import { deleteBusNamespace, eventually, startTestPlatform, type TestPlatform, uniqueSuffix } from '@learning/testing';

/** Where the provider sends the browser back; no browser here, so only its shape matters. */
const redirectUri = 'http://127.0.0.1:8080/callback/google';

let google: GoogleStandIn;
let platform: TestPlatform;
const heard: EventEnvelope[] = [];

beforeAll(async () => {
  google = await startGoogleStandIn();
  google.allowRedirect(redirectUri);
  platform = await startTestPlatform({ env: { GOOGLE_ISSUER: google.issuer, GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CLIENT_SECRET: google.clientSecret } });
  await platform.services.auth.context.bus.subscribe(`${platform.schemaPrefix}.google-listener`, ['user.registered'], async (event) => {
    heard.push(event);
  });
});

afterAll(async () => {
  await platform?.close();
  await google?.close();
  if (process.env.AMQP_URL) await deleteBusNamespace(process.env.AMQP_URL, platform.schemaPrefix, ['google-listener']);
});

function googleUser(overrides: Partial<GoogleUser> = {}): GoogleUser {
  return { sub: randomUUID(), email: `g-${uniqueSuffix()}@gmail.test`, email_verified: true, name: 'Гэрэл', ...overrides };
}

/** Starts a sign-in at the platform and lets the provider's login page sign `user` in: the callback's parameters. */
async function returnFromGoogle(user: GoogleUser): Promise<{ code: string; state: string; iss?: string }> {
  const start = await platform.call('POST', '/v1/auth/google/start', { body: { redirectUri } });
  expect(start.status).toBe(200);
  google.signInAs(user);
  const answer = await followToCallback(start.body.authorizationUrl, redirectUri);
  expect(answer.state).toBe(start.body.state);
  return answer as { code: string; state: string; iss?: string };
}

const loginGoogle = (body: unknown) => platform.call('POST', '/v1/auth/login-google', { body });

const refusedByGoogle = { message: 'Google-ээр нэвтэрч чадсангүй. Дахин оролдоно уу.', code: 'google_sign_in_failed' };
const invalidAttempt = {
  message: 'Google-ээр нэвтрэх оролдлого хүчингүй эсвэл хугацаа нь дууссан байна. Дахин оролдоно уу.',
  code: 'google_attempt_invalid',
};

describe('the start of the flow', () => {
  it('refuses a return address that is not the site\'s /callback/google, or no URL at all, with 400', async () => {
    for (const bad of ['not a url', 'http://site.test/elsewhere', `${redirectUri}?x=1`, 'javascript:alert(1)']) {
      const answer = await platform.call('POST', '/v1/auth/google/start', { body: { redirectUri: bad } });
      expect([bad, answer.status, answer.body.message]).toEqual([bad, 400, 'Буцах хаяг буруу байна.']);
    }
  });

  it('says Google is configured, and answers the provider authorization URL with PKCE, state, nonce and response_mode=fragment', async () => {
    expect((await platform.call('GET', '/v1/auth/google')).body).toEqual({ isConfigured: true });
    const { status, body } = await platform.call('POST', '/v1/auth/google/start', { body: { redirectUri } });
    expect(status).toBe(200);
    const url = new URL(body.authorizationUrl);
    expect(url.origin).toBe(google.issuer);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: google.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      response_mode: 'fragment',
      scope: 'openid email profile',
      state: body.state,
      nonce: expect.stringMatching(/.{20,}/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
    });
  });

  it('refuses a redirect URI that is not a /callback/google page with 400', async () => {
    const { status, body } = await platform.call('POST', '/v1/auth/google/start', { body: { redirectUri: 'https://evil.test/steal' } });
    expect(status).toBe(400);
    expect(body).toEqual({ message: 'Буцах хаяг буруу байна.', code: 'validation_failed' });
  });

  it('refuses login-google without a code with 400 in Mongolian', async () => {
    const { status, body } = await loginGoogle({ state: 'x' });
    expect(status).toBe(400);
    expect(body).toEqual({ message: 'Google-ээс ирсэн код алга.', code: 'validation_failed' });
  });
});

describe('accounts', () => {
  it('a new Google identity creates an account, signs in like /v1/auth/login and publishes user.registered', async () => {
    const user = googleUser({ email: `New-${uniqueSuffix()}@Gmail.test` });
    const { status, body } = await loginGoogle(await returnFromGoogle(user));
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ name: 'Гэрэл', email: user.email.toLowerCase(), googleId: user.sub, isAdmin: false, lessons: [] });
    const me = await platform.call('GET', '/v1/auth/me', { token: body.token });
    expect(me.body._id).toBe(body.user._id);
    const event = await eventually(() => heard.find((e) => (e.data as { userId: string }).userId === body.user._id), 'the sign-in\'s event is heard');
    expect(event).toMatchObject({ type: 'user.registered', producer: 'auth', data: { userId: body.user._id, email: user.email.toLowerCase(), name: 'Гэрэл' } });
    // The account has no password: password sign-in is refused like a wrong one.
    const withPassword = await platform.call('POST', '/v1/auth/login', { body: { email: user.email, password: 'any-password-1' } });
    expect(withPassword.status).toBe(401);
  });

  it('a verified email that matches an account links the Google identity to it (googleId set)', async () => {
    const learner = await platform.learner('Сараа');
    const user = googleUser({ email: learner.email });
    const { status, body } = await loginGoogle(await returnFromGoogle(user));
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ _id: learner.id, name: 'Сараа', googleId: user.sub });
    expect((await platform.call('GET', '/v1/auth/me', { token: learner.token })).body.googleId).toBe(user.sub);
    // The password keeps working, and the next Google sign-in finds the same account.
    expect(await platform.signIn(learner.email, learner.password)).toEqual(expect.any(String));
    const again = await loginGoogle(await returnFromGoogle(user));
    expect(again.body.user._id).toBe(learner.id);
  });

  it('another Google identity with the email of an account already linked to Google is refused with 409', async () => {
    const first = googleUser();
    expect((await loginGoogle(await returnFromGoogle(first))).status).toBe(200);
    const { status, body } = await loginGoogle(await returnFromGoogle(googleUser({ email: first.email })));
    expect(status).toBe(409);
    expect(body).toEqual({ message: 'Энэ имэйл хаяг өөр Google бүртгэлтэй холбогдсон байна.', code: 'google_account_mismatch' });
  });

  it('an unverified email never links, nor creates an account: 403 with a Mongolian message', async () => {
    const learner = await platform.learner();
    const linking = await loginGoogle(await returnFromGoogle(googleUser({ email: learner.email, email_verified: false })));
    expect(linking.status).toBe(403);
    expect(linking.body).toEqual({
      message: 'Таны Google бүртгэлийн имэйл хаяг баталгаажаагүй байна. Google дээр имэйлээ баталгаажуулаад дахин оролдоно уу.',
      code: 'google_email_unverified',
    });
    expect((await platform.call('GET', '/v1/auth/me', { token: learner.token })).body.googleId).toBeNull();

    const stranger = googleUser({ email_verified: false });
    expect((await loginGoogle(await returnFromGoogle(stranger))).status).toBe(403);
    expect((await platform.call('POST', '/v1/auth/check-email', { body: { email: stranger.email } })).status).toBe(404);
  });
});

describe('refusals', () => {
  it('a state the platform never issued is refused', async () => {
    const answer = await returnFromGoogle(googleUser());
    const { status, body } = await loginGoogle({ ...answer, state: 'forged-state' });
    expect(status).toBe(401);
    expect(body).toEqual(invalidAttempt);
  });

  it("a code presented with another attempt's state is refused (PKCE and state belong to the attempt)", async () => {
    const first = await returnFromGoogle(googleUser());
    const second = await returnFromGoogle(googleUser());
    const { status, body } = await loginGoogle({ ...first, state: second.state });
    expect(status).toBe(401);
    expect(body).toEqual(refusedByGoogle);
  });

  it('a replayed code is refused, with its own state and with a fresh one', async () => {
    const answer = await returnFromGoogle(googleUser());
    expect((await loginGoogle(answer)).status).toBe(200);
    const replay = await loginGoogle(answer);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(invalidAttempt);
    const fresh = await returnFromGoogle(googleUser());
    const replayWithFreshState = await loginGoogle({ ...answer, state: fresh.state });
    expect(replayWithFreshState.status).toBe(401);
    expect(replayWithFreshState.body).toEqual(refusedByGoogle);
  });

  it.each([
    ['a wrong audience', { aud: 'someone-elses-app.apps.googleusercontent.test' }],
    ['an expired id_token', { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }],
    ['another nonce', { nonce: 'replayed-nonce' }],
    ['another issuer', { iss: 'https://issuer.evil.test' }],
  ])('an id_token with %s (signed with the provider key) is refused and creates no account', async (_case, change) => {
    const user = googleUser();
    const answer = await returnFromGoogle(user);
    google.tamperNextIdToken((claims) => ({ ...claims, ...change }));
    const { status, body } = await loginGoogle(answer);
    expect(status).toBe(401);
    expect(body).toEqual(refusedByGoogle);
    expect((await platform.call('POST', '/v1/auth/check-email', { body: { email: user.email } })).status).toBe(404);
  });

  it('the untampered token of the same kind of sign-in is accepted (the refusals above are the claims)', async () => {
    const answer = await returnFromGoogle(googleUser());
    google.tamperNextIdToken((claims) => claims);
    expect((await loginGoogle(answer)).status).toBe(200);
  });
});

describe('without Google configured', () => {
  let plain: TestPlatform;
  beforeAll(async () => {
    plain = await startTestPlatform();
  });
  afterAll(() => plain?.close());

  it('says so, and the start and the exchange answer 404 in Mongolian', async () => {
    expect((await plain.call('GET', '/v1/auth/google')).body).toEqual({ isConfigured: false });
    const notConfigured = { message: 'Google-ээр нэвтрэх боломж тохируулагдаагүй байна.', code: 'google_not_configured' };
    const start = await plain.call('POST', '/v1/auth/google/start', { body: { redirectUri } });
    expect([start.status, start.body]).toEqual([404, notConfigured]);
    const login = await plain.call('POST', '/v1/auth/login-google', { body: { code: 'c', state: 's' } });
    expect([login.status, login.body]).toEqual([404, notConfigured]);
  });
});
