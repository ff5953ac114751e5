// A running service's /metrics: Prometheus text with the runtime's metrics, its requests counted per
// route pattern, what its outbox has not relayed, its dead letters and its events' lag; and who may ask.
import { randomUUID } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { Router } from 'express';
import { labelValuesOf, sampleOf } from '@learning/testing/metrics';
import { kitTables, type AnyDb } from '../src/data/index.js';
import { MalformedEvent } from '../src/events/bus.js';
import { createInProcessBus, recordEvent, subscribe, type Bus } from '../src/events/index.js';
import { runService, type RunningService } from '../src/service/index.js';
import type { ServiceConfig } from '../src/service/run-service.js';
import { eventually } from '@learning/testing';
import { envelope, logger } from './bus-fixtures.js';

const metricsToken = 'a-metrics-token-of-some-length';

// An embedded database in memory, as in service.test.ts: the queries are the same on PostgreSQL.
const baseConfig: ServiceConfig = {
  PORT: 0,
  HOST: '127.0.0.1',
  DATA_DIR: '/nonexistent',
  AUTH_URL: 'http://127.0.0.1:9',
  TOKEN_ISSUER: 'kit-test',
  TOKEN_AUDIENCE: 'kit-test',
};

/** The broker is away for the outbox relay (its events stay unrelayed); the consumer still gets what the test publishes. */
const inProcess = createInProcessBus({ logger });
const brokerAway: Bus = {
  ...inProcess,
  publish: async () => {
    throw new Error('the broker is away');
  },
};

function startProbe(config: Partial<ServiceConfig> = {}, host = '127.0.0.1'): Promise<RunningService<unknown>> {
  return runService(
    {
      name: 'metrics_probe',
      migrations: {},
      subscriptions: () => [
        subscribe('user.registered', async (event) => {
          if (event.data.name === 'Муу') throw new MalformedEvent('this learner can never be registered');
        }),
      ],
      routes: (app) => {
        const router = Router();
        router.get('/v1/lessons/:id', (req, res) => {
          res.json({ _id: req.params.id });
        });
        app.use(router);
      },
    },
    { ...baseConfig, HOST: host, ...config },
    { bus: brokerAway, logger, dataDir: null },
  );
}

let service: RunningService<unknown>;
beforeAll(async () => {
  service = await startProbe();
});

afterAll(async () => {
  await service?.close();
  await inProcess.close();
});

async function scrape(url = service.url, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/metrics`, { headers });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

it('answers Prometheus text with the runtime, request, outbox and event metrics, each labelled with the service', async () => {
  const { status, type, text } = await scrape();
  expect(status).toBe(200);
  expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
  for (const name of [
    'process_resident_memory_bytes',
    'nodejs_eventloop_lag_seconds',
    'http_requests_total',
    'http_request_duration_seconds',
    'outbox_backlog_events',
    'outbox_oldest_unrelayed_age_seconds',
    'event_dead_letters',
    'event_lag_seconds',
  ]) {
    expect(text).toContain(`# TYPE ${name} `);
  }
  expect(sampleOf(text, 'outbox_backlog_events', { service: 'metrics_probe' })).toBeDefined();
});

