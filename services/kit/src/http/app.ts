// The Express app every service builds: request ids, request logs, JSON bodies, health,
// readiness and metrics, and the one error handler that answers `{message, code}` and never a stack.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { HttpError, badRequest, internalErrorMessage, notFound, payloadTooLarge } from './errors.js';
import { jsonBodies } from './json-bodies.js';
import { isTerminal } from '../observability/logger.js';
import type { Metrics } from '../observability/metrics.js';
import { labelActiveSpan } from '../observability/tracing.js';

export interface ServiceAppOptions {
  /** The service's name, on its spans. */
  service?: string;
  logger: Logger;
  /** Mounts the service's routes. */
  routes: (app: Express) => void;
  /** Whether the service can take traffic (its database answers); `/readyz` reports it. */
  isReady?: () => Promise<boolean>;
  /** Largest JSON body accepted, in bytes. */
  jsonLimitBytes?: number;
  /** Counts the requests per route and answers `/metrics`. */
  metrics?: Metrics;
}

const requestIdPattern = /^[\w.:-]{1,128}$/;

/** The caller's request id when it looks sane (the gateway's, or a client's at the edge), else a new one. */
export function acceptRequestId(given: string | string[] | undefined): string {
  return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
}

const methodNotAllowed = () => new HttpError(405, 'method_not_allowed', 'Энэ хаяг ийм төрлийн хүсэлт хүлээж авдаггүй.');

export function createServiceApp({ service, logger, routes, isReady, jsonLimitBytes = 100 * 1024, metrics }: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(tagAndLogRequests(logger, service ? { service } : {}));
  if (metrics) app.use(metrics.countRequests());
  // Express would answer OPTIONS itself, 200 with a bare list of methods; the front-ends share the
  // API's origin, so there is no CORS preflight to answer.
  app.use(((req, _res, next) => next(req.method === 'OPTIONS' ? methodNotAllowed() : undefined)) satisfies RequestHandler);
  // U+0000 in a path segment or the query: no id or search of ours holds one, and PostgreSQL cannot store it.
  app.use(((req, _res, next) => next(req.url.includes('%00') ? badRequest('Хүсэлтийн хаягт тэг тэмдэгт (%00) байж болохгүй.', 'nul_character') : undefined)) satisfies RequestHandler);
  app.use(jsonBodies(jsonLimitBytes));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const ready = isReady ? await isReady().catch(() => false) : true;
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable' });
  });
  if (metrics) app.get('/metrics', metrics.answer);

  routes(app);

  app.use(((_req, _res, next) => next(notFound())) satisfies RequestHandler);
  app.use(answerErrors(logger));
  return app;
}

const requestIdHeader = 'x-request-id';
const unloggedPaths = new Set(['/healthz', '/readyz', '/metrics']);

export interface RequestLogOptions {
  /** The deployable answering (gateway, catalog…), set on the request's span. */
  service?: string;
  /** The level of a request's line (from its path, no query); info by default. */
  levelOf?: (path: string) => 'info' | 'debug';
  /** Fields the line adds, read once the answer is sent. */
  fieldsOf?: (path: string, res: ServerResponse) => Record<string, unknown>;
}

/** Middleware on Node's own request and response: Express takes it as it is, and a test can run it without Express. */
export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** The path of a request target, without its query. */
export function pathOf(url: string | undefined): string {
  const target = url ?? '/';
  const query = target.indexOf('?');
  return query === -1 ? target : target.slice(0, query);
}

/**
 * Tags each request with its id (the caller's when it looks sane, echoed in the answer and passed on)
 * and logs one line when it is answered. Services and the gateway share it. Not pino-http: its child
 * logger per request cost the catalog under load, logged or not (--cpu-prof in bench/catalog;
 * docs/benchmarks.md).
 */
export function tagAndLogRequests(logger: Logger, { service, levelOf = () => 'info', fieldsOf }: RequestLogOptions = {}): NodeMiddleware {
  return (req, res, next) => {
    if (service) labelActiveSpan(service);
    const requestId = acceptRequestId(req.headers[requestIdHeader]);
    req.headers[requestIdHeader] = requestId;
    res.setHeader(requestIdHeader, requestId);
    // Read now: a mounted router rewrites req.url on the way.
    const url = req.url ?? '/';
    const path = pathOf(url);
    // On a terminal the request lines wait to be asked for (LOG_LEVEL=debug): a page's dozens of calls
    // would scroll away the lines a person starting the platform reads.
    const level = isTerminal ? 'debug' : levelOf(path);
    if (logger.isLevelEnabled(level) && !unloggedPaths.has(path)) {
      const started = performance.now();
      res.once('close', () => {
        const entry = { requestId, method: req.method, url, status: res.statusCode, ...fieldsOf?.(path, res), ms: Math.round(performance.now() - started) };
        logger[level](res.writableFinished ? entry : { ...entry, aborted: true }, 'request');
      });
    }
    next();
  };
}

const fileHeaders = ['content-type', 'content-length', 'content-disposition', 'etag', 'last-modified', 'cache-control', 'accept-ranges', 'x-accel-redirect', 'x-accel-expires'];

function answerErrors(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const { status, body } = errorAnswer(error, req, logger);
    // Already answered: a client cut off as too slow, whose body's reading then failed.
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // A file's route may have described the file before it failed (a 416 after its type and ETag
    // were set): the error is JSON, described as such, keeping what the refusal itself needs
    // (Content-Range, Retry-After).
    for (const name of fileHeaders) res.removeHeader(name);
    res.status(status).json(body);
  };
}

/** A known error's status and Mongolian message; anything else is logged and answered 500 without its details. */
function errorAnswer(error: unknown, req: IncomingMessage, logger: Logger): { status: number; body: { message: string; code: string } } {
  const known = asHttpError(error);
  if (known) return { status: known.status, body: { message: known.message, code: known.code } };
  logger.error({ err: error, requestId: req.headers[requestIdHeader] }, 'unhandled error');
  return { status: 500, body: { message: internalErrorMessage, code: 'internal' } };
}

/**
 * Errors of the body parsers and the router carry a status; they become HttpErrors with Mongolian
 * messages. Any other client error they raise is the client's bad request, never a 500.
 */
function asHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  // The router's, for a path segment whose percent-encoding is not UTF-8 (`/v1/lessons/%E0%A4%A`).
  if (error instanceof URIError) return badRequest('Хүсэлтийн хаяг буруу кодчилогдсон байна.', 'malformed_path');
  const parserError = error as { type?: string; status?: unknown };
  switch (parserError?.type) {
    case 'entity.parse.failed':
      return new HttpError(400, 'malformed_json', 'Хүсэлтийн JSON бичиглэл буруу байна.');
    case 'entity.too.large':
      return payloadTooLarge();
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError(415, 'unsupported_encoding', 'Хүсэлтийн кодчилол дэмжигдэхгүй.');
  }
  const status = parserError?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return new HttpError(status, 'bad_request', 'Хүсэлт буруу байна.');
  return undefined;
}
