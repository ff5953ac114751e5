// One typed SQL interface over PostgreSQL (DATABASE_URL set) or embedded PGlite (the default).
// Each service lives in its own schema; the kit's tables and the service's tables have their own
// migration histories so either can grow without reordering the other.
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql, type PGlite as KyselyPglite, type PGliteTransaction } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { lockDataFolder, type DataFolderLock } from './data-folder-lock.js';
import { kitMigrations, type KitTables } from './kit-tables.js';
import { createInMemoryPglite } from './in-memory-pglite.js';
import type { SharedPglite } from './shared-pglite.js';
import { ownDatabase } from './unit-of-work.js';
import { introspectingOnly } from './schema-introspection.js';

export type { KitTables };
export type Db<Tables = object> = Kysely<Tables & KitTables>;

/** Any service's database or transaction, for the kit's own tables, which every schema has. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;
export const kitTables = (db: AnyDb) => db as Kysely<KitTables>;

export interface DatabaseOptions {
  /** The owning service; also the default schema name. */
  service: string;
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files (`<dataDir>/<service>`); `null` keeps the database in memory. */
  dataDir: string | null;
  /** An embedded database shared with the other services of this process, instead of one of its own. */
  sharedPglite?: SharedPglite | undefined;
  /** Schema name; defaults to the service name (tests use a fresh one each run). */
  schema?: string | undefined;
  /** PostgreSQL connections kept open; 10 unless DATABASE_POOL_SIZE says otherwise. */
  poolSize?: number;
  migrations: Record<string, Migration>;
}

export async function openDatabase<Tables>(options: DatabaseOptions): Promise<Db<Tables>> {
  const schema = options.schema ?? options.service;
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const db = options.databaseUrl
    ? await openPostgres(options.databaseUrl, schema, options.poolSize ?? 10)
    : options.sharedPglite
      ? await openSharedSchema(options.sharedPglite, schema)
      : await openPglite(options.dataDir === null ? null : path.join(options.dataDir, options.service), schema);
  try {
    await migrate(db, schema, 'kit_migration', kitMigrations);
    await migrate(db, schema, 'migration', options.migrations);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  ownDatabase(db, options.service);
  return db as Db<Tables>;
}

async function openPostgres(url: string, schema: string, poolSize: number): Promise<Kysely<unknown>> {
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  try {
    await setup.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } finally {
    await setup.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    options: `-c search_path="${schema}"`,
    // pg_stat_activity then tells an operator which service holds each connection.
    application_name: schema,
    max: poolSize,
  });
  return new Kysely({ dialect: introspectingOnly(schema, new PostgresDialect({ pool })) });
}

/** A service's own PGlite; its folder is this process's until the database is destroyed. */
async function openPglite(dir: string | null, schema: string): Promise<Kysely<unknown>> {
  const { PGlite } = await import('@electric-sql/pglite');
  const lock = dir ? lockDataFolder(dir) : undefined;
  try {
    if (dir) await mkdir(dir, { recursive: true });
    const pglite = dir ? await PGlite.create(dir) : await createInMemoryPglite();
    // PGlite has a single connection, so the search path set here holds for every query.
    await pglite.exec(`CREATE SCHEMA IF NOT EXISTS "${schema}"; SET search_path TO "${schema}";`);
    return new Kysely({ dialect: introspectingOnly(schema, new PGliteDialect({ pglite: lock ? releasingOnClose(pglite, lock) : pglite })) });
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** The database as kysely sees it, whose close (kysely's destroy) also frees its folder. */
function releasingOnClose(pglite: PGlite, lock: DataFolderLock): KyselyPglite {
  return {
    get closed() {
      return pglite.closed;
    },
    get ready() {
      return pglite.ready;
    },
    waitReady: pglite.waitReady,
    close: async () => {
      await pglite.close();
      lock.release();
    },
    query: (text, params, options) => pglite.query(text, params, options),
    transaction: (callback) => pglite.transaction((tx) => callback(tx as PGliteTransaction)),
  };
}

async function openSharedSchema(shared: SharedPglite, schema: string): Promise<Kysely<unknown>> {
  const db = new Kysely({ dialect: introspectingOnly(schema, new PGliteDialect({ pglite: shared.inSchema(schema) })) });
  await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(schema)}`.execute(db);
  return db;
}

async function migrate(db: Kysely<unknown>, schema: string, table: string, migrations: Record<string, Migration>) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
    migrationTableName: table,
    migrationLockTableName: `${table}_lock`,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed in schema ${schema}: ${String(error)}`);
  }
}

/** Whether a query failed on a unique constraint (PostgreSQL's 23505), e.g. a concurrent duplicate insert. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string })?.code === '23505';
}

/** Drops a schema and everything in it (tests on a shared PostgreSQL use one schema per file). */
export async function dropSchema(db: Kysely<unknown>, schema: string): Promise<void> {
  await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db);
}
