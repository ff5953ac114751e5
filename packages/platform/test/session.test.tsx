import { continueTarget, fetchCurrentUser, tokenStore } from '@learning/platform';
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

describe('the continue address after sign-in or sign-out', () => {
  const site = 'https://english.example.mn';

  it.each([
    ['https://english.example.mn/me/settings?tab=1#top', '/me/settings?tab=1#top'],
    ['/product-monster-plan/p1', '/product-monster-plan/p1'],
    ['https://english.example.mn', '/'],
  ])('keeps an address on this site: %s goes to %s', (raw, target) => {
    expect(continueTarget(raw, site)).toBe(target);
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'https:evil.example',
    'http:evil.example',
    'javascript:alert(1)',
    ' //evil.example',
    '/\t/evil.example',
    'https://english.example.mn//evil.example',
    'https://english.example.mn/\\evil.example',
    'https://english.example.mn/.//evil.example',
    'https://english.example.mn/%2e//evil.example',
    'http://[',
    '',
  ])('sends %j, which does not stay on this site, to the home page', (raw) => {
    expect(continueTarget(raw, site)).toBe('/');
  });

  it('sends no continue at all to the home page', () => {
    expect(continueTarget(null, site)).toBe('/');
  });
});
