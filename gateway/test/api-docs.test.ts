// The API's documentation on the gateway: /openapi.json is an OpenAPI 3.1 document in shape, and
// /docs is a page that loads only our own scripts. (scripts/test/openapi-routes.test.ts holds the
// document equal to the routes the services serve.)
import { docsBundlePath } from '../src/api-docs.js';
import type { RunningGateway } from '../src/server.js';
import { serviceUrls, startStandIns, startTestGateway } from './fixture.js';

type JsonObject = Record<string, any>;
const methods = ['get', 'post', 'put', 'delete', 'patch', 'head', 'options', 'trace'];

let standIns: Awaited<ReturnType<typeof startStandIns>>;
let gateway: RunningGateway;
let document: JsonObject;

beforeAll(async () => {
  standIns = await startStandIns();
  gateway = await startTestGateway(serviceUrls(standIns));
  const response = await fetch(`${gateway.url}/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  document = (await response.json()) as JsonObject;
});

afterAll(async () => {
  await gateway?.close();
  await standIns?.close();
});

describe('/openapi.json is an OpenAPI 3.1 document', () => {
  const operations = () =>
    Object.entries(document.paths as Record<string, JsonObject>).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([key]) => methods.includes(key))
        .map(([method, operation]) => ({ path, method, operation: operation as JsonObject })),
    );

  it('names its version, its title and its paths', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toEqual(expect.objectContaining({ title: expect.any(String), version: expect.any(String) }));
    expect(Object.keys(document.paths).every((path) => path.startsWith('/v1/'))).toBe(true);
  });

  it('every operation has an id, says who may call it, and answers a success and `{message, code}` errors', () => {
    const ids = new Set<string>();
    for (const { path, method, operation } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      expect([where, typeof operation.operationId]).toEqual([where, 'string']);
      expect([where, ids.has(operation.operationId)]).toEqual([where, false]);
      ids.add(operation.operationId);
      expect([where, Array.isArray(operation.security)]).toEqual([where, true]);
      const statuses = Object.keys(operation.responses);
      expect([where, statuses.some((status) => /^2\d\d$/.test(status))]).toEqual([where, true]);
      for (const status of statuses.filter((status) => /^[45]\d\d$|^default$/.test(status))) {
        expect([where, status, operation.responses[status].content['application/json'].schema]).toEqual([where, status, { $ref: '#/components/schemas/Error' }]);
      }
    }
    expect(document.components.schemas.Error).toEqual(
      expect.objectContaining({ type: 'object', required: ['message', 'code'], properties: { message: expect.any(Object), code: expect.any(Object) } }),
    );
  });

  it('an administrator\'s call says so, and a signed-in call asks for the bearer token', () => {
    const usersList = document.paths['/v1/users'].get;
    expect(usersList.description).toMatch(/administrator only/i);
    expect(usersList.security).toEqual([{ bearer: [] }]);
    expect(usersList.responses['403']).toBeDefined();
    expect(document.paths['/v1/monsterplans'].get.security).toEqual([]);
    expect(document.components.securitySchemes.bearer).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
  });

  it('declares every path parameter, and every $ref points at a schema it holds', () => {
    for (const { path, method, operation } of operations()) {
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort();
      const declared = (operation.parameters ?? []).filter((parameter: JsonObject) => parameter.in === 'path').map((parameter: JsonObject) => parameter.name).sort();
      expect([method, path, declared]).toEqual([method, path, templated]);
    }
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      const name = /^"\$ref":"#\/components\/schemas\/([^"]+)"$/.exec(ref)?.[1];
      expect([ref, name !== undefined && name in document.components.schemas]).toEqual([ref, true]);
    }
  });

  it('takes the request bodies and queries from the contracts\' zod schemas', () => {
    const register = document.paths['/v1/auth/register'].post.requestBody.content['application/json'].schema;
    expect(register.required).toEqual(expect.arrayContaining(['email', 'name', 'password', 'repeatPassword']));
    const users = document.paths['/v1/users'].get.parameters.map((parameter: JsonObject) => parameter.name);
    expect(users).toEqual(expect.arrayContaining(['perPage', 'currentPage', 'search']));
    const aloud = document.paths['/v1/monsterplans/aloud'].post.requestBody.content['multipart/form-data'].schema;
    expect(aloud.required).toEqual(['video']);
    expect(document.components.schemas.User.required).toEqual(expect.arrayContaining(['_id', 'email', 'isAdmin']));
  });
});

describe('/docs', () => {
  it('answers a page whose scripts are all our own, under a policy that allows no other', async () => {
    const response = await fetch(`${gateway.url}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      const source = /\bsrc="([^"]+)"/.exec(attributes!)?.[1];
      expect(source).toMatch(/^\/(?!\/)/);
      expect(body!.trim()).toBe('');
    }
    expect(html).toContain('spec-url="/openapi.json"');
    const policy = Object.fromEntries(
      response.headers
        .get('content-security-policy')!
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources]),
    );
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  it('serves the Redoc bundle the page loads, from this gateway', async () => {
    const response = await fetch(`${gateway.url}${docsBundlePath}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect((await response.text()).length).toBeGreaterThan(100_000);
  });

  it('keeps the pages\' own policy everywhere else', async () => {
    const response = await fetch(`${gateway.url}/openapi.json`);
    expect(response.headers.get('content-security-policy')).not.toContain("'unsafe-inline'");
  });
});
