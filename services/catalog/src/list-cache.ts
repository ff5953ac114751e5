// The public lists (GET /v1/monsterplans and /v1/lessons) are read by every visitor and change only
// when an administrator or the media service changes the catalog. Each instance keeps their JSON
// text (and its ETag) while the catalog's revision (a counter that triggers bump on every such
// change, see the migration) stays the same: a request then costs one tiny query instead of building
// the list, and the visitors asking at once share that query (kit's batchedLookup: never stale).
import { createHash } from 'node:crypto';
import { batchedLookup } from '@learning/kit';
import type { Response } from 'express';
import type { CatalogDb } from './tables.js';

export interface ListCache {
  /** Answers the list's JSON: kept, or built by `build` when the catalog has changed since. */
  send(res: Response, list: string, build: () => Promise<unknown>): Promise<void>;
}

interface KeptList {
  revision: string;
  json: string;
  etag: string;
}

export function createListCache(db: CatalogDb): ListCache {
  const kept = new Map<string, KeptList>();
  const revisionOf = batchedLookup(async () => {
    const { revision } = await db.selectFrom('catalog_revision').select('revision').where('id', '=', 1).executeTakeFirstOrThrow();
    return new Map([['catalog', String(revision)]]);
  });
  return {
    async send(res, list, build) {
      // Read before building: the list built next is at least as new as this revision, never older.
      const revision = (await revisionOf('catalog'))!;
      let entry = kept.get(list);
      if (entry?.revision !== revision) {
        const json = JSON.stringify(await build());
        entry = { revision, json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
        kept.set(list, entry);
      }
      // With the ETag set, Express does not hash the same text again for every visitor.
      res.set('etag', entry.etag).type('json').send(entry.json);
    },
  };
}
