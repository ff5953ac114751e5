// The payload encryption of the wire contract (DESIGN.md): a JSON text sealed with AES-256-GCM under
// SHA-256(secret), written as "v1." + base64url(iv) + "." + base64url(ciphertext || tag).
// WebCrypto only, so the browser and the services share this one implementation.
// It obscures payloads from casual inspection; TLS is what protects them.

export const payloadEncryptionHeader = 'x-payload-encryption';
export const payloadEncryptionScheme = 'aes-256-gcm';
const prefix = 'v1.';

export class PayloadTokenError extends Error {
  override name = 'PayloadTokenError';
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export async function payloadKey(secret: string): Promise<CryptoKey> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(secret));
  return crypto.subtle.importKey('raw', digest, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export async function sealPayload(key: CryptoKey, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, encoder.encode(plaintext));
  return `${prefix}${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

export async function openPayload(key: CryptoKey, token: string): Promise<string> {
  const parts = token.startsWith(prefix) ? token.slice(prefix.length).split('.') : [];
  const [iv, sealed] = parts.map(fromBase64Url);
  if (parts.length !== 2 || !iv || !sealed || iv.length !== 12 || sealed.length < 16) {
    throw new PayloadTokenError('Malformed payload token');
  }
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, sealed);
    return decoder.decode(plain);
  } catch {
    throw new PayloadTokenError('Payload token does not open with this key');
  }
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  // A length of 4n + 1 is no base64 at all, and atob throws on it.
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
