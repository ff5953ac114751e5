// Lists that many read and few change: the public lists (GET /v1/monsterplans and /v1/lessons), read
// by every visitor, and the administrator's pages of requests. Each instance keeps a list's JSON text
// (and its ETag) with the revision it was built at (revisions.ts); while the revision holds, a
// request costs the revision's tiny shared query instead of building the list.
import { createHash } from 'node:crypto';
import { keepAtMost } from '@learning/kit';
import type { Response } from 'express';

export interface ListCache {
  /**
   * Answers the list's JSON: kept, or built by `build` when the revision has moved since. `revision`
   * must be read before `build` runs, so the list kept is never older than the revision it is kept at.
   */
  send(res: Response, list: string, revision: string, build: () => Promise<unknown>): Promise<void>;
}

interface KeptList {
  revision: string;
  json: string;
  etag: string;
}

/** `capacity` lists at most (an administrator paging deep makes many); the oldest kept goes first. */
export function createListCache(capacity = 1000): ListCache {
  const kept = new Map<string, KeptList>();
  return {
    async send(res, list, revision, build) {
      let entry = kept.get(list);
      if (entry?.revision !== revision) {
        const json = JSON.stringify(await build());
        entry = { revision, json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
        keepAtMost(kept, capacity, list, entry);
      }
      // With the ETag set, Express does not hash the same text again for every visitor.
      res.set('etag', entry.etag).type('json').send(entry.json);
    },
  };
}
