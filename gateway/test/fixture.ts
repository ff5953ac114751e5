// What the gateway tests share: tiny real services on loopback ports, a gateway in front of them,
// and a client that opens sealed payloads on its own (node:crypto, not the contracts helper), so a
// mistake in the shared token code cannot hide behind itself.
import { createDecipheriv, createHash } from 'node:crypto';
import { createServer as createHttpServer, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { createLogger } from '@learning/kit/observability';
import type { GatewayConfig } from '../src/config.js';
import type { ServiceName } from '../src/routing.js';
import { startGateway, type RunningGateway } from '../src/server.js';

export { closedPortUrl } from '@learning/testing';

export const testSecret = 'gateway-test-secret';
export const silentLogger = createLogger('gateway-test', 'silent');

export interface StandIn {
  name: string;
  url: string;
  /** Headers of every request the service received, latest last. */
  seen: IncomingHttpHeaders[];
  close(): Promise<void>;
}

/**
 * A stand-in for one service: answers /readyz, runs the given routes, and answers anything else with
 * `{service, path}` so a test can tell who received a call.
 */
export async function startStandIn(name: string, routes: (app: Express) => void = () => {}): Promise<StandIn> {
  const seen: IncomingHttpHeaders[] = [];
  const app = express();
  app.use((req, _res, next) => {
    seen.push(req.headers);
    next();
  });
  app.get('/readyz', (_req, res) => {
    res.json({ status: 'ready' });
  });
  routes(app);
  app.use((req, res) => {
    res.json({ service: name, path: req.originalUrl });
  });
  const server = await listen(app);
  return { name, url: urlOf(server), seen, close: () => closeServer(server) };
}

export async function startStandIns(
  routes: Partial<Record<ServiceName, (app: Express) => void>> = {},
): Promise<Record<ServiceName, StandIn> & { close(): Promise<void> }> {
  const [auth, catalog, media, exam] = await Promise.all(
    (['auth', 'catalog', 'media', 'exam'] as const).map((name) => startStandIn(name, routes[name])),
  );
  const standIns = { auth: auth!, catalog: catalog!, media: media!, exam: exam! };
  return { ...standIns, close: async () => void (await Promise.all(Object.values(standIns).map((standIn) => standIn.close()))) };
}

export function serviceUrls(standIns: Record<ServiceName, { url: string }>): Pick<GatewayConfig, 'AUTH_URL' | 'CATALOG_URL' | 'MEDIA_URL' | 'EXAM_URL'> {
  return { AUTH_URL: standIns.auth.url, CATALOG_URL: standIns.catalog.url, MEDIA_URL: standIns.media.url, EXAM_URL: standIns.exam.url };
}

export function startTestGateway(
  config: Partial<GatewayConfig> & Pick<GatewayConfig, 'AUTH_URL' | 'CATALOG_URL' | 'MEDIA_URL' | 'EXAM_URL'>,
  options: Parameters<typeof startGateway>[2] = {},
): Promise<RunningGateway> {
  return startGateway(
    {
      PORT: 0,
      HOST: '127.0.0.1',
      RATE_LIMIT_WINDOW_MS: 60_000,
      RATE_LIMIT_AUTH: 10_000,
      RATE_LIMIT_QPAY_CALLBACK: 10_000,
      STATIC_DIR: '/nonexistent/gateway-test-static',
      ...config,
    },
    silentLogger,
    options,
  );
}

/** Opens `v1.<iv>.<ciphertext||tag>` with key = SHA-256(secret), as any client of the wire contract may. */
export function openToken(secret: string, token: string): string {
  const [version, iv, sealed] = token.split('.');
  if (version !== 'v1' || !iv || !sealed) throw new Error(`not a v1 token: ${token}`);
  const key = createHash('sha256').update(secret, 'utf8').digest();
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
}

/** The JSON text inside a sealed answer; fails when the answer is not sealed. */
export async function openAnswer(response: Response, secret = testSecret): Promise<string> {
  expect(response.headers.get('x-payload-encryption')).toBe('aes-256-gcm');
  const body = (await response.json()) as { payload: string };
  expect(Object.keys(body)).toEqual(['payload']);
  return openToken(secret, body.payload);
}

export function listen(app: RequestListener): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createHttpServer(app);
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

export function urlOf(server: Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export function closeServer(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  return closed;
}
