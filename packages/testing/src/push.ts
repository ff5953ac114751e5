// A Web Push service stand-in, speaking the protocol a browser's push service speaks to a sender:
// a POST of one encrypted message to a subscription's endpoint (RFC 8030), signed with the sender's
// VAPID key (RFC 8292: `Authorization: vapid t=<ES256 JWT>, k=<public key>`) and encrypted for the
// subscription (RFC 8291, aes128gcm). It checks the signature and the JWT's audience and expiry,
// decrypts with the keys the test made for the subscription, and keeps what it received. An
// endpoint marked gone answers 410, as a push service does once the browser dropped it. Push
// services speak only HTTPS (web-push sends nothing else): the stand-in serves a certificate made
// for 127.0.0.1 at start, which `trustStandIn` makes the test process's HTTPS agent trust.
import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, globalAgent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The message as the device's browser would decrypt it. */
  payload: string;
  ttl: number;
  /** The VAPID JWT's claims and the key that verified it. */
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
}

export interface PushStandIn {
  url: string;
  /** The certificate it serves (PEM), which a sender must trust. */
  certificate: string;
  /** A new subscription, as a browser would make one: its endpoint here, and keys only this test holds. */
  subscribe(): PushSubscriptionJson;
  /** Every message received and verified, oldest first. */
  received: ReceivedPush[];
  /** Messages refused: a bad signature, audience or expiry, or a payload that does not decrypt. */
  refused: Array<{ endpoint: string; reason: string }>;
  /** From now on the endpoint answers 410 Gone. */
  markGone(endpoint: string): void;
  close(): Promise<void>;
}

interface Device {
  ecdh: ECDH;
  authSecret: Buffer;
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const devices = new Map<string, Device>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const refused: PushStandIn['refused'] = [];
  let url = '';

  const { key, cert } = selfSignedCertificate();
  const server = createServer({ key, cert }, (req, res) => {
    void answer(req, res).catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const endpoint = `${url}${req.url ?? ''}`;
    const body = await bodyOf(req);
    const device = devices.get(endpoint);
    if (req.method !== 'POST' || !device) return void res.writeHead(404).end();
    if (gone.has(endpoint)) return void res.writeHead(410).end();
    try {
      const vapid = verifiedVapid(req.headers.authorization, new URL(url).origin);
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
      const payload = decrypt(body, device).toString('utf8');
      received.push({ endpoint, payload, ttl: Number(req.headers.ttl), vapid });
      res.writeHead(201, { location: `${endpoint}/messages/${randomUUID()}` }).end();
    } catch (error) {
      refused.push({ endpoint, reason: (error as Error).message });
      res.writeHead(400).end((error as Error).message);
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    certificate: cert,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const endpoint = `${url}/push/${randomUUID()}`;
      devices.set(endpoint, { ecdh, authSecret });
      return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } };
    },
    markGone(endpoint) {
      gone.add(endpoint);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** RFC 8292: the JWT signed (ES256) by the key in `k`, for this push service's origin, not expired, at most a day ahead. */
function verifiedVapid(authorization: string | undefined, origin: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('the VAPID key is no P-256 public key');
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const isSigned = verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!isSigned) throw new Error('the VAPID signature does not verify');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('the VAPID JWT is not ES256');
  const { aud, sub, exp } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; sub: string; exp: number };
  const now = Date.now() / 1000;
  if (aud !== origin) throw new Error(`the VAPID audience ${aud} is not ${origin}`);
  if (!(exp > now && exp <= now + 24 * 60 * 60)) throw new Error(`the VAPID expiry ${exp} is not within a day`);
  if (!/^(mailto:|https:\/\/)/.test(sub)) throw new Error(`the VAPID subject ${sub} is no mailto: or https: address`);
  return { aud, sub, exp, publicKey: key };
}

/** RFC 8291 with RFC 8188's aes128gcm: one record, its padding delimiter 2. */
function decrypt(body: Buffer, { ecdh, authSecret }: Device): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record has no delimiter');
  return padded.subarray(0, end);
}

/** A key and a certificate for 127.0.0.1, made by openssl for the stand-in's lifetime. */
function selfSignedCertificate(): { key: string; cert: string } {
  const folder = mkdtempSync(join(tmpdir(), 'push-stand-in-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
      '-keyout', join(folder, 'key.pem'), '-out', join(folder, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { key: readFileSync(join(folder, 'key.pem'), 'utf8'), cert: readFileSync(join(folder, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Makes this process's default HTTPS agent (which web-push sends with) trust the stand-in's
 * certificate, in place of the usual authorities: a test reaches nothing else over HTTPS. Answers the undoing.
 */
export function trustStandIn(standIn: Pick<PushStandIn, 'certificate'>): () => void {
  const before = globalAgent.options.ca;
  globalAgent.options.ca = standIn.certificate;
  return () => {
    globalAgent.options.ca = before;
  };
}
