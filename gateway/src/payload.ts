// The payload encryption of the wire contract (DESIGN.md): a JSON text becomes `{"payload": TOKEN}`,
// TOKEN = "v1." + base64url(iv) + "." + base64url(ciphertext || tag), AES-256-GCM under SHA-256(secret).
// The browser opens it with @learning/contracts' WebCrypto `openPayload`; the gateway seals every JSON
// answer, so it uses node:crypto and Buffer's base64url directly: synchronous, no per-character
// string building (the WebCrypto path was much of the gateway's time in a --cpu-prof of
// bench/catalog; docs/benchmarks.md).
import { createCipheriv, createHash, randomFillSync } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { payloadEncryptionHeader, payloadEncryptionScheme } from '@learning/contracts';

/** Turns a JSON text (or its UTF-8 bytes) into the body the gateway sends: `{"payload": TOKEN}`. */
export type SealJson = (json: string | Buffer) => string;

const ivBytes = 12;

/** Random ivs drawn a thousand at a time: one call to the system's generator per call was 1 % of the gateway's time. */
function ivSource(): () => Buffer {
  const pool = Buffer.alloc(ivBytes * 1024);
  let next = pool.length;
  return () => {
    if (next === pool.length) {
      randomFillSync(pool);
      next = 0;
    }
    next += ivBytes;
    // A view, used (and copied by the cipher) before the pool is ever refilled.
    return pool.subarray(next - ivBytes, next);
  };
}

/** Without a secret there is nothing to seal, and JSON travels as it is. */
export function createJsonSealer(secret: string | undefined): SealJson | undefined {
  if (!secret) return undefined;
  const key = createHash('sha256').update(secret, 'utf8').digest();
  const nextIv = ivSource();
  return (json) => {
    const iv = nextIv();
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const sealed = Buffer.concat([typeof json === 'string' ? cipher.update(json, 'utf8') : cipher.update(json), cipher.final(), cipher.getAuthTag()]);
    // base64url has no character JSON would escape, so the token goes into the text as it is.
    return `{"payload":"v1.${iv.toString('base64url')}.${sealed.toString('base64url')}"}`;
  };
}

/**
 * Writes a sealed body with the header that tells the client to open it. The body is ASCII (JSON's
 * punctuation around base64url), so its length is its size and it is written a byte a character,
 * without the scan and the encoding UTF-8 would take over the whole text.
 */
export function sendSealedJson(res: ServerResponse, status: number, sealedBody: string): void {
  res.statusCode = status;
  res.setHeader(payloadEncryptionHeader, payloadEncryptionScheme);
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', sealedBody.length);
  res.end(sealedBody, 'latin1');
}
