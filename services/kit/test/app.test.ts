import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { pino } from 'pino';
import request from 'supertest';
import { createServiceApp } from '../src/http/app.js';
import { badRequest, parseInput } from '../src/http/index.js';
import { createLogger } from '../src/observability/index.js';
import { ConfigError, loadConfig, serviceEnv } from '../src/service/index.js';

const logger = createLogger('test', 'silent');

describe('the service app', () => {
  const app = createServiceApp({
    logger,
    routes: (express) => {
      express.post('/echo', (req, res) => {
        res.json(parseInput(z.object({ email: z.email({ error: 'Имэйл хаяг буруу байна.' }), count: z.number() }), req.body));
      });
      express.get('/refused', () => {
        throw badRequest('Буруу.', 'refused');
      });
      express.get('/broken', async () => {
        throw new Error('secret internals at /srv/app.ts:42');
      });
      express.get('/lessons/:id', (req, res) => {
        res.json({ id: req.params.id });
      });
      express.post('/lessons', (req, res) => {
        res.json({ received: req.body });
      });
      express.get('/cut', async (_req, res) => {
        res.writeHead(200, { 'content-length': '100' });
        res.write('half');
        throw new Error('the disk went away');
      });
    },
  });

  it('answers a thrown HttpError with its status, message and code', async () => {
    await request(app).get('/refused').expect(400, { message: 'Буруу.', code: 'refused' });
  });

  it('answers an unknown error with 500 and a generic Mongolian message, never the stack', async () => {
    const response = await request(app).get('/broken').expect(500);
    expect(response.body).toEqual({ message: expect.stringMatching(/алдаа/), code: 'internal' });
    expect(response.text).not.toContain('secret internals');
  });

  it('cuts an answer that fails once begun, rather than end it short', async () => {
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/cut`);
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('answers malformed JSON with 400 in Mongolian', async () => {
    const response = await request(app).post('/echo').set('content-type', 'application/json').send('{"email":').expect(400);
    expect(response.body.code).toBe('malformed_json');
  });

  it('answers invalid input with the schema’s own Mongolian message, or names the field', async () => {
    const bad = await request(app).post('/echo').send({ email: 'nope', count: 1 }).expect(400);
    expect(bad.body).toEqual({ message: 'Имэйл хаяг буруу байна.', code: 'validation_failed' });
    const missing = await request(app).post('/echo').send({ email: 'a@b.mn' }).expect(400);
    expect(missing.body.message).toBe('«count» талбарын утга буруу байна.');
  });

  it('answers a path whose percent-encoding is not UTF-8 with 400, not 500', async () => {
    await request(app).get('/lessons/%E0%A4%A').expect(400, { message: 'Хүсэлтийн хаяг буруу кодчилогдсон байна.', code: 'malformed_path' });
  });

  it('answers OPTIONS with 405 JSON, not Express’s bare list of methods', async () => {
    await request(app).options('/lessons').expect(405, { message: 'Энэ хаяг ийм төрлийн хүсэлт хүлээж авдаггүй.', code: 'method_not_allowed' });
  });

  it('refuses a compressed JSON body with 415, whether or not it is really compressed', async () => {
    for (const body of [gzipSync('{"name":"a"}'), Buffer.from('{"name":"a"}')]) {
      const refused = await request(app).post('/lessons').set('content-type', 'application/json').set('content-encoding', 'gzip').send(body).expect(415);
      expect(refused.body.code).toBe('unsupported_encoding');
    }
  });

  it('refuses JSON nested deeper than any payload with 400, and takes the usual depth', async () => {
    for (const deep of ['['.repeat(50_000) + ']'.repeat(50_000), '{"a":'.repeat(33) + '1' + '}'.repeat(33)]) {
      await request(app).post('/lessons').set('content-type', 'application/json').send(deep).expect(400, { message: 'Хүсэлтийн JSON хэт олон давхар үүртэй байна.', code: 'json_too_deep' });
    }
    // Brackets inside strings are text, not nesting.
    const usual = { name: '[[[[{{{{'.repeat(10), videos: [{ id: 'a', answers: [[1]] }] };
    await request(app).post('/lessons').send(usual).expect(200, { received: usual });
  });

  it('answers an unknown path with 404 JSON', async () => {
    await request(app).get('/nowhere').expect(404, { message: 'Олдсонгүй.', code: 'not_found' });
  });

  it('carries the request id given by the gateway, or makes one', async () => {
    const given = await request(app).get('/healthz').set('x-request-id', 'abc-123').expect(200);
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await request(app).get('/healthz').expect(200);
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs one line for each answered call with its request id, and an unknown error with the same id', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logged = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const app = createServiceApp({
      logger: logged,
      routes: (express) =>
        express.get('/broken', () => {
          throw new Error('boom');
        }),
    });
    await request(app).get('/healthz').expect(200);
    await request(app).get('/broken').set('x-request-id', 'req-42').expect(500);
    await request(app).get('/nowhere?x=1').set('x-request-id', 'req-43').expect(404);
    expect(lines.map(({ msg, requestId, status, url }) => ({ msg, requestId, status, url }))).toEqual([
      { msg: 'unhandled error', requestId: 'req-42', status: undefined, url: undefined },
      { msg: 'request', requestId: 'req-42', status: 500, url: '/broken' },
      { msg: 'request', requestId: 'req-43', status: 404, url: '/nowhere?x=1' },
    ]);
    expect(lines[0]!.err).toMatchObject({ message: 'boom' });
  });

  it('reports readiness', async () => {
    await request(app).get('/readyz').expect(200, { status: 'ready' });
    const failing = createServiceApp({ logger, routes: () => {}, isReady: async () => false });
    await request(failing).get('/readyz').expect(503, { status: 'unavailable' });
  });
});

describe('configuration', () => {
  const schema = z.object({ ...serviceEnv, PORT: serviceEnv.PORT.default(4001) });

  it('applies defaults', () => {
    expect(loadConfig(schema, {})).toMatchObject({ PORT: 4001, DATA_DIR: '.data', LOG_LEVEL: 'info' });
  });

  it('names the bad variable in its message', () => {
    expect(() => loadConfig(schema, { PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig(schema, { DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig(schema, { AMQP_URL: 'not a url' })).toThrow(/AMQP_URL/);
  });
});
