import { payloadKey, sealPayload } from '@learning/contracts';
import { api, ApiError, tokenStore } from '@learning/platform';
import { fakeGateway } from '@learning/platform/testing';

const secret = 'test-payload-secret';

async function sealed(body: unknown) {
  return { payload: await sealPayload(await payloadKey(secret), JSON.stringify(body)) };
}
const encrypted = { 'x-payload-encryption': 'aes-256-gcm' };

describe('api client', () => {
  beforeEach(() => localStorage.clear());

  it('sends the bearer token from storage, and none without one', async () => {
    const gateway = fakeGateway({ 'GET /v1/auth/me': { body: { name: 'Бат' } } });
    globalThis.fetch = gateway.fetch;
    await api.get('/v1/auth/me');
    tokenStore.set('abc');
    await api.get('/v1/auth/me');
    expect(gateway.calls[0]?.headers.authorization).toBeUndefined();
    expect(gateway.calls[1]?.headers.authorization).toBe('Bearer abc');
  });

  it('starts a new sampled W3C trace with each call, for the gateway and the services to continue', async () => {
    const gateway = fakeGateway({ 'GET /v1/auth/me': { body: { name: 'Бат' } } });
    globalThis.fetch = gateway.fetch;
    await api.get('/v1/auth/me');
    await api.get('/v1/auth/me');
    const [first, second] = gateway.calls.map((call) => call.headers.traceparent);
    expect(first).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(second).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(second!.slice(3, 35)).not.toBe(first!.slice(3, 35));
  });

  it('sends JSON and puts the query in the address', async () => {
    const gateway = fakeGateway({ 'POST /v1/lesson-requests': { status: 201, body: { _id: 'r1' } }, 'GET /v1/users': { body: { result: [], total: 0 } } });
    globalThis.fetch = gateway.fetch;
    await expect(api.post('/v1/lesson-requests', { lesson: 'l1' })).resolves.toEqual({ _id: 'r1' });
    await api.get('/v1/users', { perPage: 10, currentPage: 2, search: undefined });
    expect(gateway.calls[1]).toMatchObject({ path: '/v1/users', query: { perPage: '10', currentPage: '2' } });
    expect(gateway.calls[1]?.query).not.toHaveProperty('search');
    expect(gateway.calls[0]).toMatchObject({ method: 'POST', body: { lesson: 'l1' }, headers: { 'content-type': 'application/json' } });
  });

  it('opens an encrypted answer with the secret from /config.json', async () => {
    const body = await sealed({ result: [{ _id: 'u1' }], total: 1 });
    globalThis.fetch = fakeGateway({ 'GET /v1/users': { body, headers: encrypted } }, { payloadSecret: secret }).fetch;
    await expect(api.get('/v1/users')).resolves.toEqual({ result: [{ _id: 'u1' }], total: 1 });
  });

  it("turns an error answer into an ApiError with the server's message and code, also when encrypted", async () => {
    const body = await sealed({ message: 'Нууц үг буруу байна.', code: 'bad_credentials' });
    globalThis.fetch = fakeGateway({ 'POST /v1/auth/login': { status: 401, body, headers: encrypted } }, { payloadSecret: secret }).fetch;
    const error = await api.post('/v1/auth/login', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Нууц үг буруу байна.', code: 'bad_credentials' });
  });

  it("falls back to 'Алдаа' when the error answer has no message", async () => {
    globalThis.fetch = fakeGateway({ 'GET /v1/monsterplans': { status: 500, body: 'Internal Server Error' } }).fetch;
    await expect(api.get('/v1/monsterplans')).rejects.toMatchObject({ status: 500, message: 'Алдаа' });
  });

  it("falls back to 'Алдаа' when the server cannot be reached", async () => {
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(api.get('/v1/monsterplans')).rejects.toMatchObject({ status: 0, message: 'Алдаа', code: 'network_error' });
  });

  it('refuses an encrypted answer it cannot open', async () => {
    const body = await sealed({ secret: 'data' });
    globalThis.fetch = fakeGateway({ 'GET /v1/users': { body, headers: encrypted } }, { payloadSecret: 'another secret' }).fetch;
    await expect(api.get('/v1/users')).rejects.toMatchObject({ code: 'unreadable_answer', message: 'Алдаа' });
  });
});
