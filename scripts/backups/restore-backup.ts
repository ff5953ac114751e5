// A restore: the platform's data made exactly what a backup holds. The backup is checked whole
// first (every piece's size and SHA-256), so a damaged one changes nothing; the database is
// restored (refused while the platform runs), every session is ended, and media's store is made to
// hold the backup's files and no others.
import { join } from 'node:path';
import { loadConfig } from '@learning/kit/service';
import { authEnv } from '../../services/auth/src/config.js';
import { mediaEnv } from '../../services/media/src/config.js';
import { storageOf, storeDescribed } from '../../services/media/src/service.js';
import type { Settings } from '../launch-settings.js';
import { restoreEmbeddedDatabase } from './embedded-database.js';
import { BackupRefused, isIntact, mediaFolder, readManifest, type BackupManifest } from './manifest.js';
import { putMediaBack } from './media-files.js';
import { restorePostgres } from './postgres-database.js';

export interface Restored {
  manifest: BackupManifest;
  /** Where the data before the restore was kept: a folder (embedded) or schemas (PostgreSQL). */
  keptBefore: string[];
  media: { store: string; put: number; removed: number };
}

export async function restoreBackup(settings: Settings, folder: string): Promise<Restored> {
  const manifest = await readManifest(folder);
  await refuseDamaged(folder, manifest);
  const kind = settings.DATABASE_URL ? 'postgresql' : 'embedded';
  if (manifest.database.kind !== kind) {
    throw new BackupRefused(
      `Энэ нөөц ${manifest.database.kind} өгөгдлийн сангийнх, харин тохиргоо ${kind}-г заажээ.`,
      `This backup is of the ${manifest.database.kind} database, and the settings name the ${kind} one.`,
    );
  }
  const { TOKEN_TTL_SECONDS } = loadConfig(authEnv, settings);
  const dump = join(folder, manifest.database.file);
  const keptBefore = settings.DATABASE_URL
    ? await restorePostgres(settings.DATABASE_URL, dump, TOKEN_TTL_SECONDS)
    : [await restoreEmbeddedDatabase(settings.DATA_DIR ?? '.data', dump, TOKEN_TTL_SECONDS)].filter((before) => before !== undefined);
  const mediaConfig = loadConfig(mediaEnv, settings);
  const media = await putMediaBack(storageOf(mediaConfig), folder, manifest.media.files);
  return { manifest, keptBefore, media: { store: storeDescribed(mediaConfig), ...media } };
}

async function refuseDamaged(folder: string, { database, media }: BackupManifest): Promise<void> {
  const pieces = [{ path: join(folder, database.file), piece: database }, ...media.files.map((file) => ({ path: join(folder, mediaFolder, ...file.key.split('/')), piece: file }))];
  for (const { path, piece } of pieces) {
    if (!(await isIntact(path, piece))) {
      throw new BackupRefused(`Нөөц эвдэрсэн: ${path} нь бичигдсэн үеийнхээсээ өөр эсвэл алга. Юу ч өөрчлөгдсөнгүй.`, `The backup is damaged: ${path} is missing or not what was written. Nothing was changed.`);
    }
  }
}
