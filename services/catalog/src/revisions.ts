// Where the catalog stands: the revision of what the public lists show (bundles, plans, their
// videos), and for each kind of request how many are pending and its revision (its requests and the
// learners' emails). The database keeps all of them with triggers (see the migrations), so no
// change is missed; one small query reads them, shared by the requests that ask at the same time
// (kit's batchedLookup: an answer is never older than the question).
import { batchedLookup } from '@learning/kit';
import { sql } from 'kysely';
import type { CatalogDb, RequestKind } from './tables.js';

export interface RequestTally {
  pending: number;
  revision: string;
}

export interface Revisions {
  catalog: string;
  requests: Record<RequestKind, RequestTally>;
}

/** Reads where the catalog stands now. */
export type ReadRevisions = () => Promise<Revisions>;

export function createRevisions(db: CatalogDb): ReadRevisions {
  const lookup = batchedLookup(async () => {
    const { rows } = await sql<{ kind: RequestKind | 'catalog'; pending: number; revision: string }>`
      SELECT 'catalog' AS kind, 0 AS pending, revision FROM catalog_revision
      UNION ALL SELECT kind, pending, revision FROM request_tally`.execute(db);
    const of = (kind: string) => rows.find((row) => row.kind === kind)!;
    const tally = (kind: RequestKind) => ({ pending: of(kind).pending, revision: String(of(kind).revision) });
    return new Map([['now', { catalog: String(of('catalog').revision), requests: { lesson: tally('lesson'), monsterplan: tally('monsterplan') } }]]);
  });
  return async () => (await lookup('now'))!;
}
