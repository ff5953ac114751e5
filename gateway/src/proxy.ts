// Routes /v1 to the service that owns the path, with http-proxy-middleware, and relays its answer.
// JSON answers are collected, opened if compressed and sealed (when a secret is set); everything else
// (files, 206 video ranges, redirects) is piped through as it streams, never buffered: the library's
// `responseInterceptor` would hold a whole video in memory, so the answer is handled here
// (`selfHandleResponse`). Request bodies are never parsed: uploads stream to the service untouched.
import type { Agent, ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { RequestHandler, Response } from 'express';
import { createProxyMiddleware, proxyEventsPlugin } from 'http-proxy-middleware';
import { announcesBody, pathOf } from '@learning/kit/http';
import type { Logger } from '@learning/kit/observability';
import { gatewayErrors, type Answers } from './answers.js';
import type { HandedOverFiles } from './handed-over-files.js';
import { sendSealedJson, type SealJson } from './payload.js';
import { ownerOf, serviceNames, type ServiceName } from './routing.js';

export interface ServiceProxyOptions {
  services: Record<ServiceName, string>;
  agent: Agent;
  sealJson: SealJson | undefined;
  answers: Answers;
  logger: Logger;
  /** Media's files, sent by the gateway when media hands one over (the all-in-one start). */
  handedOverFiles?: HandedOverFiles | undefined;
}

/** A JSON answer larger than this is refused (502) rather than held in memory. */
const largestJsonBytes = 32 * 1024 * 1024;

/** Errors that mean the service could not be reached at all: it is down, restarting or unknown. */
const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);

/**
 * Hop-by-hop headers belong to one connection; the library passes the client's on. Transfer-Encoding
 * is not among those dropped from requests: a chunked upload is re-chunked to the service.
 * X-Powered-By tells an attacker what runs behind the edge.
 */
const hopByHop = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade'];
const unrelayedHeaders = [...hopByHop, 'transfer-encoding', 'x-powered-by'];

/** Headers that describe the upstream's bytes, not the sealed body that replaces them. */
const unsealedBodyHeaders = ['content-encoding', 'content-length', 'etag', 'content-md5'];

const skippedWhenStreamed: ReadonlySet<string> = new Set(unrelayedHeaders);
const skippedWhenSealed: ReadonlySet<string> = new Set([...unrelayedHeaders, ...unsealedBodyHeaders]);

