// Routes /v1 to the service that owns the path and relays its answer. JSON answers are collected,
// opened if compressed and sealed (when a secret is set); everything else (files, 206 video ranges,
// redirects) is piped through as it streams, never buffered. Request bodies are never parsed here:
// uploads stream to the service untouched. Node's own http client, no proxy library: what
// http-proxy-middleware still did for us was this request and a pipe, and every call of the platform
// passes here (the gateway answered 5-15 % more calls under bench/catalog without it).
import { request, type Agent, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { announcesBody, pathOf, type Logger } from '@learning/kit';
import { gatewayErrors, type Answers } from './answers.js';
import { sendSealedJson, type SealJson } from './payload.js';
import { ownerOf, serviceNames, type ServiceName } from './routing.js';

export interface ServiceProxyOptions {
  services: Record<ServiceName, string>;
  agent: Agent;
  sealJson: SealJson | undefined;
  answers: Answers;
  logger: Logger;
}

/** A JSON answer larger than this is refused (502) rather than held in memory. */
const largestJsonBytes = 32 * 1024 * 1024;

/** Errors that mean the service could not be reached at all: it is down, restarting or unknown. */
const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);

/**
 * Hop-by-hop headers belong to one connection. Transfer-Encoding is not among those dropped from
 * requests: a chunked upload is re-chunked to the service. X-Powered-By tells an attacker what runs
 * behind the edge.
 */
const hopByHop = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade'];
const unforwardedHeaders: ReadonlySet<string> = new Set(hopByHop);
const unrelayedHeaders = [...hopByHop, 'transfer-encoding', 'x-powered-by'];

/** Headers that describe the upstream's bytes, not the sealed body that replaces them. */
const unsealedBodyHeaders = ['content-encoding', 'content-length', 'etag', 'content-md5'];

const skippedWhenStreamed: ReadonlySet<string> = new Set(unrelayedHeaders);
const skippedWhenSealed: ReadonlySet<string> = new Set([...unrelayedHeaders, ...unsealedBodyHeaders]);

/** Relays a /v1 request to its service; on Node's own request and response, so it runs with or without Express. */
export type ServiceProxy = (req: IncomingMessage, res: ServerResponse) => void;

interface Upstream {
  host: string;
  port: string;
  /** The path the service's URL may carry, put before the request's own. */
  base: string;
}

export function createServiceProxy({ services, agent, sealJson, answers, logger }: ServiceProxyOptions): ServiceProxy {
  const upstreams = Object.fromEntries(serviceNames.map((service) => [service, upstreamOf(services[service])])) as Record<ServiceName, Upstream>;

  const relay = async (proxyRes: IncomingMessage, req: IncomingMessage, res: ServerResponse) => {
    if (sealJson && carriesJson(req, proxyRes)) await relaySealedJson(proxyRes, req, res, sealJson);
    else relayStream(proxyRes, res);
  };

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
      logger.warn({ err: error, ...logContext(req) }, 'unreadable JSON answer');
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

  const answerProxyError = (error: Error & { code?: string }, req: IncomingMessage, res: ServerResponse) => {
    if (res.headersSent || res.destroyed) {
      res.destroy();
      return;
    }
    const unreachable = unreachableCodes.has(error.code ?? '');
    const context = logContext(req);
    // A service that is down is an expected state (a restart, a deploy); its stack trace says nothing.
    if (unreachable) logger.warn({ ...context, code: error.code, reason: error.message }, 'service unreachable');
    else logger.error({ ...context, err: error }, 'proxy error');
    answers.error(req, res, unreachable ? gatewayErrors.serviceUnavailable() : gatewayErrors.badGateway());
  };

  return (req, res) => {
    const service = ownerOf(pathOf(req.url));
    if (!service) {
      answers.error(req, res, gatewayErrors.notFound());
      return;
    }
    const { host, port, base } = upstreams[service];
    const upstream = request({ host, port, path: base + (req.url ?? '/'), method: req.method, headers: forwardedHeaders(req), agent });
    let answer: IncomingMessage | undefined;
    upstream.once('response', (proxyRes) => {
      answer = proxyRes;
      relay(proxyRes, req, res).catch((error: unknown) => {
        logger.error({ err: error, ...logContext(req) }, 'relaying an answer failed');
        if (!res.headersSent) answers.error(req, res, gatewayErrors.internal());
        else res.destroy();
      });
    });
    // Once the service has begun its answer, a failure is the answer's to end: cut, never completed.
    // An answer already whole stands: a service that answered before taking the whole body (an early
    // 413) may close before the rest is sent.
    upstream.on('error', (error) => {
      if (!answer) answerProxyError(error, req, res);
      else if (!answer.complete) res.destroy();
    });
    // The client gone before its answer is complete (a cancelled upload, a closed player), or its
    // body not whole (cut off as too slow, refused early): the service stops too, not left waiting
    // for the rest, and the connection to it is not reused half-read.
    res.once('close', () => {
      if (res.writableFinished && req.complete) return;
      upstream.destroy();
      // Answered before the body was all sent (an early 413): the rest is read and thrown away, as
      // Node does for a body nobody read, so the client's connection stays usable.
      if (res.writableFinished) req.unpipe(upstream).resume();
    });
    req.pipe(upstream);
    // Node holds a request's headers until its body's first bytes: a body announced but not (yet)
    // sent would keep the service from refusing it at once.
    if (announcesBody(req)) upstream.flushHeaders();
  };
}

function upstreamOf(serviceUrl: string): Upstream {
  const url = new URL(serviceUrl);
  return {
    // An IPv6 literal comes bracketed in a URL, not in a host name.
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port || '80',
    base: url.pathname.replace(/\/$/, ''),
  };
}

function logContext(req: IncomingMessage) {
  return { requestId: req.headers['x-request-id'], service: ownerOf(pathOf(req.url)) };
}

/**
 * The request's headers as the service gets them: without those of this hop, and with what the service
 * should know about the client (its address, protocol and host, appended to any proxy before us).
 */
function forwardedHeaders(req: IncomingMessage): OutgoingHttpHeaders {
  const named = namedInConnection(req.headers.connection);
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !unforwardedHeaders.has(name) && !named.includes(name)) headers[name] = value;
  }
  const client = req.socket.remoteAddress ?? '';
  const prior = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = prior ? `${prior}, ${client}` : client;
  headers['x-forwarded-proto'] = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
  // Ask only for encodings the gateway can open, so a JSON answer can always be sealed.
  const accepted = (req.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^(gzip|x-gzip|deflate|br|identity)\b/i.test(part));
  if (accepted.length > 0) headers['accept-encoding'] = accepted.join(', ');
  else delete headers['accept-encoding'];
  return headers;
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
  // Back-pressure: a 200 MB file moves through a few chunks at a time. Either side failing ends the
  // other: a service gone mid-file cuts the client's answer, a client gone stops the reading.
  pipeline(proxyRes, res, () => {});
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
    // A connection cut mid-answer closes the stream without 'end' (and settles nothing else).
    stream.once('close', () => reject(new Error('the service closed the connection mid-answer')));
    stream.once('end', () => {
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
