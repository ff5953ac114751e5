// The public lists (GET /v1/monsterplans and /v1/lessons) are read by every visitor and change only
// when an administrator or the media service changes the catalog. Each instance keeps their JSON
// text while the catalog's revision (a counter that triggers bump on every such change, see the
// migration) stays the same: a request then costs one tiny query instead of building the list.
import type { CatalogDb } from './tables.js';

export interface ListCache {
  /** The list's JSON text: kept, or built by `build` when the catalog has changed since. */
  json(db: CatalogDb, list: string, build: () => Promise<unknown>): Promise<string>;
}

export function createListCache(): ListCache {
  const kept = new Map<string, { revision: string; json: string }>();
  return {
    async json(db, list, build) {
      // Read before building: the list built next is at least as new as this revision, never older.
      const { revision } = await db.selectFrom('catalog_revision').select('revision').where('id', '=', 1).executeTakeFirstOrThrow();
      const entry = kept.get(list);
      if (entry?.revision === String(revision)) return entry.json;
      const json = JSON.stringify(await build());
      kept.set(list, { revision: String(revision), json });
      return json;
    },
  };
}