/** The Express middleware that relays every /v1 call a service owns; any other call passes on to `next`. */
export function proxyToServices({ services, agent, sealJson, answers, logger, handedOverFiles }: ServiceProxyOptions): RequestHandler {
  // Parsed once: the library takes a URL object as it is, a string it would parse on every call.
  const targets = Object.fromEntries(serviceNames.map((service) => [service, new URL(services[service])])) as Record<ServiceName, URL>;
  const logContext = (req: IncomingMessage, res: ServerResponse) => ({ requestId: req.headers['x-request-id'], service: callOf(res).service });

  const relaySealedJson = async (proxyRes: IncomingMessage, req: IncomingMessage, res: ServerResponse, seal: SealJson) => {
    let body: Buffer;
    try {
      const collected = await collect(proxyRes);
      const encoding = proxyRes.headers['content-encoding'];
      body = encoding ? await decode(collected, encoding) : collected;
    } catch (error) {
      // The service went away mid-answer, or the client did: never half a JSON.
      if (!proxyRes.complete || res.destroyed) {
        res.destroy();
        return;
      }
      logger.warn({ err: error, ...logContext(req, res) }, 'unreadable JSON answer');
      answers.error(req, res, gatewayErrors.badGateway());
      return;
    }
    copyHeaders(proxyRes, res, skippedWhenSealed);
    if (body.length === 0) {
      res.statusCode = proxyRes.statusCode ?? 502;
      res.end();
      return;
    }
    sendSealedJson(res, proxyRes.statusCode ?? 502, seal(body));
  };

  const relay = (proxyRes: IncomingMessage, req: IncomingMessage, res: ServerResponse) => {
    callOf(res).answer = proxyRes;
    const handOver = callOf(res).service === 'media' ? handedOverFiles?.fromAnswer(req, proxyRes) : undefined;
    if (handOver) {
      // The hand-over itself has no body; read to its end, the connection to media is reused.
      proxyRes.resume();
      handedOverFiles!.send(handOver, req, res);
      return;
    }
    if (!sealJson || !carriesJson(req, proxyRes)) {
      relayStream(proxyRes, res);
      return;
    }
    relaySealedJson(proxyRes, req, res, sealJson).catch((error: unknown) => {
      logger.error({ err: error, ...logContext(req, res) }, 'relaying an answer failed');
      if (!res.headersSent) answers.error(req, res, gatewayErrors.internal());
      else res.destroy();
    });
  };

  const answerProxyError = (error: Error & { code?: string }, req: IncomingMessage, res: ServerResponse | Socket) => {
    // Only an upgraded connection (never proxied here) would hand over its socket.
    if (!('headersSent' in res)) {
      res.destroy();
      return;
    }
    const answer = callOf(res).answer;
    // An answer already whole stands: a service that answered before taking the whole body (an early
    // 413) may close before the rest is sent. One cut short cuts the client's too.
    if (answer) {
      if (!answer.complete) res.destroy();
      return;
    }
    if (res.headersSent || res.destroyed) {
      res.destroy();
      return;
    }
    const unreachable = unreachableCodes.has(error.code ?? '');
    const context = logContext(req, res);
    // A service that is down is an expected state (a restart, a deploy); its stack trace says nothing.
    if (unreachable) logger.warn({ ...context, code: error.code, reason: error.message }, 'service unreachable');
    else logger.error({ ...context, err: error }, 'proxy error');
    answers.error(req, res, unreachable ? gatewayErrors.serviceUnavailable() : gatewayErrors.badGateway());
  };

  const proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
    router: (_req, res) => targets[callOf(res!).service!],
    agent,
    selfHandleResponse: true,
    // Of its default plugins only the one that hands its events to `on`: the others log every answer
    // and answer errors in English, and the gateway does both itself.
    ejectPlugins: true,
    plugins: [proxyEventsPlugin],
    on: { proxyReq: prepareForService, proxyRes: relay, error: answerProxyError },
  });

  return (req, res, next) => {
    // The owner is found from the path as the client sent it: the library's own is resolved by the
    // URL parser, dot segments and all, and a path that looks like one service's must not reach
    // another's (routing.ts). What a call carries through the proxy is kept in res.locals, not in a
    // WeakMap keyed by the request: its entries cost about 30 µs of garbage collection a call.
    const service = ownerOf(pathOf(req.url));
    if (service === undefined) {
      next();
      return;
    }
    res.locals.service = service;
    const handOver = service === 'media' ? handedOverFiles?.keptFor(req) : undefined;
    if (handOver) handedOverFiles!.send(handOver, req, res);
    else void proxy(req, res, next);
  };
}

/** What the proxy keeps for a call. The library hands the response as Node's; Express has made it its own. */
function callOf(res: ServerResponse): Response['locals'] {
  return (res as Response).locals;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** The service that owns the call. */
      service?: ServiceName;
      /** The service's answer, once it has begun: an error after it is the answer's to end. */
      answer?: IncomingMessage;
    }
  }
}

/**
 * The request's headers as the service gets them: without those of this hop, and with what the service
 * should know about the client (its address, protocol and host, appended to any proxy before us).
 */
function prepareForService(proxyReq: ClientRequest, req: IncomingMessage, res: ServerResponse): void {
  for (const name of hopByHop) proxyReq.removeHeader(name);
  if (req.headers.connection) for (const name of namedInConnection(req.headers.connection)) proxyReq.removeHeader(name);
  const client = req.socket.remoteAddress ?? '';
  const prior = req.headers['x-forwarded-for'];
  proxyReq.setHeader('x-forwarded-for', prior ? `${prior}, ${client}` : client);
  proxyReq.setHeader('x-forwarded-proto', (req.socket as TLSSocket).encrypted ? 'https' : 'http');
  if (req.headers.host) proxyReq.setHeader('x-forwarded-host', req.headers.host);
  // Ask only for encodings the gateway can open, so a JSON answer can always be sealed.
  const accepted = (req.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^(gzip|x-gzip|deflate|br|identity)\b/i.test(part));
  if (accepted.length > 0) proxyReq.setHeader('accept-encoding', accepted.join(', '));
  else proxyReq.removeHeader('accept-encoding');
  if (!announcesBody(req)) return;
  // Node holds a request's headers until its body's first bytes: a body announced but not (yet) sent
  // would keep the service from refusing it at once.
  proxyReq.flushHeaders();
  // Answered while the body is not whole (cut off as too slow, refused early): the service stops
  // too, not left waiting for the rest, and its connection is not reused half-read. (The library
  // stops it only when the answer itself is cut.)
  res.once('close', () => {
    if (!req.complete) proxyReq.destroy();
  });
}

