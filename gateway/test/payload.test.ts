// The gateway's sealer against the wire contract: its tokens open with an independent node:crypto
// client and with the browser's own WebCrypto code (@learning/contracts), and no two share an iv.
import { openPayload, payloadKey } from '@learning/contracts';
import { createJsonSealer } from '../src/payload.js';
import { openToken, testSecret } from './fixture.js';

const seal = createJsonSealer(testSecret)!;
const answer = JSON.stringify({ name: 'Monster plan 1 — долоо хоног', price: '49,000₮', videos: ['a', 'b'] });
const tokenOf = (body: string): string => (JSON.parse(body) as { payload: string }).payload;

describe('a sealed JSON answer', () => {
  it('is {"payload": "v1.<12-byte iv>.<ciphertext and 16-byte tag>"} in base64url', () => {
    const body = JSON.parse(seal(answer)) as Record<string, string>;
    expect(Object.keys(body)).toEqual(['payload']);
    const [version, iv, sealed] = body.payload!.split('.');
    expect(version).toBe('v1');
    expect(iv).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(iv!, 'base64url')).toHaveLength(12);
    expect(Buffer.from(sealed!, 'base64url')).toHaveLength(Buffer.byteLength(answer) + 16);
  });

  it('opens to the same JSON text with an independent client (key = SHA-256 of the secret)', () => {
    expect(openToken(testSecret, tokenOf(seal(answer)))).toBe(answer);
  });

  it('opens with the browser SDK’s WebCrypto code, from a text or from the service’s bytes', async () => {
    const key = await payloadKey(testSecret);
    expect(await openPayload(key, tokenOf(seal(answer)))).toBe(answer);
    expect(await openPayload(key, tokenOf(seal(Buffer.from(answer, 'utf8'))))).toBe(answer);
  });

  it('uses a fresh iv every time, so the same answer never seals the same way twice', () => {
    // More than the ivs drawn at once, so the test crosses refills of the gateway's pool of random bytes.
    const tokens = Array.from({ length: 2500 }, () => tokenOf(seal(answer)));
    expect(new Set(tokens.map((token) => token.split('.')[1])).size).toBe(tokens.length);
  });

  it('does not open with another secret', async () => {
    expect(() => openToken('another-secret', tokenOf(seal(answer)))).toThrow();
    await expect(openPayload(await payloadKey('another-secret'), tokenOf(seal(answer)))).rejects.toThrow();
  });

  it('is not made without a secret: JSON then travels as it is', () => {
    expect(createJsonSealer(undefined)).toBeUndefined();
    expect(createJsonSealer('')).toBeUndefined();
  });
});
