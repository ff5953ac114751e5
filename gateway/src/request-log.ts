// Every request gets an id: the caller's X-Request-Id when it looks sane, else a new uuid. The id is
// forwarded to the service (which logs with it too), echoed to the client and written in the access
// log, with the service that answered. The kit's request log, as the services use it.
import { tagAndLogRequests as tagAndLogServiceRequests, type NodeMiddleware } from '@learning/kit/http';
import type { Logger } from '@learning/kit/observability';
import { isV1Path, ownerOf } from './routing.js';

export function tagAndLogRequests(logger: Logger): NodeMiddleware {
  return tagAndLogServiceRequests(logger, {
    service: 'gateway',
    // Front-end assets are many and dull; the calls are what an operator looks for.
    levelOf: (path) => (isV1Path(path) ? 'info' : 'debug'),
    fieldsOf: (path) => (isV1Path(path) ? { service: ownerOf(path) } : {}),
  });
}
