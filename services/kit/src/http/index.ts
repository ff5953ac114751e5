// HTTP for the services and the gateway: the server they listen with, the request log, the errors a
// route throws, input validation, a route's own limit on bodies, conditional GETs, and the guard of
// the calls only the platform's own services make, and the cursor of those that answer what changed.
export { pathOf, tagAndLogRequests, type NodeMiddleware } from './app.js';
export { requireInternalCaller } from './callers.js';
export { changedSince, nextCursor, readCursor } from './change-cursor.js';
export { matchesEtag } from './conditional.js';
export {
  HttpError,
  badRequest,
  conflict,
  fileNotFound,
  forbidden,
  internalErrorMessage,
  notFound,
  payloadTooLarge,
  rangeNotSatisfiable,
  unauthorized,
} from './errors.js';
export { freePort, freePorts } from './free-port.js';
export { announcesBody, keepAliveTimeoutMs, listen } from './http-server.js';
export { startInternalPoll, type InternalPoll } from './internal-poll.js';
export { refuseBodyOver } from './json-bodies.js';
export { isUuid, parseInput } from './validation.js';