it("a request increments its route's counter under the route pattern, never the path with its id", async () => {
  const lessonId = randomUUID();
  const before = sampleOf((await scrape()).text, 'http_requests_total', { route: '/v1/lessons/:id', method: 'GET', status_class: '2xx' }) ?? 0;
  expect((await fetch(`${service.url}/v1/lessons/${lessonId}`)).status).toBe(200);
  await fetch(`${service.url}/v1/nothing-here/${lessonId}`);

  const { text } = await scrape();
  expect(sampleOf(text, 'http_requests_total', { service: 'metrics_probe', route: '/v1/lessons/:id', method: 'GET', status_class: '2xx' })).toBe(before + 1);
  expect(sampleOf(text, 'http_request_duration_seconds_count', { route: '/v1/lessons/:id', method: 'GET', status_class: '2xx' })).toBe(before + 1);
  expect(sampleOf(text, 'http_requests_total', { route: 'unmatched', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
  expect(text).not.toContain(lessonId);
});

it('the outbox backlog counts the events not yet relayed, and the oldest one\'s age', async () => {
  await service.context.transaction((trx) => recordEvent(trx, 'user.registered', { userId: randomUUID(), email: 'bat@example.mn', name: 'Бат' }));
  await kitTables(service.context.db as AnyDb)
    .insertInto('outbox')
    .values({
      id: randomUUID(),
      type: 'user.registered',
      version: 1,
      occurred_at: new Date(Date.now() - 3600_000),
      producer: 'metrics_probe',
      data: JSON.stringify({ userId: randomUUID(), email: 'dorj@example.mn', name: 'Дорж' }),
    })
    .execute();

  const { text } = await scrape();
  expect(sampleOf(text, 'outbox_backlog_events')).toBe(2);
  expect(sampleOf(text, 'outbox_oldest_unrelayed_age_seconds')).toBeGreaterThanOrEqual(3600);
});

it("counts the consumer's dead letters, and the lag of the events it handled by type", async () => {
  const twoSecondsAgo = new Date(Date.now() - 2000).toISOString();
  await inProcess.publish({ ...envelope('user.registered', { userId: randomUUID(), email: 'bold@example.mn', name: 'Болд' }), occurredAt: twoSecondsAgo });
  await inProcess.publish(envelope('user.registered', { userId: randomUUID(), email: 'muu@example.mn', name: 'Муу' }));

  await eventually(async () => sampleOf((await scrape()).text, 'event_dead_letters', { consumer: 'metrics_probe' }) === 1, 'the refused event is counted');
  const { text } = await scrape();
  expect(sampleOf(text, 'event_lag_seconds_count', { consumer: 'metrics_probe', type: 'user.registered' })).toBe(1);
  expect(sampleOf(text, 'event_lag_seconds_sum', { consumer: 'metrics_probe', type: 'user.registered' })).toBeGreaterThanOrEqual(2);
  expect(labelValuesOf(text, 'event_lag_seconds_count', 'consumer')).toEqual(['metrics_probe']);
});

describe('who may read /metrics', () => {
  it('without METRICS_TOKEN, a caller on this machine, but not one a proxy relays', async () => {
    expect((await scrape()).status).toBe(200);
    const relayed = await scrape(service.url, { 'x-forwarded-for': '203.0.113.7' });
    expect(relayed.status).toBe(403);
    expect(JSON.parse(relayed.text)).toEqual({ code: 'metrics_local_only', message: expect.stringMatching(/[А-Яа-яӨөҮү]/) });
    expect((await scrape(service.url, { forwarded: 'for=203.0.113.7' })).status).toBe(403);
  });

  const outside = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && !address.internal && address.family === 'IPv4');
  (outside ? it : it.skip)('without METRICS_TOKEN, not a caller from another address', async () => {
    const open = await startProbe({}, '0.0.0.0');
    try {
      const { port } = new URL(open.url);
      expect((await scrape(`http://${outside!.address}:${port}`)).status).toBe(403);
    } finally {
      await open.close();
    }
  });

  it('with METRICS_TOKEN, only a caller presenting it, on this machine too', async () => {
    const guarded = await startProbe({ METRICS_TOKEN: metricsToken });
    try {
      const missing = await scrape(guarded.url);
      expect(missing.status).toBe(401);
      expect(JSON.parse(missing.text).code).toBe('metrics_token_required');
      expect((await scrape(guarded.url, { authorization: 'Bearer not-the-token' })).status).toBe(401);
      const allowed = await scrape(guarded.url, { authorization: `Bearer ${metricsToken}` });
      expect(allowed.status).toBe(200);
      expect(allowed.text).toContain('# TYPE http_requests_total counter');
    } finally {
      await guarded.close();
    }
  });
});
