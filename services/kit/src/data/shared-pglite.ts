// One embedded PGlite for every service of the all-in-one start, each service in its own schema as
// on PostgreSQL: an instance per service held several times the memory at idle (bench/start).
// PGlite is one session, so the search path is the session's: each statement of a service runs in
// a transaction of PGlite's own, whose lock keeps the services' transactions from interleaving, and
// which first sets that service's search path when the previous statement was another's.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { PGlite as KyselyPglite, PGliteTransaction } from 'kysely';
import { lockDataFolder } from './data-folder-lock.js';
import { createInMemoryPglite } from './in-memory-pglite.js';

const execFileAsync = promisify(execFile);

export interface SharedPglite {
  /** The database as the kysely dialect of one service sees it: every statement in `schema`. */
  inSchema(schema: string): KyselyPglite;
  /**
   * PGlite's own dump of its data folder (a gzipped tar that `loadDataDir` opens): taken between two
   * of the services' transactions, so it holds every one committed and nothing of one under way.
   */
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * PostgreSQL's shared buffers, PGlite's largest piece of memory and all of it touched at start:
 * 16 MB instead of its default 128 MB, for a smaller idle platform (bench/start). A centre's data is
 * small, and the files stay in the system's page cache besides.
 */
const sharedBuffers = '16MB';

/**
 * Opens the shared database in `dir` (made if missing), or in memory when `dir` is null. The folder
 * is this process's until `close`: another process holding it is a `DataFolderInUse`.
 */
export async function openSharedPglite(dir: string | null): Promise<SharedPglite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const lock = dir ? lockDataFolder(dir) : undefined;
  try {
    if (dir && !existsSync(path.join(dir, 'PG_VERSION'))) await createInItsOwnProcess(dir);
    const options = { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`] };
    const pglite = dir ? await PGlite.create(dir, options) : await createInMemoryPglite(options);
    const shared = sharePglite(pglite);
    return {
      inSchema: shared.inSchema,
      dump: shared.dump,
      async close() {
        await shared.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/**
 * Makes a new database (PGlite's initdb) in a process that then ends: done here, initdb's own
 * WebAssembly instance is held until a garbage collection, which an idle process may never run.
 */
async function createInItsOwnProcess(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  await execFileAsync(process.execPath, ['-e', `require(${JSON.stringify(pglite)}).PGlite.create(process.argv[1]).then((db) => db.close())`, dir]);
}

export function sharePglite(pglite: PGlite): SharedPglite {
  /** The session's search path; undefined once a rollback may have undone the last change. */
  let searchPath: string | undefined;

  async function inTransaction<Result>(schema: string, work: (tx: Transaction) => Promise<Result>): Promise<Result> {
    try {
      return await pglite.transaction(async (tx) => {
        if (searchPath !== schema) {
          // A session-wide SET, kept once the transaction commits: the next statement in the same schema need not repeat it.
          await tx.exec(`SET search_path TO "${schema}"`);
          searchPath = schema;
        }
        return work(tx);
      });
    } catch (error) {
      searchPath = undefined;
      throw error;
    }
  }

  return {
    inSchema(schema) {
      if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
      return {
        get closed() {
          return pglite.closed;
        },
        get ready() {
          return pglite.ready;
        },
        waitReady: pglite.waitReady,
        // Closed by its opener once every service has closed, not by one service's db.destroy().
        close: async () => {},
        query: (text, params, options) => inTransaction(schema, (tx) => tx.query(text, params, options)),
        transaction: (callback) => inTransaction(schema, (tx) => callback(tx as PGliteTransaction)),
      };
    },
    async dump() {
      // A checkpoint first, so that a restore has little of the write-ahead log to replay.
      await pglite.exec('CHECKPOINT');
      // Every statement of the services runs in a transaction of PGlite's (see inTransaction), so
      // holding one here keeps them all out while the folder is read.
      return pglite.transaction(() => pglite.dumpDataDir('gzip'));
    },
    close: () => pglite.close(),
  };
}

/**
 * The per-service folders of the layout before the shared database (`<dataDir>/<service>`, each a
 * PGlite data directory) that still exist: the all-in-one start no longer reads them.
 */
export function earlierDatabaseFolders(dataDir: string, services: readonly string[]): string[] {
  return services.map((service) => path.join(dataDir, service)).filter((folder) => existsSync(path.join(folder, 'PG_VERSION')));
}
