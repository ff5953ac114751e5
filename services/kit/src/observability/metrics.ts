// What a service or the gateway tells Prometheus at /metrics: its requests per route, with the Node
// runtime's own metrics. One registry per process, every metric of a service labelled with its name:
// the all-in-one start runs four services and the gateway in one process, and any of its ports (the
// gateway's, the one a newcomer knows) answers for all of them.
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { isBearer, isLocalCaller } from '../http/callers.js';

let registry: Registry | undefined;

/** The process's registry, made on first use with the runtime's metrics (memory, CPU, event loop, GC). */
export function metricsRegistry(): Registry {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
  }
  return registry;
}

/**
 * The metric of `name` in the process's registry, made by `make` the first time: every service of
 * the process shares it under its own `service` label, and a second service never registers it again.
 */
export function sharedMetric<M>(name: string, make: (registers: Registry[]) => M): M {
  return (metricsRegistry().getSingleMetric(name) as M | undefined) ?? make([metricsRegistry()]);
}

export interface MetricsOptions {
  /** The `service` label of its requests: `auth`, `catalog`, …, `gateway`. */
  service: string;
  /** When set, /metrics answers only a caller presenting it as a bearer token; unset, only a caller on this machine. */
  token?: string | undefined;
}

export interface Metrics {
  /**
   * Counts each request and times it, by method, route and status class. The route is the pattern
   * that matched (`/v1/lessons/:id`), never the path itself: ids would make a series per lesson.
   */
  countRequests(routeOf?: (req: Request) => string): RequestHandler;
  /** Answers GET /metrics: the Prometheus text of the process. */
  answer: RequestHandler;
}

/** A request that no route matched (a 404, an OPTIONS refused before the routes). */
export const unmatchedRoute = 'unmatched';

const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function createMetrics({ service, token }: MetricsOptions): Metrics {
  const labelNames = ['service', 'method', 'route', 'status_class'] as const;
  const requests = sharedMetric(
    'http_requests_total',
    (registers) => new Counter({ name: 'http_requests_total', help: 'Requests answered, by service, method, route pattern and status class (aborted: the client left first).', labelNames, registers }),
  );
  const durations = sharedMetric(
    'http_request_duration_seconds',
    (registers) =>
      new Histogram({
        name: 'http_request_duration_seconds',
        help: 'Time from a request to its answer, by service, method, route pattern and status class.',
        labelNames,
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
        registers,
      }),
  );

  return {
    countRequests(routeOf = matchedRoute) {
      return (req, res, next) => {
        const started = performance.now();
        // A relayed call's answer already has ten 'close' listeners (the proxy's, the log's, …): one
        // more is expected, not a leak to warn about on every call.
        res.setMaxListeners(res.getMaxListeners() + 1);
        res.once('close', () => {
          const labels = {
            service,
            method: knownMethods.has(req.method) ? req.method : 'OTHER',
            route: routeOf(req),
            status_class: res.writableFinished ? `${Math.floor(res.statusCode / 100)}xx` : 'aborted',
          };
          requests.inc(labels);
          durations.observe(labels, (performance.now() - started) / 1000);
        });
        next();
      };
    },
    answer: async (req, res, next) => {
      const refusal = refusalOf(req, token);
      if (refusal) {
        if (refusal.status === 401) res.setHeader('www-authenticate', 'Bearer');
        res.status(refusal.status).json({ message: refusal.message, code: refusal.code });
        return;
      }
      try {
        const text = await metricsRegistry().metrics();
        res.setHeader('content-type', metricsRegistry().contentType);
        res.setHeader('cache-control', 'no-store');
        res.send(text);
      } catch (error) {
        next(error);
      }
    },
  };
}

/** The route pattern Express matched, under the router's mount path. */
function matchedRoute(req: Request): string {
  const route = (req as Request & { route?: { path: unknown } }).route;
  return route ? `${req.baseUrl}${String(route.path)}` : unmatchedRoute;
}

interface Refusal {
  status: 401 | 403;
  code: string;
  message: string;
}

/**
 * Metrics tell how the platform is built and how busy it is: no business of the public. With a token,
 * only a caller presenting it (Prometheus' `authorization` setting); without one, only a caller on
 * this machine, and not one relayed by a proxy (nginx on the same host would make everyone local).
 */
function refusalOf(req: IncomingMessage, token: string | undefined): Refusal | undefined {
  if (token) {
    if (isBearer(req.headers.authorization, token)) return undefined;
    return { status: 401, code: 'metrics_token_required', message: 'Хэмжүүрийг үзэхийн тулд зөв токен илгээнэ үү.' };
  }
  if (isLocalCaller(req)) return undefined;
  return { status: 403, code: 'metrics_local_only', message: 'Хэмжүүрийг зөвхөн энэ серверээс үзэх боломжтой.' };
}
