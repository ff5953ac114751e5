// The gateway's routes as /metrics counts them: a call under its routing-table row (the service
// behind counts it by its own route in detail), the gateway's own answers by their route, and the
// front-ends' pages and files as one.
import type { Request } from 'express';
import { pathOf } from '@learning/kit/http';
import { unmatchedRoute } from '@learning/kit/observability';
import { isV1Path, routeOf } from './routing.js';

export const frontEndsRoute = 'front-ends';

export function routeOfCall(req: Request): string {
  // originalUrl: a router mounted at a prefix (the sign-in limits' /v1/auth) takes it off req.url.
  const path = pathOf(req.originalUrl);
  if (isV1Path(path)) return routeOf(path) ?? unmatchedRoute;
  const route = (req as Request & { route?: { path: unknown } }).route;
  return route ? String(route.path) : frontEndsRoute;
}