/** Headers a Connection header names are hop-by-hop too. */
function namedInConnection(connection: string | undefined): string[] {
  return connection?.split(',').map((name) => name.trim().toLowerCase()) ?? [];
}

const jsonType = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

function carriesJson(req: IncomingMessage, proxyRes: IncomingMessage): boolean {
  const status = proxyRes.statusCode ?? 0;
  if (req.method === 'HEAD' || status === 204 || status === 304) return false;
  return jsonType.test(proxyRes.headers['content-type'] ?? '');
}

function relayStream(proxyRes: IncomingMessage, res: ServerResponse): void {
  res.statusCode = proxyRes.statusCode ?? 502;
  if (proxyRes.statusMessage) res.statusMessage = proxyRes.statusMessage;
  copyHeaders(proxyRes, res, skippedWhenStreamed);
  // Back-pressure: a 200 MB file moves through a few chunks at a time. The library ends either side
  // when the other fails, as for the answers it pipes itself: a service gone mid-file cuts the
  // client's answer, a client gone stops the reading. (stream.pipeline would add its own seven
  // listeners on top: twelve on one answer, Node's leak warning.)
  proxyRes.pipe(res);
}

function copyHeaders(proxyRes: IncomingMessage, res: ServerResponse, skipped: ReadonlySet<string>): void {
  const named = namedInConnection(proxyRes.headers.connection);
  for (const [name, value] of Object.entries(proxyRes.headers)) {
    if (value !== undefined && !skipped.has(name) && !named.includes(name)) res.setHeader(name, value);
  }
}

/**
 * Reads the whole answer; past the limit it keeps reading (so the connection stays usable) but refuses
 * it. Plain 'data' events, not `for await`: the async iterator's promise per chunk showed in the
 * gateway's profile under bench/catalog.
 */
function collect(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= largestJsonBytes) chunks.push(chunk);
    });
    stream.once('error', reject);
    let ended = false;
    // A connection cut mid-answer closes the stream without 'end' (and settles nothing else). After
    // 'end' every answer closes too: an Error made then, stack and all, for a settled promise was
    // the largest of the gateway's own costs in its profile under bench/catalog.
    stream.once('close', () => {
      if (!ended) reject(new Error('the service closed the connection mid-answer'));
    });
    stream.once('end', () => {
      ended = true;
      if (size > largestJsonBytes) reject(new Error(`JSON answer of ${size} bytes exceeds ${largestJsonBytes}`));
      else resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    });
  });
}

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const inflateRaw = promisify(zlib.inflateRaw);
const brotliDecompress = promisify(zlib.brotliDecompress);
const zlibLimit = { maxOutputLength: largestJsonBytes };

const decoders: Record<string, (body: Buffer) => Promise<Buffer>> = {
  identity: async (body) => body,
  gzip: (body) => gunzip(body, zlibLimit),
  'x-gzip': (body) => gunzip(body, zlibLimit),
  br: (body) => brotliDecompress(body, { maxOutputLength: largestJsonBytes }),
  // "deflate" is meant to be zlib-wrapped, but some servers send it raw.
  deflate: (body) => inflate(body, zlibLimit).catch(() => inflateRaw(body, zlibLimit)),
};

/** Undoes the content codings in reverse order of application. */
async function decode(body: Buffer, contentEncoding: string | undefined): Promise<Buffer> {
  const codings = (contentEncoding ?? '').split(',').map((coding) => coding.trim().toLowerCase()).filter(Boolean);
  let decoded = body;
  for (const coding of codings.reverse()) {
    const decoder = decoders[coding];
    if (!decoder) throw new Error(`unsupported content-encoding ${coding}`);
    decoded = await decoder(decoded);
  }
  return decoded;
}
