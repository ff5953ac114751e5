import { createHash, randomBytes } from 'node:crypto';
import { Agent, request, type ClientRequestArgs, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createGateway } from '../src/app.js';
import type { RunningGateway } from '../src/server.js';
import { idleConnectionMs, ServiceAgent } from '../src/service-agent.js';
import { keepAliveTimeoutMs, listen as listenLikeAService } from '@learning/kit/http';
import { idleConnectionsLeftMs } from '@learning/kit/service';
import { eventually } from '@learning/testing';
import {
  closeServer,
  closedPortUrl,
  listen,
  silentLogger,
  urlOf,
  openAnswer,
  openToken,
  serviceUrls,
  startStandIns,
  startTestGateway,
  testSecret,
} from './fixture.js';

// The upstream's exact JSON text, Mongolian included, so decryption can be compared byte for byte.
const plansText = '{"result":[{"_id":"p1","name":"Монстр төлөвлөгөө 1","price":"49000","isActive":true}],"total":1}';
const refusalText = '{"message":"Хүсэлт буруу байна.","code":"bad_request"}';
const video = randomBytes(3 * 1024 * 1024 + 17);

let videoDir: string;
let standIns: Awaited<ReturnType<typeof startStandIns>>;
let sealed: RunningGateway;
let plain: RunningGateway;
let releaseStream: () => void = () => {};
/** Settles once the service's answer to the last /v1/media/live closes: whether it was sent whole. */
let liveClosed: Promise<'whole' | 'cut'>;
/** Settles with whether the service received the whole of the last upload to /v1/files/lesson-videos. */
let uploadEnded: Promise<'complete' | 'cut'>;
/** Uploads to /v1/files/lesson-videos the service has begun to take. */
let uploadsArrived = 0;

beforeAll(async () => {
  videoDir = await mkdtemp(join(tmpdir(), 'gateway-video-'));
  await writeFile(join(videoDir, 'day-1.mp4'), video);
  standIns = await startStandIns({
    catalog: (app) => {
      app.get('/v1/monsterplans', (_req, res) => {
        res.type('json').send(plansText);
      });
      app.get('/v1/lessons/compressed', (_req, res) => {
        res.set({ 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'gzip', etag: 'W/"abc"' });
        res.send(gzipSync(Buffer.from(plansText)));
      });
      app.post('/v1/lesson-requests', (_req, res) => {
        res.status(400).type('json').send(refusalText);
      });
      app.get('/v1/lessons/cut', (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"result":[{"_id":"p1",');
        setTimeout(() => res.socket?.destroy(), 50);
      });
      app.get('/v1/lessons/slow', (_req, res) => {
        setTimeout(() => res.json({ slow: true }), 1500);
      });
      // As the services' kit does: a body announced over the limit is refused before it is read.
      app.post('/v1/lessons', (_req, res) => {
        res.status(413).json({ message: 'Хүсэлт хэтэрхий том байна.', code: 'payload_too_large' });
      });
    },
    media: (app) => {
      app.get('/v1/media/videos/:name', (req, res) => {
        res.sendFile(join(videoDir, req.params.name), { headers: { 'content-type': 'video/mp4' } });
      });
      // Writes the first bytes and finishes only once the client has seen them: a gateway that
      // buffered whole answers would wait for ever here.
      app.get('/v1/media/live', (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.write(Buffer.from('first-chunk;'));
        releaseStream = () => res.end(Buffer.from('last-chunk'));
        liveClosed = new Promise((resolve) => res.once('close', () => resolve(res.writableFinished ? 'whole' : 'cut')));
      });
      app.get('/v1/media/cut', (_req, res) => {
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(video.length) });
        res.write(video.subarray(0, 64 * 1024));
        setTimeout(() => res.socket?.destroy(), 50);
      });
      app.get('/v1/documents/moved', (_req, res) => {
        res.redirect(302, '/v1/documents/brochure-1.pdf');
      });
      app.post('/v1/files/lesson-videos', (req, res) => {
        uploadEnded = new Promise((resolve) => req.once('close', () => resolve(req.complete ? 'complete' : 'cut')));
        uploadsArrived += 1;
        req.resume();
        req.once('end', () => res.status(201).json({ ok: true }));
      });
      app.post('/v1/files/monsterplan-videos', async (req, res) => {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const body = Buffer.concat(chunks);
        res.status(201).json({ bytes: body.length, sha256: createHash('sha256').update(body).digest('hex'), type: req.headers['content-type'] });
      });
    },
  });
  [sealed, plain] = await Promise.all([
    startTestGateway({ ...serviceUrls(standIns), PAYLOAD_SECRET: testSecret }),
    startTestGateway(serviceUrls(standIns)),
  ]);
});

