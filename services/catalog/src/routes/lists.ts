// The catalog's most read calls, answered before Express (kit's Lane): the public lists of bundles
// and plans every visitor loads, and the administrator's pages of requests with the new-request
// count. Each is a kept list or a count checked against the catalog's revisions, so Express's routing
// and response helpers were most of what it cost: under bench/catalog, through the gateway, the plan
// list went from about 4,000 answers a second (p99 46–51 ms) to 5,000–5,300 (p99 29–38 ms).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { pageQuery } from '@learning/contracts';
import { adminOf, parseInput, pathOf, type Lane, type ServiceContext } from '@learning/kit';
import { listLessons } from '../lessons.js';
import type { ListCache } from '../list-cache.js';
import { listMonsterplans } from '../monsterplans.js';
import { listRequests, type RequestKind } from '../requests.js';
import type { ReadRevisions } from '../revisions.js';
import type { CatalogTables } from '../tables.js';

type Answer = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export function listLane(context: ServiceContext<CatalogTables>, lists: ListCache, revisions: ReadRevisions): Lane {
  const { db, verifyToken } = context;

  // Administrator: newest first, `perPage` and `currentPage`. A page depends on the requests, the
  // learners' emails and the bundles: the request revision and the catalog's.
  const requestPage =
    (kind: RequestKind): Answer =>
    async (req, res) => {
      await adminOf(req, verifyToken);
      const page = parseInput(pageQuery, queryOf(req));
      const { catalog, requests } = await revisions();
      await lists.send(req, res, `${kind}-requests:${page.perPage}:${page.currentPage}`, `${catalog}.${requests[kind].revision}`, () => listRequests(db, kind, page));
    };

  // Administrator: the count of pending requests (the badge's "N new request").
  const newRequestCount =
    (kind: RequestKind): Answer =>
    async (req, res) => {
      await adminOf(req, verifyToken);
      sendJson(res, { count: (await revisions()).requests[kind].pending });
    };

  const answers: Record<string, Answer> = {
    // Anyone.
    '/v1/lessons': async (req, res) => lists.send(req, res, 'lessons', (await revisions()).catalog, () => listLessons(db)),
    '/v1/monsterplans': async (req, res) => lists.send(req, res, 'monsterplans', (await revisions()).catalog, () => listMonsterplans(db)),

    '/v1/lesson-requests': requestPage('lesson'),
    '/v1/monsterplan-requests': requestPage('monsterplan'),
    '/v1/lesson-requests/total-new-requests': newRequestCount('lesson'),
    '/v1/monsterplan-requests/total-new-requests': newRequestCount('monsterplan'),
  };

  return {
    takes: (req) => (req.method === 'GET' || req.method === 'HEAD') && Object.hasOwn(answers, routeOf(req)),
    answer: (req, res) => answers[routeOf(req)]!(req, res),
  };
}

/** The path as Express matched these routes: in any case, with or without one trailing slash. */
function routeOf(req: IncomingMessage): string {
  return pathOf(req.url).toLowerCase().replace(/(.)\/$/, '$1');
}

/** The query as Express 5 reads it (node:querystring: a repeated name becomes a list, which the schema refuses). */
function queryOf(req: IncomingMessage): Record<string, unknown> {
  const url = req.url ?? '';
  const start = url.indexOf('?');
  return start === -1 ? {} : { ...parseQuery(url.slice(start + 1)) };
}

function sendJson(res: ServerResponse, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) }).end(json);
}
