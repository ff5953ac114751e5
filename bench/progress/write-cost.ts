// What the listening reports cost PostgreSQL, read from its own statistics: the rows each table of the
// catalog's schema inserted, updated (HOT or not) and deleted between two snapshots, the WAL written
// between them (pg_current_wal_lsn: the whole server's, so other schemas' activity counts too; and,
// with pg_walinspect, the records that touch the catalog's tables or belong to their transactions),
// and the listening table's size per row.
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

/**
 * A backend sends its table counters to the shared statistics when idle, at most once a second and,
 * when it flushed less than a second ago, up to 10 s later (PostgreSQL 15's PGSTAT_IDLE_INTERVAL).
 */
export const statisticsSettleMs = 11_000;

interface TableCounts {
  inserted: number;
  updated: number;
  hotUpdated: number;
  deleted: number;
}

export interface Snapshot {
  tables: Map<string, TableCounts>;
  walLsn: string;
  at: number;
}

export async function snapshotOf(database: pg.Client, schema: string): Promise<Snapshot> {
  await database.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await database.query<{ relname: string; ins: string; upd: string; hot: string; del: string }>(
    'SELECT relname, n_tup_ins AS ins, n_tup_upd AS upd, n_tup_hot_upd AS hot, n_tup_del AS del FROM pg_stat_user_tables WHERE schemaname = $1',
    [schema],
  );
  const tables = new Map(rows.map((row) => [row.relname, { inserted: Number(row.ins), updated: Number(row.upd), hotUpdated: Number(row.hot), deleted: Number(row.del) }]));
  return { tables, walLsn: await walLsn(database), at: Date.now() };
}

export async function walLsn(database: pg.Client): Promise<string> {
  return (await database.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]!.lsn;
}

export async function walBytesBetween(database: pg.Client, from: string, to: string): Promise<number> {
  return Number((await database.query<{ bytes: string }>('SELECT pg_wal_lsn_diff($2::pg_lsn, $1::pg_lsn) AS bytes', [from, to])).rows[0]!.bytes);
}

/** The WAL the whole server writes in `ms` while the bench is quiet: what other work adds to the bench's figure. */
export async function backgroundWalBytesPerSecond(database: pg.Client, ms: number): Promise<number> {
  const from = await walLsn(database);
  await sleep(ms);
  return (await walBytesBetween(database, from, await walLsn(database))) / (ms / 1000);
}

export interface OwnWal {
  records: number;
  bytes: number;
  fullPageBytes: number;
  /** Each resource manager's record type: how many, and their mean length. */
  kinds: string[];
}

/**
 * pg_walinspect in a schema of the bench's own (dropped with the others), or where it already is;
 * undefined when it cannot be had: the whole server's WAL is then the only figure.
 */
export async function walInspectorSchema(database: pg.Client, schema: string): Promise<string | undefined> {
  try {
    await database.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await database.query(`CREATE EXTENSION IF NOT EXISTS pg_walinspect SCHEMA "${schema}"`);
    const { rows } = await database.query<{ schema: string }>("SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'pg_walinspect'");
    return rows[0]?.schema;
  } catch {
    return undefined;
  }
}

/**
 * The WAL records between `from` and `to` that touch a relation of `schema` (its tables, indexes and
 * TOAST) or belong to a transaction that did (its commit): the reports' own WAL, whatever else the
 * server wrote. Undefined when the WAL is gone (recycled) or cannot be read.
 */
export async function ownWalBetween(database: pg.Client, inspector: string, schema: string, from: string, to: string): Promise<OwnWal | undefined> {
  try {
    const { rows } = await database.query<{ kind: string; records: string; bytes: string | null; fpi: string | null }>(
      `WITH files AS (
         SELECT pg_relation_filenode(c.oid)::text AS node FROM pg_class c
         WHERE c.relnamespace = $1::regnamespace
            OR c.oid IN (SELECT reltoastrelid FROM pg_class WHERE relnamespace = $1::regnamespace)
            OR c.oid IN (SELECT indexrelid FROM pg_index WHERE indrelid IN (SELECT reltoastrelid FROM pg_class WHERE relnamespace = $1::regnamespace))),
       pattern AS (SELECT 'rel \\d+/\\d+/(' || string_agg(node, '|') || ')( |,|$)' AS re FROM files WHERE node IS NOT NULL),
       records AS (SELECT xid, resource_manager, record_type, record_length, fpi_length, block_ref ~ (SELECT re FROM pattern) AS is_ours FROM "${inspector}".pg_get_wal_records_info($2::pg_lsn, $3::pg_lsn)),
       transactions AS (SELECT DISTINCT xid FROM records WHERE is_ours AND xid::text <> '0')
       SELECT resource_manager || '/' || split_part(record_type, ' ', 1) AS kind, count(*) AS records, sum(record_length) AS bytes, sum(fpi_length) AS fpi FROM records
       WHERE is_ours OR xid IN (SELECT xid FROM transactions)
       GROUP BY 1 ORDER BY sum(record_length) DESC`,
      [schema, from, to],
    );
    const total = (column: 'records' | 'bytes' | 'fpi') => rows.reduce((sum, row) => sum + Number(row[column] ?? 0), 0);
    const kinds = rows.map(({ kind, records, bytes }) => `${kind} ${records} × ${(Number(bytes) / Number(records)).toFixed(0)} B`);
    return { records: total('records'), bytes: total('bytes'), fullPageBytes: total('fpi'), kinds };
  } catch (error) {
    console.log(`  (pg_walinspect could not read the run's WAL: ${(error as Error).message})`);
    return undefined;
  }
}

