// A server stopping gracefully (stoppable): it takes no new connection, a request under way finishes
// and its connection closes after the answer, an idle kept-alive connection is left to its caller for
// a moment and then closed, and a request still under way at the deadline is cut, its handler waited
// for while it unwinds.
import { Agent, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import supertest from 'supertest';
import { createServiceApp } from '../src/http/app.js';
import { listen } from '../src/http/index.js';
import { createLogger } from '../src/observability/index.js';
import type { StoppableServer } from '../src/service/graceful-stop.js';
import { idleConnectionsLeftMs, stoppable } from '../src/service/index.js';

const logger = createLogger('test', 'silent');

let app: Express;
let server: Server;
let serving: StoppableServer;
let url: string;
/** Each request to /v1/slow waits for its own release. */
let releases: Array<() => void>;
let unwound: string[];
/** Uploads whose handler has begun. */
let uploadsTaken: number;

beforeEach(async () => {
  releases = [];
  unwound = [];
  uploadsTaken = 0;
  app = createServiceApp({
    logger,
    isReady: async () => !serving.isStopping(),
    routes: (app) => {
      app.get('/v1/slow', async (_req, res) => {
        await new Promise<void>((resolve) => releases.push(resolve));
        res.json({ finished: true });
      });
      // Like an upload's spool file: what a cut request leaves is removed before its handler ends.
      app.post('/v1/upload', (req, res) => {
        uploadsTaken += 1;
        req.on('data', () => undefined);
        req.once('close', () => {
          setTimeout(() => {
            unwound.push('spool file removed');
            res.status(400).json({ code: 'cut' });
          }, 200);
        });
      });
      app.get('/v1/quick', (_req, res) => {
        res.json({ quick: true });
      });
    },
  });
  server = await listen(app, { port: 0, host: '127.0.0.1' });
  serving = stoppable(server, logger);
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await serving.stop();
});

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

function get(path: string, agent: Agent | false = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(new URL(path, url), { agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.once('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    })
      .once('error', reject)
      .end();
  });
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}

it('lets a request under way finish, closing its connection after the answer, and takes no new connection meanwhile', async () => {
  const answer = get('/v1/slow');
  await until(() => releases.length === 1);
  const stopped = serving.stop(Date.now() + 5000);
  expect(serving.isStopping()).toBe(true);

  await expect(get('/v1/quick')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  releases[0]!();
  expect(await answer).toMatchObject({ status: 200, headers: { connection: 'close' }, body: '{"finished":true}' });
  await stopped;
});

it('answers a request its caller sends on a kept-alive connection idle at the stop, closing the connection after the answer', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  expect((await get('/v1/quick', agent)).headers.connection).toBe('keep-alive');
  const kept = Object.values(agent.freeSockets).flat()[0]!;
  const stopped = serving.stop(Date.now() + 60_000);

  expect(await get('/v1/quick', agent)).toMatchObject({ status: 200, headers: { connection: 'close' }, body: '{"quick":true}' });
  await until(() => kept.destroyed);
  await stopped;
  agent.destroy();
});

it('closes a connection left idle once the moment has passed', async () => {
  const agent = new Agent({ keepAlive: true });
  await get('/v1/quick', agent);
  const socket = Object.values(agent.freeSockets).flat()[0]!;
  const started = Date.now();
  let closedAfterMs: number | undefined;
  socket.once('close', () => (closedAfterMs = Date.now() - started));
  await serving.stop(Date.now() + 60_000);
  await until(() => closedAfterMs !== undefined);
  expect(closedAfterMs).toBeGreaterThanOrEqual(idleConnectionsLeftMs - 100);
  agent.destroy();
});

it('cuts a request still under way at the deadline, and ends only once its handler has unwound', async () => {
  const upload = request(new URL('/v1/upload', url), { method: 'POST', agent: false, headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '100000' } });
  const cut = new Promise<string>((resolve) => {
    upload.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    upload.once('response', (response) => resolve(String(response.statusCode)));
  });
  upload.write('--x\r\n');
  // Under way: its handler runs (a request not yet read would be dropped with its connection).
  await until(() => uploadsTaken === 1);

  const started = Date.now();
  await serving.stop(Date.now() + 300);
  expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  expect(unwound).toEqual(['spool file removed']);
  expect(await cut).toBe('ECONNRESET');
});

it('answers /readyz with 503 once stopping, so that a load balancer sends elsewhere', async () => {
  expect((await get('/readyz')).status).toBe(200);
  const answer = get('/v1/slow');
  await until(() => releases.length === 1);
  const stopped = serving.stop(Date.now() + 5000);
  // Asked of the app itself: the stopping server takes no new connection to ask it through.
  await supertest(app).get('/readyz').expect(503, { status: 'unavailable' });
  releases[0]!();
  await answer;
  await stopped;
});
