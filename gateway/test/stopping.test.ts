// The gateway stopping (SIGTERM): a call it is relaying finishes and its connection closes after the
// answer, new connections are refused, and /readyz answers 503 meanwhile.
import { request, type IncomingMessage } from 'node:http';
import supertest from 'supertest';
import { createGateway } from '../src/app.js';
import { serviceUrls, silentLogger, startStandIns, startTestGateway } from './fixture.js';

type StandIns = Awaited<ReturnType<typeof startStandIns>>;
let standIns: StandIns;
let release: (() => void) | undefined;

beforeAll(async () => {
  standIns = await startStandIns({
    catalog: (app) => {
      app.get('/v1/monsterplans', async (_req, res) => {
        await new Promise<void>((resolve) => (release = resolve));
        res.json([]);
      });
    },
  });
});
afterAll(() => standIns.close());

it('finishes a call it is relaying, closing the connection after the answer, and refuses new connections', async () => {
  const gateway = await startTestGateway(serviceUrls(standIns));
  const answer = new Promise<IncomingMessage>((resolve, reject) => {
    request(new URL('/v1/monsterplans', gateway.url), { agent: false }, (response) => {
      response.resume();
      resolve(response);
    })
      .once('error', reject)
      .end();
  });
  while (!release) await new Promise((resolve) => setTimeout(resolve, 10));

  const stopped = gateway.close(Date.now() + 5000);
  await expect(fetch(`${gateway.url}/healthz`)).rejects.toThrow();
  release();
  const response = await answer;
  expect([response.statusCode, response.headers.connection]).toEqual([200, 'close']);
  await stopped;
});

it('answers /readyz with 503 while stopping, whatever the services say', async () => {
  const options = { services: { auth: standIns.auth.url, catalog: standIns.catalog.url, media: standIns.media.url, exam: standIns.exam.url }, rateLimit: { windowMs: 60_000, limit: 100, qpayCallbacks: 100 }, logger: silentLogger };
  await supertest(createGateway({ ...options, isStopping: () => false })).get('/readyz').expect(200);
  await supertest(createGateway({ ...options, isStopping: () => true })).get('/readyz').expect(503, { status: 'unavailable' });
});
