// A backup: the platform's data as it is now into a new folder under the destination: the
// database's dump (embedded or PostgreSQL, as the settings say) and every media file (disk or S3),
// with sizes and checksums in backup.json. No secret goes in it. It is taken while the platform runs.
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { loadConfig } from '@learning/kit/service';
import { gatewayEnv } from '../../gateway/src/config.js';
import { mediaEnv } from '../../services/media/src/config.js';
import { storageOf, storeDescribed } from '../../services/media/src/service.js';
import type { Settings } from '../launch-settings.js';
import { dumpEmbeddedDatabase } from './embedded-database.js';
import { pieceOf, timeInName, writeManifest, type BackupManifest } from './manifest.js';
import { copyMediaOut } from './media-files.js';
import { dumpPostgres } from './postgres-database.js';

export async function takeBackup(settings: Settings, destination: string): Promise<{ folder: string; manifest: BackupManifest }> {
  const takenAt = new Date();
  const folder = resolve(destination, `platform-backup-${timeInName(takenAt)}`);
  // Written under another name and renamed once whole: a folder named as a backup is a whole one.
  const partial = `${folder}.partial`;
  // Learners' data: for the operator's eyes only.
  await mkdir(partial, { recursive: true, mode: 0o700 });
  try {
    // The database first: a file made after its dump is copied too (and kept unused); one made
    // before is named by the dump and copied after it.
    const database = settings.DATABASE_URL ? await postgresDump(settings.DATABASE_URL, partial) : await embeddedDump(settings, partial);
    const mediaConfig = loadConfig(mediaEnv, settings);
    const files = await copyMediaOut(storageOf(mediaConfig), partial);
    const manifest: BackupManifest = { format: 1, takenAt: takenAt.toISOString(), database, media: { store: storeDescribed(mediaConfig), files } };
    await writeManifest(partial, manifest);
    await rename(partial, folder);
    return { folder, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

async function embeddedDump(settings: Settings, folder: string): Promise<BackupManifest['database']> {
  const { PORT, HOST, INTERNAL_TOKEN } = loadConfig(gatewayEnv, settings);
  const host = HOST === '0.0.0.0' ? '127.0.0.1' : HOST;
  const dump = await dumpEmbeddedDatabase(settings.DATA_DIR ?? '.data', { url: `http://${host}:${PORT}`, internalToken: INTERNAL_TOKEN });
  const file = 'database.tar.gz';
  await pipeline(dump, createWriteStream(join(folder, file)));
  return { kind: 'embedded', file, ...(await pieceOf(join(folder, file)))! };
}

async function postgresDump(databaseUrl: string, folder: string): Promise<BackupManifest['database']> {
  const file = 'database.dump';
  await dumpPostgres(databaseUrl, join(folder, file));
  return { kind: 'postgresql', file, ...(await pieceOf(join(folder, file)))! };
}
