// The embedded database (`<DATA_DIR>/platform`, PGlite) out of and into a backup. Out: PGlite's own
// dump, from the running platform when it holds the folder (its gateway's /internal/database-dump),
// or opened here when it is stopped. In: only while it is stopped; the dump is opened into a folder
// beside, and swapped in whole, the data before kept beside until the operator deletes it.
import { existsSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { Kysely, PGliteDialect } from 'kysely';
import { DataFolderInUse, lockDataFolder, openSharedPglite } from '@learning/kit/data';
import { BackupRefused, timeInName } from './manifest.js';
import { endEverySession } from './sessions-end.js';

export const embeddedFolderOf = (dataDir: string) => join(dataDir, 'platform');

export interface RunningGateway {
  url: string;
  internalToken: string | undefined;
}

/** The dump, streamed: from the platform running on the folder, or from the folder itself. */
export async function dumpEmbeddedDatabase(dataDir: string, gateway: RunningGateway): Promise<Readable> {
  const folder = embeddedFolderOf(dataDir);
  if (!existsSync(join(folder, 'PG_VERSION'))) {
    throw new BackupRefused(`${folder}-д өгөгдлийн сан алга: DATA_DIR зөв эсэхийг шалгана уу.`, `There is no database in ${folder}: check DATA_DIR.`);
  }
  let database;
  try {
    database = await openSharedPglite(folder);
  } catch (error) {
    if (!(error instanceof DataFolderInUse)) throw error;
    return dumpOfRunningPlatform(gateway, error.pid);
  }
  try {
    return Readable.from(Buffer.from(await (await database.dump()).arrayBuffer()));
  } finally {
    await database.close();
  }
}

async function dumpOfRunningPlatform({ url, internalToken }: RunningGateway, pid: number): Promise<Readable> {
  const address = new URL('/internal/database-dump', url);
  let response: Response;
  try {
    response = await fetch(address, { headers: internalToken ? { authorization: `Bearer ${internalToken}` } : {} });
  } catch (error) {
    throw new BackupRefused(
      `Өгөгдлийн санг ${pid} дугаартай процесс барьж байгаа ч ${address.origin} хариу өгсөнгүй (${String(error)}). PORT, HOST нь платформынхтой ижил эсэхийг шалгана уу.`,
      `Process ${pid} holds the database, but ${address.origin} did not answer (${String(error)}). Give the platform's PORT and HOST.`,
    );
  }
  if (!response.ok || !response.body) {
    throw new BackupRefused(
      `${address.href} ${response.status} гэж хариуллаа: INTERNAL_TOKEN платформынхтой ижил эсэхийг шалгана уу.`,
      `${address.href} answered ${response.status}: give the platform's INTERNAL_TOKEN.`,
    );
  }
  return Readable.fromWeb(response.body as ReadableStream);
}

/**
 * Opens the dump as the embedded database, ends every session in it, and swaps it in. Returns the
 * folder the data before the restore was moved to, if there was any.
 */
export async function restoreEmbeddedDatabase(dataDir: string, dumpFile: string, tokenTtlSeconds: number): Promise<string | undefined> {
  const folder = embeddedFolderOf(dataDir);
  let lock;
  try {
    lock = lockDataFolder(folder);
  } catch (error) {
    if (!(error instanceof DataFolderInUse)) throw error;
    throw new BackupRefused(
      `Платформ ажиллаж байна (${error.pid} дугаартай процесс): сэргээхийн өмнө зогсооно уу.`,
      `The platform is running (process ${error.pid}): stop it before restoring.`,
    );
  }
  const staging = `${folder}.restoring`;
  try {
    await rm(staging, { recursive: true, force: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const restored = await PGlite.create(staging, { loadDataDir: new Blob([await readFile(dumpFile)]) });
    const db = new Kysely({ dialect: new PGliteDialect({ pglite: restored }) });
    try {
      await endEverySession(db, tokenTtlSeconds);
    } finally {
      await db.destroy();
    }
    const before = existsSync(folder) ? `${folder}.before-restore-${timeInName(new Date())}` : undefined;
    if (before) await rename(folder, before);
    await rename(staging, folder);
    return before;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    lock.release();
  }
}
