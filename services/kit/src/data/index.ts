// A service's database: PostgreSQL or embedded PGlite, its schema with the kit's tables beside its
// own, the unit of work its changes run in, and lookups that share one query among requests.
export { DataFolderInUse, lockDataFolder } from './data-folder-lock.js';
export { isUniqueViolation, kitTables, openDatabase, type AnyDb, type Db } from './db.js';
export type { KitTables } from './kit-tables.js';
export { batchedLookup } from './lookups.js';
export { earlierDatabaseFolders, openSharedPglite, type SharedPglite } from './shared-pglite.js';
export { transaction } from './unit-of-work.js';