/** Prints the rows written per report, each table that changed, and the WAL per report. */
export function printWriteCost(
  before: Snapshot,
  after: Snapshot,
  walBytes: { during: number; own: OwnWal | undefined; backgroundPerSecond: number; seconds: number },
  reports: number,
): void {
  console.log(`write cost per report (${reports} reports sent, duplicates included; PostgreSQL's statistics for the catalog's schema before and after):`);
  let rows = 0;
  for (const [table, counts] of after.tables) {
    const was = before.tables.get(table) ?? { inserted: 0, updated: 0, hotUpdated: 0, deleted: 0 };
    const inserted = counts.inserted - was.inserted;
    const updated = counts.updated - was.updated;
    const hotUpdated = counts.hotUpdated - was.hotUpdated;
    const deleted = counts.deleted - was.deleted;
    if (inserted + updated + deleted === 0) continue;
    rows += inserted + updated + deleted;
    const per = (value: number) => (value / reports).toFixed(3);
    console.log(`  ${table.padEnd(22)} inserted ${String(inserted).padStart(6)} (${per(inserted)}/report)  updated ${String(updated).padStart(6)} (${per(updated)}/report, ${hotUpdated} of them HOT)  deleted ${deleted}`);
  }
  console.log(`  rows written in all: ${rows}, ${(rows / reports).toFixed(3)} per report`);
  console.log(
    `  WAL, the whole server's (pg_current_wal_lsn, other engineers' work included): ${kib(walBytes.during)} over ${walBytes.seconds.toFixed(0)} s, ${(walBytes.during / reports).toFixed(0)} bytes per report; ` +
      `in a quiet 11 s just before, other work wrote ${kib(walBytes.backgroundPerSecond)}/s`,
  );
  const { own } = walBytes;
  if (own) {
    console.log(
      `  WAL of the catalog's tables and their transactions (pg_walinspect): ${own.records} records, ${kib(own.bytes)}: ${(own.records / reports).toFixed(2)} records and ${(own.bytes / reports).toFixed(0)} bytes per report (full-page images ${kib(own.fullPageBytes)} of it)`,
    );
    console.log(`    by record: ${own.kinds.join(', ')}`);
  }
}

/** The listening table: its rows, live and dead tuples, heap and index bytes, and what a row holds. */
export async function printListeningSize(database: pg.Client, schema: string): Promise<void> {
  const table = `"${schema}".listening`;
  const { rows } = await database.query<Record<string, string>>(
    `SELECT count(*) AS rows, avg(pg_column_size(l.*)) AS row_bytes, avg(pg_column_size(l.heard)) AS heard_bytes,
       pg_relation_size('${table}') AS heap, pg_indexes_size('${table}') AS indexes, pg_total_relation_size('${table}') AS total,
       (SELECT n_dead_tup FROM pg_stat_user_tables WHERE schemaname = $1 AND relname = 'listening') AS dead
     FROM ${table} l`,
    [schema],
  );
  const size = rows[0]!;
  const count = Number(size.rows);
  const perRow = (bytes: string | undefined) => (count === 0 ? '—' : `${(Number(bytes) / count).toFixed(0)} bytes/row`);
  console.log(
    `listening table: ${count} rows (${size.dead} dead tuples left by updates, not yet vacuumed); a row's tuple ${Number(size.row_bytes).toFixed(0)} bytes on average (heard ranges ${Number(size.heard_bytes).toFixed(0)}); ` +
      `heap ${kib(Number(size.heap))} (${perRow(size.heap)}), primary key ${kib(Number(size.indexes))} (${perRow(size.indexes)}), total ${kib(Number(size.total))} (${perRow(size.total)})`,
  );
}

function kib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`;
}
