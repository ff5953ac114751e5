// Every request gets an id: the caller's X-Request-Id when it looks sane, else a new uuid. The id is
// forwarded to the service (which logs with it too), echoed to the client and written in the access log.
import type { RequestHandler } from 'express';
import { acceptRequestId, type Logger } from '@learning/kit';
import { isV1Path } from './routing.js';

const requestIdHeader = 'x-request-id';
const unloggedPaths = new Set(['/healthz', '/readyz']);

export function tagAndLogRequests(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = acceptRequestId(req.headers[requestIdHeader]);
    req.headers[requestIdHeader] = requestId;
    res.setHeader(requestIdHeader, requestId);

    if (!unloggedPaths.has(req.path)) {
      const started = performance.now();
      res.once('close', () => {
        const entry = {
          requestId,
          method: req.method,
          url: req.originalUrl,
          status: res.statusCode,
          service: res.locals.service as string | undefined,
          ms: Math.round(performance.now() - started),
          ...(res.writableFinished ? {} : { aborted: true }),
        };
        // Front-end assets are many and dull; the calls are what an operator looks for.
        if (isV1Path(req.path)) logger.info(entry, 'request');
        else logger.debug(entry, 'request');
      });
    }
    next();
  };
}
