import type { RunningGateway } from '../src/server.js';
import { closedPortUrl, openAnswer, serviceUrls, startStandIns, startTestGateway, testSecret } from './fixture.js';

let standIns: Awaited<ReturnType<typeof startStandIns>>;
let gateway: RunningGateway;
let withoutExam: RunningGateway;

beforeAll(async () => {
  standIns = await startStandIns({
    auth: (app) => {
      app.post('/v1/auth/login', (_req, res) => {
        res.status(401).json({ message: 'Имэйл эсвэл нууц үг буруу байна.', code: 'invalid_credentials' });
      });
    },
    catalog: (app) => {
      app.all('/v1/payments/qpay/callback/:id', (_req, res) => {
        res.type('text/plain').send('SUCCESS');
      });
    },
  });
  [gateway, withoutExam] = await Promise.all([
    startTestGateway({ ...serviceUrls(standIns), PAYLOAD_SECRET: testSecret, RATE_LIMIT_AUTH: 3, RATE_LIMIT_QPAY_CALLBACK: 4 }),
    closedPortUrl().then((EXAM_URL) => startTestGateway({ ...serviceUrls(standIns), EXAM_URL })),
  ]);
});

afterAll(async () => {
  await Promise.all([gateway?.close(), withoutExam?.close()]);
  await standIns?.close();
});

const signIn = (body: unknown, path = '/v1/auth/login') =>
  fetch(`${gateway.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

it("limits QPay's callback, by GET and POST together, with the sealed 429", async () => {
  const callback = (method: string) => fetch(`${gateway.url}/v1/payments/qpay/callback/00000000-0000-4000-8000-000000000001`, { method });
  const statuses: number[] = [];
  for (const method of ['GET', 'POST', 'GET', 'POST', 'GET']) {
    const response = await callback(method);
    statuses.push(response.status);
    if (response.status === 200) expect(await response.text()).toBe('SUCCESS');
    else expect(JSON.parse(await openAnswer(response))).toMatchObject({ code: 'rate_limited' });
  }
  expect(statuses).toEqual([200, 200, 200, 200, 429]);
});

describe('sign-in rate limits', () => {
  it('answer the attempt after the limit with a sealed 429 and the standard RateLimit headers', async () => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await signIn({ email: 'a@b.mn', password: 'wrong' });
      expect(response.status).toBe(401);
      expect(response.headers.get('ratelimit')).toMatch(new RegExp(`r=${3 - attempt}`));
      await response.body?.cancel();
    }
    const refused = await signIn({ email: 'a@b.mn', password: 'wrong' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit-policy')).toMatch(/q=3; w=60/);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(JSON.parse(await openAnswer(refused))).toEqual({
      message: 'Хэт олон оролдлого хийлээ. Түр хүлээгээд дахин оролдоно уу.',
      code: 'rate_limited',
    });
    // Spelled otherwise, the path still reaches the same sign-in call, so the same limit applies.
    for (const path of ['/v1/auth/LOGIN', '/v1/auth/login/']) {
      const respelled = await signIn({ email: 'a@b.mn', password: 'wrong' }, path);
      expect(respelled.status).toBe(429);
      await respelled.body?.cancel();
    }
  });

  it('count per client behind the proxies named in TRUST_PROXY, and never believe a client\'s own X-Forwarded-For', async () => {
    const [behindNginx, atTheEdge] = await Promise.all([
      startTestGateway({ ...serviceUrls(standIns), RATE_LIMIT_AUTH: 2, TRUST_PROXY: 'loopback' }),
      startTestGateway({ ...serviceUrls(standIns), RATE_LIMIT_AUTH: 2 }),
    ]);
    try {
      const statuses = async (gateway: RunningGateway, client: string) => {
        const seen = [];
        for (let attempt = 0; attempt < 3; attempt++) {
          const response = await fetch(`${gateway.url}/v1/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
            body: JSON.stringify({ email: 'a@b.mn', password: 'wrong' }),
          });
          seen.push(response.status);
          await response.body?.cancel();
        }
        return seen;
      };
      expect(await statuses(behindNginx, '203.0.113.1')).toEqual([401, 401, 429]);
      expect(await statuses(behindNginx, '203.0.113.2')).toEqual([401, 401, 429]);
      expect(await statuses(atTheEdge, '203.0.113.1')).toEqual([401, 401, 429]);
      expect(await statuses(atTheEdge, '203.0.113.2')).toEqual([429, 429, 429]);
    } finally {
      await Promise.all([behindNginx.close(), atTheEdge.close()]);
    }
  });

  it('count each sign-in call on its own, and leave other calls alone', async () => {
    const checked = await signIn({ email: 'a@b.mn' }, '/v1/auth/check-email');
    expect(checked.status).toBe(200);
    await checked.body?.cancel();
    const me = await fetch(`${gateway.url}/v1/auth/me`);
    expect(me.status).toBe(200);
    expect(me.headers.get('ratelimit')).toBeNull();
    await me.body?.cancel();
  });
});

describe('security headers', () => {
  it.each(['/v1/auth/me', '/healthz', '/'])('are sent on %s', async (path) => {
    const response = await fetch(`${gateway.url}${path}`);
    await response.body?.cancel();
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("media-src 'self' blob:");
    expect(policy).toContain("img-src 'self' data:");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=/);
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});

describe('health', () => {
  it('says the gateway is alive, unsealed', async () => {
    const response = await fetch(`${gateway.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-payload-encryption')).toBeNull();
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('says the gateway is ready when every service is', async () => {
    const response = await fetch(`${gateway.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ready',
      services: { auth: 'ready', catalog: 'ready', media: 'ready', exam: 'ready' },
    });
  });

  it('says which service is not ready', async () => {
    const response = await fetch(`${withoutExam.url}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: 'unavailable',
      services: { auth: 'ready', catalog: 'ready', media: 'ready', exam: 'unavailable' },
    });
  });
});
