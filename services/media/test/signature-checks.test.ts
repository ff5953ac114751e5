import { signMediaUrl } from '@learning/contracts';
import { checkSignaturesOnce } from '../src/signature-checks.js';

const secret = 'signature-checks-test-secret';
const issuedAt = Date.UTC(2026, 10, 23, 12, 0, 0);
const expires = issuedAt / 1000 + 60;

async function signed(kind: 'video' | 'subtitle', id: string) {
  const url = new URL(await signMediaUrl(secret, kind, id, expires), 'http://media.test');
  return { expires: url.searchParams.get('expires')!, signature: url.searchParams.get('signature')! };
}

describe('checking signed URLs once', () => {
  let clock = issuedAt;
  const check = checkSignaturesOnce(secret, 60, { capacity: 2, now: () => clock });
  beforeEach(() => {
    clock = issuedAt;
  });

  it('answers a genuine URL valid every time it is asked, until it expires', async () => {
    const url = await signed('video', 'video-1');
    expect(await check('video', 'video-1', url.expires, url.signature)).toBe('valid');
    expect(await check('video', 'video-1', url.expires, url.signature)).toBe('valid');
    clock = expires * 1000 + 1;
    expect(await check('video', 'video-1', url.expires, url.signature)).toBe('expired');
  });

  it('refuses a signature that differs from a kept one, or is put on another file or kind', async () => {
    const url = await signed('video', 'video-2');
    expect(await check('video', 'video-2', url.expires, url.signature)).toBe('valid');
    const forged = `${url.signature.slice(0, -1)}${url.signature.endsWith('A') ? 'B' : 'A'}`;
    expect(await check('video', 'video-2', url.expires, forged)).toBe('invalid');
    expect(await check('video', 'video-3', url.expires, url.signature)).toBe('invalid');
    expect(await check('subtitle', 'video-2', url.expires, url.signature)).toBe('invalid');
    expect(await check('video', 'video-2', String(expires + 3600), url.signature)).toBe('invalid');
    expect(await check('video', 'video-2', undefined, url.signature)).toBe('invalid');
  });

  it('still checks a URL it no longer keeps, past its capacity', async () => {
    const urls = await Promise.all(['video-4', 'video-5', 'video-6'].map((id) => signed('video', id)));
    for (const [index, url] of urls.entries()) expect(await check('video', `video-${index + 4}`, url.expires, url.signature)).toBe('valid');
    expect(await check('video', 'video-4', urls[0]!.expires, urls[0]!.signature)).toBe('valid');
  });
});
