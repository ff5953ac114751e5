// The gateway's /metrics: its own (never a service's, never under /v1), its calls counted under their
// routing-table row, and who may read it.
import { labelValuesOf, sampleOf } from '@learning/testing/metrics';
import type { RunningGateway } from '../src/server.js';
import { serviceUrls, startStandIns, startTestGateway, type StandIn } from './fixture.js';

const metricsToken = 'the-gateway-metrics-token';

let standIns: Awaited<ReturnType<typeof startStandIns>>;
let gateway: RunningGateway;
beforeAll(async () => {
  standIns = await startStandIns();
  gateway = await startTestGateway(serviceUrls(standIns));
});
afterAll(async () => {
  await gateway?.close();
  await standIns?.close();
});

const callsSeen = () => (['auth', 'catalog', 'media', 'exam'] as const).reduce((sum, name) => sum + (standIns[name] as StandIn).seen.length, 0);

async function scrape(url = gateway.url, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/metrics`, { headers });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

it('answers its own Prometheus text, labelled gateway, and asks no service for it', async () => {
  const before = callsSeen();
  await scrape(); // counted once answered, so in the next
  const { status, type, text } = await scrape();
  expect(status).toBe(200);
  expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(text).toContain('# TYPE process_resident_memory_bytes gauge');
  expect(text).toContain('# TYPE http_request_duration_seconds histogram');
  expect(labelValuesOf(text, 'http_requests_total', 'service')).toEqual(['gateway']);
  expect(callsSeen()).toBe(before);
});

it('a call is counted under its routing-table row, never under its path with ids', async () => {
  await fetch(`${gateway.url}/v1/monsterplans/64f0c2d1/exam/questions/3`);
  await fetch(`${gateway.url}/v1/monsterplans/64f0c2d1`);
  await fetch(`${gateway.url}/healthz`);

  const { text } = await scrape();
  expect(sampleOf(text, 'http_requests_total', { route: '/v1/monsterplans/{id}/exam', method: 'GET', status_class: '2xx' })).toBe(1);
  expect(sampleOf(text, 'http_requests_total', { route: '/v1/monsterplans', method: 'GET', status_class: '2xx' })).toBe(1);
  expect(sampleOf(text, 'http_requests_total', { route: '/healthz' })).toBe(1);
  expect(text).not.toContain('64f0c2d1');
});

it('no /v1 path reaches a /metrics: the gateway has none under /v1, and a service\'s path keeps its /v1', async () => {
  const before = callsSeen();
  const v1 = await fetch(`${gateway.url}/v1/metrics`);
  expect(v1.status).toBe(404);
  expect(await v1.json()).toMatchObject({ code: 'not_found' });
  expect(callsSeen()).toBe(before);

  // Relayed as it is, to the auth service's /v1/auth/metrics, which no service answers with its metrics.
  expect(await (await fetch(`${gateway.url}/v1/auth/metrics`)).json()).toEqual({ service: 'auth', path: '/v1/auth/metrics' });
  const { text } = await scrape();
  expect(sampleOf(text, 'http_requests_total', { route: 'unmatched', status_class: '4xx' })).toBe(1);
});

describe('who may read the gateway\'s /metrics', () => {
  it('without METRICS_TOKEN, a caller on this machine, not one relayed by a proxy in front', async () => {
    expect((await scrape()).status).toBe(200);
    const relayed = await scrape(gateway.url, { 'x-forwarded-for': '203.0.113.7' });
    expect(relayed.status).toBe(403);
    expect(JSON.parse(relayed.text)).toMatchObject({ code: 'metrics_local_only' });
  });

  it('with METRICS_TOKEN, only a caller presenting it as a bearer token', async () => {
    const guarded = await startTestGateway({ ...serviceUrls(standIns), METRICS_TOKEN: metricsToken });
    try {
      const missing = await scrape(guarded.url);
      expect([missing.status, JSON.parse(missing.text).code]).toEqual([401, 'metrics_token_required']);
      expect((await scrape(guarded.url, { authorization: `Bearer ${metricsToken}x` })).status).toBe(401);
      expect((await scrape(guarded.url, { authorization: `Bearer ${metricsToken}`, 'x-forwarded-for': '203.0.113.7' })).status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
