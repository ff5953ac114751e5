// GET /v1/auth/me under load, through the gateway and straight at the auth service, in one run.
// Goal: the gateway keeps at least 70 % of the direct throughput.
// The auth service and the gateway run as their own processes (the distributed mode), so the
// load generator here and each server have an event loop of their own, as in production.
// Uses DATABASE_URL when set (in a schema of its own, dropped afterwards), else a fresh PGlite.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPayload, payloadKey } from '@learning/contracts';
import { dropSchemas, uniqueSuffix } from '@learning/testing';
import { hasH2load, load } from '../load.js';
import { startProcess as start, stopProcess as stop, whenReady as ready } from '../processes.js';

if (!hasH2load()) {
  console.error('bench/gateway loads the servers with h2load: apt-get install -y nghttp2-client.');
  process.exit(1);
}

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const secret = 'bench-payload-secret';
const schemaPrefix = `bench${uniqueSuffix()}`;
const authUrl = 'http://127.0.0.1:4101';
const gatewayUrl = 'http://127.0.0.1:8180';

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-gateway-'));
const common = { LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_SCHEMA: `${schemaPrefix}_auth` };
const children = [
  start('services/auth/src/main.ts', { ...common, PORT: '4101' }),
  start('gateway/src/main.ts', { ...common, PORT: '8180', AUTH_URL: authUrl, PAYLOAD_SECRET: secret, RATE_LIMIT_AUTH: '1000' }),
];

try {
  // The gateway's /readyz waits for every service; only auth runs here, so its liveness is enough.
  await Promise.all([ready(`${authUrl}/readyz`), ready(`${gatewayUrl}/healthz`)]);
  const token = await learnerToken();
  const me = (url: string) => load({ urls: [`${url}/v1/auth/me`], headers: { authorization: `Bearer ${token}` }, connections, seconds });
  const direct = await me(authUrl);
  const gateway = await me(gatewayUrl);
  console.log(`GET /v1/auth/me, ${connections} connections, ${seconds} s each, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  console.log(`direct   ${direct.requestsPerSecond.toFixed(0)} req/s  p99 ${direct.p99.toFixed(1)} ms`);
  console.log(`gateway  ${gateway.requestsPerSecond.toFixed(0)} req/s  p99 ${gateway.p99.toFixed(1)} ms  (payloads encrypted)`);
  console.log(`gateway / direct throughput: ${((gateway.requestsPerSecond / direct.requestsPerSecond) * 100).toFixed(1)} % (goal ≥ 70 %)`);
} finally {
  await Promise.all(children.map(stop));
  await rm(dataDir, { recursive: true, force: true });
  if (process.env.DATABASE_URL) await dropSchemas(process.env.DATABASE_URL, schemaPrefix);
}

async function learnerToken(): Promise<string> {
  const key = await payloadKey(secret);
  const call = async (path: string, body: object) => {
    const response = await fetch(gatewayUrl + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const { payload } = (await response.json()) as { payload: string };
    return JSON.parse(await openPayload(key, payload));
  };
  const email = `bench-${uniqueSuffix()}@test.mn`;
  const password = 'bench-password-1';
  await call('/v1/auth/register', { email, name: 'Бенчмарк', password, repeatPassword: password });
  return (await call('/v1/auth/login', { email, password })).token;
}
