// The OpenAPI document (packages/contracts/src/openapi.ts, served at /openapi.json) lists exactly the
// /v1 routes the services and the gateway serve, and the gateway's routing table sends each route to
// the service that serves it: their Express apps are built as main.ts builds them, with nothing
// opened, and their routers walked.
import express, { type Express } from 'express';
import { openApiDocument } from '@learning/contracts/openapi';
import { createLogger } from '@learning/kit/observability';
import { loadConfig } from '@learning/kit/service';
import { testTokenSigningKey } from '@learning/testing';
import { authEnv } from '../../services/auth/src/config.js';
import { authService } from '../../services/auth/src/service.js';
import { catalogEnv } from '../../services/catalog/src/config.js';
import { catalogService } from '../../services/catalog/src/service.js';
import { examEnv } from '../../services/exam/src/config.js';
import { examService } from '../../services/exam/src/service.js';
import { mediaEnv } from '../../services/media/src/config.js';
import { mediaService } from '../../services/media/src/service.js';
import { createGateway } from '../../gateway/src/app.js';
import { ownerOf } from '../../gateway/src/routing.js';

const methods = ['get', 'post', 'put', 'delete', 'patch', 'head', 'options', 'trace'];
const logger = createLogger('openapi-routes-test', 'silent');

/** Each service's app with its routes mounted; the routes keep the context for their calls and use none of it while mounted. */
function serviceApps(): Record<string, Express> {
  const env = { PORT: '0', MEDIA_SIGNING_SECRET: 'openapi-test-signing-secret', BANK_ACCOUNT_KEY: 'openapi-test-bank-account-key', MAIL_LINK_SECRET: 'openapi-test-mail-link-secret', TOKEN_SIGNING_KEY: testTokenSigningKey(), PAYLOAD_SECRET: 'openapi-test-payload-secret', DATA_DIR: '/nonexistent/openapi-test' };
  const definitions = {
    auth: authService(loadConfig(authEnv, env)),
    catalog: catalogService(loadConfig(catalogEnv, env)),
    media: mediaService(loadConfig(mediaEnv, env)),
    exam: examService(loadConfig(examEnv, env)),
  };
  return Object.fromEntries(
    Object.entries(definitions).map(([name, definition]) => {
      const app = express();
      definition.routes(app, { name, logger } as never);
      return [name, app];
    }),
  );
}

function gatewayApp(): Express {
  const url = 'http://127.0.0.1:9';
  return createGateway({ services: { auth: url, catalog: url, media: url, exam: url }, rateLimit: { windowMs: 60_000, limit: 10, qpayCallbacks: 10 }, logger });
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  rawPath?: unknown;
  slash?: boolean;
}

/** `GET /v1/users/{id}` for every route of a router and the routers mounted in it: Express's `:id` and `{*name}` as OpenAPI writes them. */
function routesOf(stack: Layer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const path = (prefix + layer.route.path).replace(/:(\w+)/g, '{$1}').replace(/\{\*(\w+)\}/g, '{$1}');
      return Object.keys(layer.route.methods)
        .filter((method) => methods.includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`);
    }
    if (layer.handle.stack) return routesOf(layer.handle.stack, prefix + (typeof layer.rawPath === 'string' && !layer.slash ? layer.rawPath : ''));
    return [];
  });
}

const v1RoutesOf = (app: Express) => routesOf((app as unknown as { router: { stack: Layer[] } }).router.stack).filter((route) => route.includes(' /v1/'));

function documentedOperations(): string[] {
  const paths = openApiDocument().paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => methods.includes(key))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** Route → the apps that serve it (the gateway has its own for the rate-limited sign-in calls). */
const served = new Map<string, string[]>();
beforeAll(() => {
  for (const [name, app] of Object.entries({ ...serviceApps(), gateway: gatewayApp() })) {
    for (const route of v1RoutesOf(app)) served.set(route, [...(served.get(route) ?? []), name]);
  }
});

it('finds the routes it compares: every service\'s and the gateway\'s', () => {
  expect(served.size).toBeGreaterThan(80);
  expect(served.get('POST /v1/auth/login')).toEqual(['auth', 'gateway']);
  expect(served.get('GET /v1/monsterplans/{monsterplanId}/play/{videoId}')).toEqual(['catalog']);
  expect(served.get('PUT /v1/documents/{name}')).toEqual(['media']);
  expect(served.get('POST /v1/monsterplans/{id}/exam/questions/{number}/answer')).toEqual(['exam']);
});

it('every route a service or the gateway serves under /v1 is in the document', () => {
  const documented = new Set(documentedOperations());
  expect([...served.keys()].filter((route) => !documented.has(route))).toEqual([]);
});

it('every operation of the document is a route some service serves', () => {
  expect(documentedOperations().filter((operation) => !served.has(operation))).toEqual([]);
});

it('the gateway sends every route a service serves to that service', () => {
  const services = ['auth', 'catalog', 'media', 'exam'];
  // Each path as a client would call it: its parameters filled with an id-like segment.
  const misrouted = [...served].flatMap(([route, apps]) => {
    const owner = apps.find((app) => services.includes(app));
    const path = route.slice(route.indexOf(' ') + 1).replace(/\{\w+\}/g, '64f0c2');
    return owner && ownerOf(path) !== owner ? [`${route}: served by ${owner}, routed to ${ownerOf(path) ?? 'no one'}`] : [];
  });
  expect(misrouted).toEqual([]);
});
