import { request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServiceApp } from '../src/http/app.js';
import { listen } from '../src/http/index.js';
import { createLogger } from '../src/observability/index.js';
import { exchangeRaw, RawConnection } from '@learning/testing/raw-http';

const logger = createLogger('test', 'silent');
/** Short, so a stalled client is cut within the test; the real limit is 30 s. */
const clientTimeoutMs = 400;

let server: Server;
let url: string;

beforeAll(async () => {
  const app = createServiceApp({
    logger,
    routes: (app) => {
      app.post('/v1/echo', (req, res) => {
        res.json({ received: req.body });
      });
      // An upload route: reads the body as it comes and answers its size.
      app.post('/v1/upload', (req, res) => {
        let size = 0;
        req.on('data', (chunk: Buffer) => (size += chunk.length));
        req.on('end', () => res.json({ size }));
      });
      app.get('/v1/lessons/:id', (req, res) => {
        res.json({ id: req.params.id });
      });
    },
  });
  server = await listen(app, { port: 0, host: '127.0.0.1', clientTimeoutMs });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
});

/** Starts a POST whose body the test writes (or does not) itself; resolves with the answer. */
function startPost(path: string, headers: Record<string, string>) {
  const { port } = server.address() as AddressInfo;
  const request = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers });
  request.on('error', () => {});
  const answer = new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>((resolve, reject) => {
    request.once('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      response.on('error', reject);
    });
  });
  return { request, answer };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cyrillic = /[\u0400-\u04FF]/;

describe('a client that stalls', () => {
  it('is cut off with a 408 in Mongolian when its JSON body stops coming, and the connection is closed', async () => {
    const { request, answer } = startPost('/v1/echo', { 'content-type': 'application/json', 'content-length': '100' });
    request.write('{"name":');
    const { status, headers, body } = await answer;
    expect(status).toBe(408);
    expect(headers.connection).toBe('close');
    expect(JSON.parse(body)).toEqual({ message: expect.stringMatching(cyrillic), code: 'request_timeout' });
    request.destroy();
  });

  it('keeps an upload that keeps moving for longer than the limit, and cuts one that stops', async () => {
    const moving = startPost('/v1/upload', { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '12' });
    // Twelve bytes over three times the limit, none of the pauses as long as it.
    for (let byte = 0; byte < 12; byte++) {
      moving.request.write('a');
      await wait(clientTimeoutMs / 4);
    }
    moving.request.end();
    expect(await moving.answer).toMatchObject({ status: 200, body: '{"size":12}' });

    const stalled = startPost('/v1/upload', { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '12' });
    stalled.request.write('abc');
    expect(await stalled.answer).toMatchObject({ status: 408, headers: { connection: 'close' } });
    stalled.request.destroy();
  });

  it('is answered a JSON 408 when its headers never finish', async () => {
    const answer = await exchangeRaw(url, 'GET /v1/lessons/1 HTTP/1.1\r\nHost: x\r\nX-Half: ', { untilClosed: true });
    expect(answer).toMatchObject({ status: 408, closed: true });
    expect(JSON.parse(answer.body)).toEqual({ message: expect.stringMatching(cyrillic), code: 'request_timeout' });
  });
});

describe('what Node refuses before there is a request', () => {
  it('is answered JSON in Mongolian, not a bare status line: headers or URL too long', async () => {
    const tooLong: Array<{ path: string; headers: Record<string, string> }> = [
      { path: '/v1/lessons/1', headers: { 'x-long': 'a'.repeat(20_000) } },
      { path: `/v1/lessons/${'a'.repeat(20_000)}`, headers: {} },
    ];
    for (const { path, headers } of tooLong) {
      const response = await fetch(url + path, { headers });
      expect(response.status).toBe(431);
      expect(response.headers.get('connection')).toBe('close');
      expect(await response.json()).toEqual({ message: expect.stringMatching(cyrillic), code: 'headers_too_large' });
    }
  });

  it('is answered JSON in Mongolian: a request that is not HTTP', async () => {
    const answer = await exchangeRaw(url, 'HELLO THERE\r\n\r\n', { untilClosed: true });
    expect(answer).toMatchObject({ status: 400, closed: true, headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(JSON.parse(answer.body)).toEqual({ message: expect.stringMatching(cyrillic), code: 'malformed_request' });
  });
});

describe('a body announced larger than the limit', () => {
  it('gets 413 at once, before any of it is sent; once it has come, the connection takes the next request', async () => {
    const connection = new RawConnection(url);
    try {
      connection.write('POST /v1/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500000\r\n\r\n');
      // Were the body read in full first, it would never come: the client would be cut off with a 408.
      const refused = await connection.answer();
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toEqual({ message: expect.stringMatching(cyrillic), code: 'payload_too_large' });

      connection.write(Buffer.alloc(500_000, 'a'));
      connection.write('GET /v1/lessons/next HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(await connection.answer()).toMatchObject({ status: 200, body: '{"id":"next"}' });
    } finally {
      connection.close();
    }
  });

  it('is cut off once answered if the rest never comes, so the connection is not held for ever', async () => {
    const answer = await exchangeRaw(url, 'POST /v1/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500000\r\n\r\n', { untilClosed: true });
    expect(answer).toMatchObject({ status: 413, closed: true });
  });
});

it('keeps an idle connection 65 s and says so, longer than the gateway and nginx keep one before reusing it', async () => {
  const answer = await fetch(`${url}/v1/lessons/1`);
  await answer.arrayBuffer();
  expect(answer.headers.get('keep-alive')).toBe('timeout=65');
});
