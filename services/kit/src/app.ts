// The Express app every service builds: request ids, request logs, JSON bodies, health and
// readiness, and the one error handler that answers `{message, code}` and never a stack.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { HttpError, internalErrorMessage, notFound } from './errors.js';

export interface ServiceAppOptions {
  logger: Logger;
  /** Mounts the service's routes. */
  routes: (app: Express) => void;
  /** Whether the service can take traffic (its database answers); `/readyz` reports it. */
  isReady?: () => Promise<boolean>;
  /** Largest JSON body accepted. */
  jsonLimit?: string;
}

const requestIdPattern = /^[\w.:-]{1,128}$/;

/** The caller's request id when it looks sane (the gateway's, or a client's at the edge), else a new one. */
export function acceptRequestId(given: string | string[] | undefined): string {
  return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
}

export function createServiceApp({ logger, routes, isReady, jsonLimit = '100kb' }: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(tagAndLogRequests(logger));
  app.use(express.json({ limit: jsonLimit }));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const ready = isReady ? await isReady().catch(() => false) : true;
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable' });
  });

  routes(app);

  app.use(((_req, _res, next) => next(notFound())) satisfies RequestHandler);
  app.use(answerErrors(logger));
  return app;
}

const requestIdHeader = 'x-request-id';
const unloggedPaths = new Set(['/healthz', '/readyz']);

export interface RequestLogOptions {
  /** The level of a request's line (from its path, no query); info by default. */
  levelOf?: (path: string) => 'info' | 'debug';
  /** Fields the line adds, read once the answer is sent. */
  fieldsOf?: (path: string, res: ServerResponse) => Record<string, unknown>;
}

/** Middleware on Node's own request and response, so the gateway's /v1 lane can use it without Express. */
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
 * logger per request was a tenth of the catalog's time under load, logged or not (measured with
 * --cpu-prof in bench/catalog).
 */
export function tagAndLogRequests(logger: Logger, { levelOf = () => 'info', fieldsOf }: RequestLogOptions = {}): NodeMiddleware {
  return (req, res, next) => {
    const requestId = acceptRequestId(req.headers[requestIdHeader]);
    req.headers[requestIdHeader] = requestId;
    res.setHeader(requestIdHeader, requestId);
    // Read now: a mounted router rewrites req.url on the way.
    const url = req.url ?? '/';
    const path = pathOf(url);
    const level = levelOf(path);
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

function answerErrors(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const { status, body } = errorAnswer(error, req, logger);
    res.status(status).json(body);
  };
}

/**
 * A few requests are answered before Express, on Node's own request and response: those of a path so
 * hot that Express's routing is most of its cost (media's signed streams, asked once per seek).
 */
export interface Lane {
  /** Whether the request is the lane's, by its method and path; the others go to Express. */
  takes(req: IncomingMessage): boolean;
  /** Answers it; a thrown HttpError is answered `{message, code}` as Express's error handler would. */
  answer(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

/** The services' request listener: the lane's requests tagged and logged, then answered; the rest Express's. */
export function withLane(app: Express, lane: Lane | undefined, logger: Logger): RequestListener {
  if (!lane) return app;
  const tagAndLog = tagAndLogRequests(logger);
  return (req, res) => {
    if (!lane.takes(req)) {
      app(req, res);
      return;
    }
    tagAndLog(req, res, () => {
      lane.answer(req, res).catch((error: unknown) => {
        // Mid-answer there is no status left to send: the client sees the answer cut.
        if (res.headersSent) {
          res.destroy();
          return;
        }
        const { status, body } = errorAnswer(error, req, logger);
        const text = JSON.stringify(body);
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) }).end(text);
      });
    });
  };
}

/** A known error's status and Mongolian message; anything else is logged and answered 500 without its details. */
function errorAnswer(error: unknown, req: IncomingMessage, logger: Logger): { status: number; body: { message: string; code: string } } {
  const known = asHttpError(error);
  if (known) return { status: known.status, body: { message: known.message, code: known.code } };
  logger.error({ err: error, requestId: req.headers[requestIdHeader] }, 'unhandled error');
  return { status: 500, body: { message: internalErrorMessage, code: 'internal' } };
}

/** Errors thrown by body parsers carry a status; they become HttpErrors with Mongolian messages. */
function asHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  const parserError = error as { type?: string; status?: number };
  switch (parserError?.type) {
    case 'entity.parse.failed':
      return new HttpError(400, 'malformed_json', 'Хүсэлтийн JSON бичиглэл буруу байна.');
    case 'entity.too.large':
      return new HttpError(413, 'payload_too_large', 'Хүсэлт хэтэрхий том байна.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError(415, 'unsupported_encoding', 'Хүсэлтийн кодчилол дэмжигдэхгүй.');
  }
  return undefined;
}
