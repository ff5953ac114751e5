// The Express app every service builds: request ids, request logs, JSON bodies, health and
// readiness, and the one error handler that answers `{message, code}` and never a stack.
import { randomUUID } from 'node:crypto';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
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
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = acceptRequestId(req.headers['x-request-id']);
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    }),
  );
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
  app.use(errorHandler);
  return app;
}

const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const known = asHttpError(error);
  if (known) {
    res.status(known.status).json({ message: known.message, code: known.code });
    return;
  }
  req.log.error({ err: error }, 'unhandled error');
  res.status(500).json({ message: internalErrorMessage, code: 'internal' });
};

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
