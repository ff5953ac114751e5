// Every request gets an id: the caller's X-Request-Id when it looks sane, else a new uuid. The id is
// forwarded to the service (which logs with it too), echoed to the client and written in the access
// log, with the service that answered. The kit's request log, as the services use it.
import type { RequestHandler } from 'express';
import { tagAndLogRequests as tagAndLogServiceRequests, type Logger } from '@learning/kit';
import { isV1Path } from './routing.js';

export function tagAndLogRequests(logger: Logger): RequestHandler {
  return tagAndLogServiceRequests(logger, {
    // Front-end assets are many and dull; the calls are what an operator looks for.
    levelOf: (req) => (isV1Path(req.path) ? 'info' : 'debug'),
    fieldsOf: (_req, res) => ({ service: res.locals.service as string | undefined }),
  });
}