afterAll(async () => {
  await Promise.all([sealed?.close(), plain?.close()]);
  await standIns?.close();
  await rm(videoDir, { recursive: true, force: true });
});

describe('JSON answers', () => {
  it('are sealed with the shared secret and open back to the service’s JSON exactly', async () => {
    const response = await fetch(`${sealed.url}/v1/monsterplans`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await openAnswer(response)).toBe(plansText);
  });

  it('are sealed when they are errors too, keeping the service’s status', async () => {
    const response = await fetch(`${sealed.url}/v1/lesson-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lesson: 'l1' }),
    });
    expect(response.status).toBe(400);
    expect(await openAnswer(response)).toBe(refusalText);
  });

  it('are opened when the service compressed them, then sealed without the old encoding or etag', async () => {
    const response = await fetch(`${sealed.url}/v1/lessons/compressed`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('etag')).toBeNull();
    const text = await response.clone().text();
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(await openAnswer(response)).toBe(plansText);
  });

  it('travel as they are when no secret is set', async () => {
    const response = await fetch(`${plain.url}/v1/monsterplans`);
    expect(response.headers.get('x-payload-encryption')).toBeNull();
    expect(await response.text()).toBe(plansText);
  });

  it('reach the client from a service that answers slowly (no cut-off once connected)', async () => {
    const response = await fetch(`${sealed.url}/v1/lessons/slow`);
    expect(response.status).toBe(200);
    expect(JSON.parse(await openAnswer(response))).toEqual({ slow: true });
  });

  it('answers an unknown /v1 path with a sealed 404', async () => {
    const response = await fetch(`${sealed.url}/v1/nowhere`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(JSON.parse(await openAnswer(response))).toEqual({ message: 'Олдсонгүй.', code: 'not_found' });
  });
});

describe('files and streams', () => {
  it('pass through byte-exact and unsealed', async () => {
    const response = await fetch(`${sealed.url}/v1/media/videos/day-1.mp4`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-payload-encryption')).toBeNull();
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await response.arrayBuffer()).equals(video)).toBe(true);
  });

  it('answer a Range request with 206 and exactly the asked bytes', async () => {
    const response = await fetch(`${sealed.url}/v1/media/videos/day-1.mp4`, { headers: { range: 'bytes=1000-65535' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 1000-65535/${video.length}`);
    expect(response.headers.get('content-length')).toBe('64536');
    expect(Buffer.from(await response.arrayBuffer()).equals(video.subarray(1000, 65536))).toBe(true);
  });

  it('stream: the first bytes arrive before the service has finished', async () => {
    const response = await fetch(`${sealed.url}/v1/media/live`);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value!).toString()).toBe('first-chunk;');
    releaseStream();
    let rest = '';
    for (let part = await reader.read(); !part.done; part = await reader.read()) rest += Buffer.from(part.value).toString();
    expect(rest).toBe('last-chunk');
  });

  it('pass redirects through untouched', async () => {
    const response = await fetch(`${sealed.url}/v1/documents/moved`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/v1/documents/brochure-1.pdf');
  });

  it('deliver a multipart upload to the service byte-exact', async () => {
    const boundary = '----gateway-test-boundary';
    const upload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="day-1.mp4"\r\nContent-Type: video/mp4\r\n\r\n`),
      video,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await fetch(`${sealed.url}/v1/files/monsterplan-videos`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: upload,
    });
    expect(response.status).toBe(201);
    expect(JSON.parse(await openAnswer(response))).toEqual({
      bytes: upload.length,
      sha256: createHash('sha256').update(upload).digest('hex'),
      type: `multipart/form-data; boundary=${boundary}`,
    });
  });
});

describe('uploads', () => {
  it('of unknown length (chunked) reach the service byte-exact', async () => {
    const parts = [video.subarray(0, 1_000_000), video.subarray(1_000_000)];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const part = parts.shift();
        if (part) controller.enqueue(part);
        else controller.close();
      },
    });
    const response = await fetch(`${sealed.url}/v1/files/monsterplan-videos`, {
      method: 'POST',
      headers: { 'content-type': 'video/mp4' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(201);
    expect(JSON.parse(await openAnswer(response))).toMatchObject({ bytes: video.length, sha256: createHash('sha256').update(video).digest('hex') });
  });

  it('cancelled by the client are cut at the service too, never completed', async () => {
    const { port } = new URL(plain.url);
    const upload = request({ host: '127.0.0.1', port, method: 'POST', path: '/v1/files/lesson-videos', headers: { 'content-length': String(video.length) } });
    upload.on('error', () => {});
    const arrived = uploadsArrived;
    upload.write(video.subarray(0, 64 * 1024));
    await eventually(() => uploadsArrived > arrived, 'the service has begun to take the upload');
    upload.destroy();
    await expect(uploadEnded).resolves.toBe('cut');
  });
});

describe('a body the service refuses before taking it', () => {
  it('gets the service\'s 413 at once, before any of it is sent; once it has come, the same connection takes the next call', async () => {
    const { port } = new URL(sealed.url);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const announced = 5_000_000;
    try {
      const post = request({ host: '127.0.0.1', port, method: 'POST', path: '/v1/lessons', agent, headers: { 'content-type': 'application/json', 'content-length': String(announced) } });
      const postSocket = new Promise<Socket>((resolve) => post.once('socket', resolve));
      const refused = await new Promise<IncomingMessage>((resolve, reject) => {
        post.once('response', resolve).once('error', reject);
        post.flushHeaders();
      });
      expect(refused.statusCode).toBe(413);
      const chunks: Buffer[] = [];
      for await (const chunk of refused) chunks.push(chunk as Buffer);
      const { payload } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { payload: string };
      expect(JSON.parse(openToken(testSecret, payload))).toEqual({ message: 'Хүсэлт хэтэрхий том байна.', code: 'payload_too_large' });

      post.end(Buffer.alloc(announced, 'a'));
      const next = request({ host: '127.0.0.1', port, path: '/v1/monsterplans', agent });
      const nextSocket = new Promise<Socket>((resolve) => next.once('socket', resolve));
      const answered = await new Promise<IncomingMessage>((resolve, reject) => next.once('response', resolve).once('error', reject).end());
      expect(answered.statusCode).toBe(200);
      expect(await nextSocket).toBe(await postSocket);
      answered.resume();
    } finally {
      agent.destroy();
    }
  });
});

describe('a client whose upload stalls', () => {
  it('is cut off with a 408 once no byte has come for the limit, and the service\'s upload is cut too', async () => {
    const gateway = await startTestGateway(serviceUrls(standIns), { clientTimeoutMs: 300 });
    try {
      const { port } = new URL(gateway.url);
      const upload = request({ host: '127.0.0.1', port, method: 'POST', path: '/v1/files/lesson-videos', headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(video.length) } });
      upload.on('error', () => {});
      const answer = new Promise<IncomingMessage>((resolve) => upload.once('response', resolve));
      upload.write(video.subarray(0, 64 * 1024));
      const cutOff = await answer;
      expect(cutOff.statusCode).toBe(408);
      expect(cutOff.headers.connection).toBe('close');
      await expect(uploadEnded).resolves.toBe('cut');
      upload.destroy();
    } finally {
      await gateway.close();
    }
  });
});

describe('a service that goes away', () => {
  it('mid-answer cuts the client\'s answer too: never half a JSON, never a hang; the next calls are answered', async () => {
    await expect(fetch(`${sealed.url}/v1/lessons/cut`).then((response) => response.text())).rejects.toThrow();
    const next = await fetch(`${sealed.url}/v1/monsterplans`);
    expect(await openAnswer(next)).toBe(plansText);
  });

  it('mid-file cuts the client\'s download too, never a short file that looks whole', async () => {
    const response = await fetch(`${sealed.url}/v1/media/cut`);
    expect(response.status).toBe(200);
    await expect(response.arrayBuffer()).rejects.toThrow();
  });
});

describe('a client that goes away', () => {
  it('mid-answer leaves the gateway answering the next calls', async () => {
    const waiting = fetch(`${sealed.url}/v1/lessons/slow`, { signal: AbortSignal.timeout(100) });
    await expect(waiting).rejects.toThrow();

    const streaming = await fetch(`${sealed.url}/v1/media/live`);
    const reader = streaming.body!.getReader();
    await reader.read();
    await reader.cancel();
    releaseStream();

    const next = await fetch(`${sealed.url}/v1/monsterplans`);
    expect(await openAnswer(next)).toBe(plansText);
  });

  it('mid-file stops the service\'s answer too, not left streaming to nobody', async () => {
    const streaming = await fetch(`${sealed.url}/v1/media/live`);
    const reader = streaming.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(await liveClosed).toBe('cut');
  });
});

describe('a service that is down', () => {
  let gateway: RunningGateway;
  let stalled: Server;
  beforeAll(async () => {
    gateway = await startTestGateway({ ...serviceUrls(standIns), CATALOG_URL: await closedPortUrl(), PAYLOAD_SECRET: testSecret });
    // Connecting to the exam service never completes: its name never resolves.
    stalled = await listen(
      createGateway({
        services: { auth: standIns.auth.url, catalog: standIns.catalog.url, media: standIns.media.url, exam: 'http://exam.invalid:4004' },
        payloadSecret: testSecret,
        rateLimit: { windowMs: 60_000, limit: 1000, qpayCallbacks: 1000 },
        logger: silentLogger,
        agent: new NeverConnectingAgent(200),
      }),
    );
  });
  afterAll(async () => {
    await gateway?.close();
    if (stalled) await closeServer(stalled);
  });

  const unavailable = { message: 'Үйлчилгээ түр ажиллахгүй байна. Дахин оролдоно уу.', code: 'service_unavailable' };

  it('is answered with a sealed 503 when its port refuses connections', async () => {
    const response = await fetch(`${gateway.url}/v1/lessons`);
    expect(response.status).toBe(503);
    expect(JSON.parse(await openAnswer(response))).toEqual(unavailable);
  });

  it('is answered with 503, not a hang, when connecting to it never completes', async () => {
    const response = await fetch(`${urlOf(stalled)}/v1/monsterplans/p1/exam`);
    expect(response.status).toBe(503);
    expect(JSON.parse(await openAnswer(response))).toEqual(unavailable);
  });

  it('does not affect the other services', async () => {
    const response = await fetch(`${gateway.url}/v1/users`);
    expect(JSON.parse(await openAnswer(response))).toEqual({ service: 'auth', path: '/v1/users' });
  });
});

/** A service agent whose DNS lookups never answer, so only its connect deadline can end the attempt. */
class NeverConnectingAgent extends ServiceAgent {
  override createConnection(options: ClientRequestArgs, callback?: (error: Error | null, stream: Duplex) => void) {
    return super.createConnection({ ...options, lookup: () => {} }, callback);
  }
}

describe('each call', () => {
  it.each([
    ['/v1/auth/me', 'auth'],
    ['/v1/files/lesson-videos?perPage=10&currentPage=2', 'media'],
    ['/v1/monsterplans/exam-results', 'exam'],
    ['/v1/monsterplans/p1/play/v1', 'catalog'],
    ['/v1/monsterplan-requests/total-new-requests', 'catalog'],
  ])('%s reaches %s with its path and query unchanged', async (path, service) => {
    const response = await fetch(`${plain.url}${path}`);
    expect(await response.json()).toEqual({ service, path });
  });

  it('carries a new request id to the service and back to the client', async () => {
    const response = await fetch(`${plain.url}/v1/auth/me`);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(standIns.auth.seen.at(-1)?.['x-request-id']).toBe(requestId);
  });

  it('keeps the caller’s request id when it is sane, and replaces one that is not', async () => {
    const kept = await fetch(`${plain.url}/v1/auth/me`, { headers: { 'x-request-id': 'trace-42.a' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-42.a');
    expect(standIns.auth.seen.at(-1)?.['x-request-id']).toBe('trace-42.a');

    const replaced = await fetch(`${plain.url}/v1/auth/me`, { headers: { 'x-request-id': 'no spaces <allowed>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not pass on the headers of its own connection', async () => {
    const { port } = new URL(plain.url);
    await new Promise<void>((resolve, reject) => {
      const call = request({ host: '127.0.0.1', port, path: '/v1/auth/me', headers: { connection: 'keep-alive, x-hop', 'x-hop': 'only to the gateway', te: 'trailers', 'x-kept': 'yes' } }, (answer) => {
        answer.resume().once('end', resolve);
      });
      call.once('error', reject).end();
    });
    const seen = standIns.auth.seen.at(-1)!;
    expect(seen['x-kept']).toBe('yes');
    expect(seen['x-hop']).toBeUndefined();
    expect(seen.te).toBeUndefined();
  });

  it('keeps the path a service URL carries before its own', async () => {
    const prefixed = await startTestGateway({ ...serviceUrls(standIns), CATALOG_URL: `${standIns.catalog.url}/catalog/` });
    try {
      const response = await fetch(`${prefixed.url}/v1/lessons?currentPage=2`);
      expect(await response.json()).toEqual({ service: 'catalog', path: '/catalog/v1/lessons?currentPage=2' });
    } finally {
      await prefixed.close();
    }
  });

  it('tells the service who the client is, appended after any proxy before the gateway', async () => {
    await fetch(`${plain.url}/v1/auth/me`);
    const direct = standIns.auth.seen.at(-1)!;
    expect(direct['x-forwarded-for']).toMatch(/127\.0\.0\.1$/);
    expect(direct['x-forwarded-proto']).toBe('http');
    expect(direct['x-forwarded-host']).toBe(new URL(plain.url).host);

    await fetch(`${plain.url}/v1/auth/me`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(standIns.auth.seen.at(-1)!['x-forwarded-for']).toMatch(/^203\.0\.113\.7, .*127\.0\.0\.1$/);
  });
});

it('closes an idle connection to a service before the service would, even while stopping, so no call goes out on a connection being closed', async () => {
  const service = await listenLikeAService((_req, res) => res.end('ok'), { port: 0, host: '127.0.0.1' });
  const agent = new ServiceAgent();
  try {
    const freed = new Promise<Socket>((resolve) => agent.once('free', resolve));
    await new Promise<void>((resolve, reject) => {
      request(urlOf(service), { agent }, (res) => res.resume().on('end', resolve)).on('error', reject).end();
    });
    // Node takes the lower of the agent's idle time and the service's Keep-Alive hint.
    expect((await freed).timeout).toBe(idleConnectionMs);
    expect(idleConnectionMs).toBeLessThan(keepAliveTimeoutMs);
    expect(idleConnectionMs).toBeLessThan(idleConnectionsLeftMs);
  } finally {
    agent.destroy();
    await closeServer(service);
  }
});
