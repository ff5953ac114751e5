// Where the catalog stands: the revision of what the public lists show (bundles, plans, their
// videos), and for each kind of request how many are pending and its revision (its requests and the
// learners' emails). The database moves them with statement triggers (migrations 0001 and 0002) on
// every write of those tables, whichever module writes them, cascades included; test/revisions.test.ts
// fails when a list reads a table whose change leaves its revision where it was. One small query
// reads them, shared by the requests that ask at the same time (kit's batchedLookup: an answer is
// never older than the question).
import { batchedLookup } from '@learning/kit/data';
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

/** What a public list (bundles, plans) is kept at: the catalog's revision. */
export const catalogRevision = (revisions: Revisions): string => revisions.catalog;

/** What an administrator's page of requests is kept at: its kind's revision and the catalog's (the bundles' names). */
export const requestRevision =
  (kind: RequestKind) =>
  (revisions: Revisions): string =>
    `${revisions.catalog}.${revisions.requests[kind].revision}`;

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
