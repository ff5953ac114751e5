// Routes /v1 to the service that owns the path and relays its answer. JSON answers are collected,
// opened if compressed and sealed (when a secret is set); everything else (files, 206 video ranges,
// redirects) is piped through as it streams, never buffered. Request bodies are never parsed here:
// uploads stream to the service untouched.
import type { Agent, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { createProxyMiddleware, debugProxyErrorsPlugin, proxyEventsPlugin } from 'http-proxy-middleware';
import { pathOf, type Logger } from '@learning/kit';
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

/** Hop-by-hop headers belong to one connection; X-Powered-By tells an attacker what runs behind the edge. */
const unrelayedHeaders = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'x-powered-by'];

/** Headers that describe the upstream's bytes, not the sealed body that replaces them. */
const unsealedBodyHeaders = ['content-encoding', 'content-length', 'etag', 'content-md5'];

const skippedWhenStreamed: ReadonlySet<string> = new Set(unrelayedHeaders);
const skippedWhenSealed: ReadonlySet<string> = new Set([...unrelayedHeaders, ...unsealedBodyHeaders]);

/** Relays a /v1 request to its service; on Node's own request and response, so it runs with or without Express. */
export type ServiceProxy = (req: IncomingMessage, res: ServerResponse) => void;

export function createServiceProxy({ services, agent, sealJson, answers, logger }: ServiceProxyOptions): ServiceProxy {
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
      if (res.destroyed) return; // the client or the service went away mid-answer
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

  const onProxyError = (error: Error & { code?: string }, req: IncomingMessage, res: ServerResponse | Socket) => {
    if (!isResponse(res) || res.headersSent || res.destroyed) {
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

  const proxies = Object.fromEntries(
    serviceNames.map((service) => [
      service,
      createProxyMiddleware<IncomingMessage, ServerResponse>({
        target: services[service],
        agent,
        // With selfHandleResponse httpxy writes nothing; `relay` decides how each answer travels.
        selfHandleResponse: true,
        // The default plugins less the logger, which builds a URL for every answer to hand to a
        // logger we do not give it (the request log is ours), and the error answer, which `error` is.
        ejectPlugins: true,
        plugins: [debugProxyErrorsPlugin, proxyEventsPlugin],
        on: {
          proxyRes: (proxyRes, req, res) => {
            relay(proxyRes, req, res).catch((error: unknown) => {
              logger.error({ err: error, ...logContext(req) }, 'relaying an answer failed');
              if (!res.headersSent) answers.error(req, res, gatewayErrors.internal());
              else res.destroy();
            });
          },
          error: onProxyError,
        },
      }),
    ]),
  ) as Record<ServiceName, ReturnType<typeof createProxyMiddleware<IncomingMessage, ServerResponse>>>;

  return (req, res) => {
    const service = ownerOf(pathOf(req.url));
    if (!service) {
      answers.error(req, res, gatewayErrors.notFound());
      return;
    }
    setForwardingHeaders(req);
    // Without a path filter the middleware always proxies; it calls this only with an error that
    // `onProxyError` has usually answered already.
    const failed = (error?: unknown) => {
      if (res.headersSent || res.writableEnded) return;
      logger.error({ err: error, ...logContext(req) }, 'proxying failed');
      answers.error(req, res, gatewayErrors.badGateway());
    };
    proxies[service](req, res, failed).catch(failed);
  };
}

function logContext(req: IncomingMessage) {
  return { requestId: req.headers['x-request-id'], service: ownerOf(pathOf(req.url)) };
}

/** What the service should know about the client: its address, protocol and host, appended to any proxy before us. */
function setForwardingHeaders(req: IncomingMessage): void {
  const client = req.socket.remoteAddress ?? '';
  const prior = req.headers['x-forwarded-for'];
  req.headers['x-forwarded-for'] = prior ? `${prior}, ${client}` : client;
  req.headers['x-forwarded-proto'] = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  if (req.headers.host) req.headers['x-forwarded-host'] = req.headers.host;
  // Ask only for encodings the gateway can open, so a JSON answer can always be sealed.
  const accepted = (req.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^(gzip|x-gzip|deflate|br|identity)\b/i.test(part));
  if (accepted.length > 0) req.headers['accept-encoding'] = accepted.join(', ');
  else delete req.headers['accept-encoding'];
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
  // pipe() honours back-pressure: a 200 MB file moves through a few chunks at a time.
  proxyRes.pipe(res);
}

function copyHeaders(proxyRes: IncomingMessage, res: ServerResponse, skipped: ReadonlySet<string>): void {
  // Headers the upstream's Connection header names are hop-by-hop too.
  const named = proxyRes.headers.connection?.split(',').map((name) => name.trim().toLowerCase()) ?? [];
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

function isResponse(res: ServerResponse | Socket): res is ServerResponse {
  return 'setHeader' in res;
}
