// Lists that many read and few change: the public lists (GET /v1/monsterplans and /v1/lessons), read
// by every visitor, and the administrator's pages of requests. Each instance keeps a list's JSON
// (and its ETag) with the revision it was built at (revisions.ts); while the revision holds, a
// request costs the revision's tiny shared query instead of building the list. The domain modules
// that write the tables these lists read say how they move the revisions.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { keepAtMost } from '@learning/kit/bounded-map';
import { matchesEtag } from '@learning/kit/http';
import { createRevisions, type ReadRevisions, type Revisions } from './revisions.js';
import type { CatalogDb } from './tables.js';

export interface KeptLists {
  /**
   * Answers the list's JSON (304 to a client that has it): kept, or built by `build` when its
   * revision (`revisionOf` the catalog's) has moved since. The revision is read before `build` runs,
   * so the list kept is never older than the revision it is kept at.
   */
  send(req: IncomingMessage, res: ServerResponse, list: string, revisionOf: (revisions: Revisions) => string, build: () => Promise<unknown>): Promise<void>;
  /** Where the catalog stands now. */
  revisions: ReadRevisions;
}

interface KeptList {
  revision: string;
  /** UTF-8, encoded once rather than for every visitor. */
  json: Buffer;
  etag: string;
}

/** `capacity` lists at most (an administrator paging deep makes many); the oldest kept goes first. */
export function keepLists(db: CatalogDb, capacity = 1000): KeptLists {
  const kept = new Map<string, KeptList>();
  const revisions = createRevisions(db);
  return {
    revisions,
    async send(req, res, list, revisionOf, build) {
      const revision = revisionOf(await revisions());
      let entry = kept.get(list);
      if (entry?.revision !== revision) {
        const json = Buffer.from(JSON.stringify(await build()));
        entry = { revision, json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
        keepAtMost(kept, capacity, list, entry);
      }
      res.setHeader('etag', entry.etag);
      if (matchesEtag(req.headers['if-none-match'], entry.etag)) {
        res.writeHead(304).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': entry.json.length }).end(entry.json);
    },
  };
}
