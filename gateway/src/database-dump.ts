// The embedded database's dump for `npm run backup` while the all-in-one platform runs: that process
// alone may open the database folder, so a consistent copy can only come from it (PGlite's own dump,
// taken between two transactions). Only the platform's operator may ask: the backup command on this
// machine, or a caller presenting INTERNAL_TOKEN; never one a proxy relays.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { requireInternalCaller } from '@learning/kit/http';

export const databaseDumpPath = '/internal/database-dump';

/** The embedded database's dump: a gzipped tar of its folder. */
export type DatabaseDump = () => Promise<Blob>;

export function databaseDumpRoutes(dump: DatabaseDump, internalToken: string | undefined): Router {
  const router = Router();
  router.get(databaseDumpPath, requireInternalCaller(internalToken), async (_req, res) => {
    const tarball = await dump();
    res.type('application/gzip').set({ 'content-length': String(tarball.size), 'cache-control': 'no-store' });
    await pipeline(Readable.fromWeb(tarball.stream() as import('node:stream/web').ReadableStream), res);
  });
  return router;
}
