// The gateway's access log: one line per call with its request id and the service that answered;
// front-end files only at debug level; health checks never.
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { tagAndLogRequests } from '../src/request-log.js';

function loggedApp(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const app = express();
  app.use(tagAndLogRequests(pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line)) })));
  app.get('/v1/lessons', (_req, res) => {
    res.locals.service = 'catalog';
    res.json([]);
  });
  app.get('/{*rest}', (_req, res) => {
    res.send('file');
  });
  return { app, lines };
}

it('logs each call with its request id, status and the service that answered, and echoes the id', async () => {
  const { app, lines } = loggedApp('info');
  const answer = await request(app).get('/v1/lessons?perPage=10').set('x-request-id', 'edge-1').expect(200);
  await request(app).get('/main.3f2a9c1b.js').expect(200);
  await request(app).get('/healthz').expect(200);
  expect(answer.headers['x-request-id']).toBe('edge-1');
  expect(lines).toEqual([expect.objectContaining({ level: 30, msg: 'request', requestId: 'edge-1', method: 'GET', url: '/v1/lessons?perPage=10', status: 200, service: 'catalog', ms: expect.any(Number) })]);
});

it('logs front-end files at debug level only', async () => {
  const { app, lines } = loggedApp('debug');
  await request(app).get('/main.3f2a9c1b.js').expect(200);
  expect(lines).toEqual([expect.objectContaining({ level: 20, url: '/main.3f2a9c1b.js', status: 200 })]);
});
