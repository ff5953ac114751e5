// What the listening reports cost PostgreSQL, read from its own statistics: the rows each table of the
// catalog's schema inserted, updated (HOT or not) and deleted between two snapshots, the WAL written
// between them (pg_current_wal_lsn; WAL is the whole server's, so other schemas' activity counts too),
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

/** Prints the rows written per report, each table that changed, and the WAL per report. */
export function printWriteCost(before: Snapshot, after: Snapshot, walBytes: { during: number; backgroundPerSecond: number; seconds: number }, reports: number): void {
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
  const background = walBytes.backgroundPerSecond * walBytes.seconds;
  console.log(
    `  WAL (the whole server's, pg_current_wal_lsn): ${kib(walBytes.during)} over ${walBytes.seconds.toFixed(0)} s, ${(walBytes.during / reports).toFixed(0)} bytes per report; ` +
      `other work wrote ${kib(walBytes.backgroundPerSecond)}/s in a quiet 10 s before (≈ ${kib(background)} over the run), so the reports' own ≈ ${(Math.max(0, walBytes.during - background) / reports).toFixed(0)} bytes per report`,
  );
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
