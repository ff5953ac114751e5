// What a launcher does when the embedded database folder it needs is another process's: says so
// plainly, in Mongolian and English, and exits, so the two never write the folder at once.
import type { Logger } from 'pino';
import { DataFolderInUse } from '../data/data-folder-lock.js';

/**
 * For a launcher's start, as `.catch(exitWhenDataFolderInUse(logger))`: a data folder in use is
 * logged without a stack and the process exits 1; any other error is thrown on.
 */
export function exitWhenDataFolderInUse(logger: Logger): (error: unknown) => never {
  return (error) => {
    if (!(error instanceof DataFolderInUse)) throw error;
    // `heldBy`, as the log line's own `pid` is this process's.
    logger.fatal({ folder: error.folder, heldBy: error.pid }, error.message);
    process.exit(1);
  };
}
