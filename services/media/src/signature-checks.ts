// A player asks for a video by ranges, each with the same signed URL: every seek, every buffered
// stretch. The HMAC is checked once per URL (WebCrypto's verify was much of media's time under
// bench/stream; docs/benchmarks.md gives the figures with and without); the expiry is checked on
// every request, so a kept check never outlives its URL.
import { checkMediaSignature, expiryCheck, type MediaUrlCheck, type SignedMediaKind } from '@learning/contracts';
import { keepAtMost } from '@learning/kit/bounded-map';

export type SignatureCheck = (kind: SignedMediaKind, id: string, expires: string | undefined, signature: string | undefined) => Promise<MediaUrlCheck>;

/** Remembers up to `capacity` genuine signatures; a forged one is checked, and refused, every time. */
export function checkSignaturesOnce(secret: string, ttlSeconds: number, { capacity = 10_000, now = Date.now } = {}): SignatureCheck {
  const genuine = new Map<string, true>();
  return async (kind, id, expires, signature) => {
    const signed = `${kind}/${id}:${expires}:${signature}`;
    if (expires && genuine.has(signed)) return expiryCheck(expires, { ttlSeconds, now: now() });
    const check = await checkMediaSignature(secret, kind, id, expires, signature, { ttlSeconds, now: now() });
    if (check !== 'invalid') keepAtMost(genuine, capacity, signed, true);
    return check;
  };
}
