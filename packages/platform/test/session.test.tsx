import { fetchCurrentUser, tokenStore } from '@learning/platform';
import { fakeGateway } from '@learning/platform/testing';

describe('session', () => {
  beforeEach(() => localStorage.clear());

  it('has no current user without a token, and does not ask the server', async () => {
    const gateway = fakeGateway({});
    globalThis.fetch = gateway.fetch;
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(gateway.calls).toHaveLength(0);
  });

  it('removes the token when the auth check answers 401', async () => {
    tokenStore.set('expired');
    globalThis.fetch = fakeGateway({ 'GET /v1/auth/me': { status: 401, body: { message: 'Нэвтэрнэ үү.', code: 'unauthenticated' } } }).fetch;
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(tokenStore.get()).toBeNull();
  });

  it('keeps the token when the auth check fails for another reason', async () => {
    tokenStore.set('valid');
    globalThis.fetch = fakeGateway({ 'GET /v1/auth/me': { status: 503, body: { message: 'Түр ажиллахгүй байна.', code: 'unavailable' } } }).fetch;
    await expect(fetchCurrentUser()).rejects.toMatchObject({ status: 503 });
    expect(tokenStore.get()).toBe('valid');
  });
});
