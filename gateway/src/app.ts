// The gateway, one Express app built from its options with no I/O: security headers and request ids
// for everything, health and metrics, the rate-limited sign-in calls, every /v1 call relayed to its service
// (payloads sealed), then the API's documentation and the built front-ends. A middleware added here
// applies to the calls too.
import type { Agent } from 'node:http';
import compression from 'compression';
import express, { Router, type ErrorRequestHandler, type Express } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { createMetrics, type Logger } from '@learning/kit/observability';
import { HttpError } from '@learning/kit/http';
import { createAnswers, gatewayErrors, type Answers } from './answers.js';
import { databaseDumpRoutes, type DatabaseDump } from './database-dump.js';
import { serveApiDocs } from './api-docs.js';
import type { OfflineKeeping } from './config.js';
import { serveFrontEnds, type RemoteFrontEnd } from './front-ends.js';
import { HandedOverFiles, type MediaFilesFolder } from './handed-over-files.js';
import { answerAlive, answerReadiness } from './health.js';
import { routeOfCall } from './metrics.js';
import { createJsonSealer } from './payload.js';
import { proxyToServices } from './proxy.js';
import { tagAndLogRequests } from './request-log.js';
import { securityHeaders } from './security-headers.js';
import type { LimitStore } from './shared-limits.js';
import type { ServiceName } from './routing.js';
import { ServiceAgent } from './service-agent.js';

export interface GatewayOptions {
  /** Base URL of each service, e.g. `http://127.0.0.1:4001`. */
  services: Record<ServiceName, string>;
  /** When set, every JSON body sent from /v1 is sealed with it (DESIGN.md, wire contract). */
  payloadSecret?: string | undefined;
  /** Per client address, for each of the sign-in calls. */
  /** `limit` for each sign-in call, `qpayCallbacks` for QPay's callback, per client in each window. */
  rateLimit: { windowMs: number; limit: number; qpayCallbacks: number };
  /** Where the limits count (Redis, shared by every gateway); each gateway's memory without it. */
  limitStore?: LimitStore | undefined;
  /** The proxies in front whose X-Forwarded-For is believed (TRUST_PROXY); none by default. */
  trustProxy?: string | undefined;
  /** The built shell; without it (or without its index.html) pages say the front-end is not built. */
  staticDir?: string | undefined;
  /** The centre's logo (CENTRE_LOGO_URL), which the pages may load from where it is. */
  logoUrl?: string | undefined;
  /** What the pages keep offline (/config.json): days kept, and the budget in MB. */
  offline?: OfflineKeeping;
  /** The remote front-ends the shell loads at run time. */
  remotes?: Record<string, RemoteFrontEnd>;
  logger: Logger;
  /** How the services are reached; `startGateway` passes one it can close. */
  agent?: Agent;
  /** What a caller of /metrics presents (METRICS_TOKEN); unset, only this machine may ask. */
  metricsToken?: string | undefined;
  /** Whether the gateway is stopping (SIGTERM): `/readyz` then answers 503. */
  isStopping?: () => boolean;
  /** Media's files, on the same disk (the all-in-one start): the gateway sends those media hands over. */
  mediaFiles?: MediaFilesFolder | undefined;
  /** The embedded database's dump (the all-in-one start on PGlite), which `npm run backup` asks for. */
  databaseDump?: DatabaseDump | undefined;
  /** What a caller of the dump presents (INTERNAL_TOKEN); unset, only this machine may ask. */
  internalToken?: string | undefined;
}

/** The calls a password guesser (or a mail bomber) would hammer, under /v1/auth. */
export const rateLimitedPaths = [
  '/check-email',
  '/login',
  '/register',
  '/google/start',
  '/login-google',
  '/password-reset',
  '/password-reset/check',
  '/password-reset/confirm',
  '/unsubscribe',
];

