// The payload encryption of the wire contract: a JSON text becomes `{"payload": TOKEN}` sealed with
// the shared secret (the token format lives in @learning/contracts, shared with the browser).
import type { ServerResponse } from 'node:http';
import { payloadEncryptionHeader, payloadEncryptionScheme, payloadKey, sealPayload } from '@learning/contracts';

/** Turns a JSON text into the body the gateway sends: `{"payload": TOKEN}`. */
export type SealJson = (jsonText: string) => Promise<string>;

/** Without a secret there is nothing to seal, and JSON travels as it is. */
export function createJsonSealer(secret: string | undefined): SealJson | undefined {
  if (!secret) return undefined;
  let key: Promise<CryptoKey> | undefined;
  return async (jsonText) => {
    key ??= payloadKey(secret);
    return JSON.stringify({ payload: await sealPayload(await key, jsonText) });
  };
}

/** Writes a sealed body with the header that tells the client to open it. */
export function sendSealedJson(res: ServerResponse, status: number, sealedBody: string): void {
  res.statusCode = status;
  res.setHeader(payloadEncryptionHeader, payloadEncryptionScheme);
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(sealedBody));
  res.end(sealedBody);
}
