import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createLogger, createServiceApp, forbidden, pathOf, withLane, type Lane } from '../src/index.js';

const logger = createLogger('test', 'silent');

describe('a lane before Express', () => {
  const app = createServiceApp({
    logger,
    routes: (express) => {
      express.get('/v1/routed', (_req, res) => {
        res.json({ by: 'express' });
      });
    },
  });
  const lane: Lane = {
    takes: (req) => req.method === 'GET' && pathOf(req.url).startsWith('/v1/lane/'),
    async answer(req, res) {
      switch (pathOf(req.url)) {
        case '/v1/lane/ok':
          res.setHeader('content-type', 'text/plain');
          res.end('by the lane');
          return;
        case '/v1/lane/refused':
          throw forbidden('Холбоос хүчингүй байна.', 'media_url_invalid');
        case '/v1/lane/cut':
          res.writeHead(200, { 'content-length': '100' });
          res.write('half');
          throw new Error('the disk went away');
        default:
          throw new Error('secret internals at /srv/media.ts:7');
      }
    },
  };
  const server = createServer(withLane(app, lane, logger));

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers its own requests, with the request id the gateway gave', async () => {
    const response = await request(server).get('/v1/lane/ok').set('x-request-id', 'trace-7').expect(200, 'by the lane');
    expect(response.headers['x-request-id']).toBe('trace-7');
  });

  it('leaves every other request to Express', async () => {
    await request(server).get('/v1/routed').expect(200, { by: 'express' });
    await request(server).post('/v1/lane/ok').expect(404);
  });

  it('answers a thrown HttpError as Express would: its status, message and code', async () => {
    await request(server).get('/v1/lane/refused').expect(403, { message: 'Холбоос хүчингүй байна.', code: 'media_url_invalid' });
  });

  it('answers an unknown error with 500 and the generic message, never its details', async () => {
    const response = await request(server).get('/v1/lane/broken').expect(500);
    expect(response.body).toEqual({ message: expect.stringMatching(/алдаа/), code: 'internal' });
    expect(response.text).not.toContain('secret internals');
  });

  it('cuts an answer that fails once begun, rather than end it short', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/v1/lane/cut`);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });
});