export function createGateway(options: GatewayOptions): Express {
  const { services, logger } = options;
  const sealJson = createJsonSealer(options.payloadSecret);
  const answers = createAnswers(sealJson);
  const app = express();
  app.disable('x-powered-by');
  if (options.trustProxy) app.set('trust proxy', options.trustProxy);

  app.use(securityHeaders(Object.values(options.remotes ?? {}).map((remote) => remote.manifestUrl), options.logoUrl));
  app.use(tagAndLogRequests(logger));
  const metrics = createMetrics({ service: 'gateway', token: options.metricsToken });
  app.use(metrics.countRequests(routeOfCall));

  app.get('/healthz', answerAlive);
  // The gateway's own, never a service's: no /v1 path reaches a service's /metrics.
  app.get('/metrics', metrics.answer);
  app.get('/readyz', answerReadiness(services, options.isStopping));
  if (options.databaseDump) app.use(databaseDumpRoutes(options.databaseDump, options.internalToken));

  // One router for the sign-in calls, so that every other call passes one layer, not one per limit.
  app.use('/v1/auth', signInRateLimits(options.rateLimit, answers, options.limitStore));
  // QPay's callback carries no proof and only wakes a check, but each check is a call to QPay.
  app.use('/v1/payments/qpay/callback', callLimit({ windowMs: options.rateLimit.windowMs, limit: options.rateLimit.qpayCallbacks, store: options.limitStore?.('qpay-callback') }, answers));
  const handedOverFiles = options.mediaFiles && new HandedOverFiles(options.mediaFiles, answers, logger);
  app.use(proxyToServices({ services, agent: options.agent ?? new ServiceAgent(), sealJson, answers, logger, handedOverFiles }));

  // The front-ends' scripts and styles gzipped on the way (bench/bundle weighs a first visit both ways);
  // content-hashed files are cached for a year, so a browser asks for each once.
  app.use(compression());
  app.use(serveApiDocs());
  app.use(serveFrontEnds(options.staticDir, options.remotes, { payloadSecret: options.payloadSecret, offline: options.offline }));
  app.use((req, res) => answers.error(req, res, gatewayErrors.notFound()));
  app.use(answerUnexpectedError(answers, logger));
  return app;
}

/** A limit of its own for each sign-in call; like every route, a path in any case or with a trailing slash is the same. */
function signInRateLimits({ windowMs, limit }: GatewayOptions['rateLimit'], answers: Answers, store?: LimitStore): Router {
  const router = Router();
  for (const path of rateLimitedPaths) router.post(path, callLimit({ windowMs, limit, store: store?.(`auth${path}`) }, answers));
  // Express would answer an OPTIONS of these paths itself (200, "POST"), where every other path gets the services' 405.
  router.use((req, res, next) => (req.method === 'OPTIONS' ? answers.error(req, res, gatewayErrors.methodNotAllowed()) : next()));
  return router;
}

/** At most `limit` calls per client in each window, then 429; counted in `store` when given. */
function callLimit({ windowMs, limit, store }: { windowMs: number; limit: number; store?: Store | undefined }, answers: Answers) {
  return rateLimit({
    windowMs,
    limit,
    ...(store ? { store, passOnStoreError: true } : {}),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // The key is req.ip: the client's address, or what the trusted proxies in front (TRUST_PROXY)
    // say it is; a client's own X-Forwarded-For is never believed.
    validate: { xForwardedForHeader: false },
    handler: (req, res) => answers.error(req, res, gatewayErrors.rateLimited()),
  });
}

function answerUnexpectedError(answers: Answers, logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    // A refusal of the gateway's own routes (the database dump's guard) is an answer, not a fault.
    if (error instanceof HttpError && !res.headersSent) return void answers.error(req, res, error);
    logger.error({ err: error, requestId: req.headers['x-request-id'] }, 'unhandled error');
    if (res.headersSent) res.destroy();
    else void answers.error(req, res, gatewayErrors.internal());
  };
}
