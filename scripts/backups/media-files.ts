// Media's files in and out of a backup folder, through media's own store (the disk or S3), so a
// backup reads and a restore writes exactly what media would.
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from '../../services/media/src/storage.js';
import { mediaFolder, pieceOf, type BackupManifest } from './manifest.js';

type MediaFiles = BackupManifest['media']['files'];

/** Copies every file of the store into `<folder>/media/<key>`, measuring each as it goes. */
export async function copyMediaOut(storage: FileStorage, folder: string): Promise<MediaFiles> {
  const files: MediaFiles = [];
  for await (const key of storage.keys()) {
    const target = join(folder, mediaFolder, ...key.split('/'));
    await mkdir(dirname(target), { recursive: true });
    try {
      await pipeline(await storage.read(key), createWriteStream(target));
    } catch (error) {
      // Removed while the backup ran (a video deleted): the database dump, taken first, may still name it.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    files.push({ key, ...(await pieceOf(target))! });
  }
  return files;
}

/**
 * Makes the store hold exactly the backup's files: each is put back (a copy, as the store takes a
 * file by moving it), then what the backup does not hold goes.
 */
export async function putMediaBack(storage: FileStorage, folder: string, files: MediaFiles): Promise<{ put: number; removed: number }> {
  const kept = new Set(files.map((file) => file.key));
  const spool = await mkdtemp(join(tmpdir(), 'restore-'));
  try {
    for (const { key } of files) {
      const copy = join(spool, 'file');
      await copyFile(join(folder, mediaFolder, ...key.split('/')), copy);
      await storage.putFile(key, copy);
    }
  } finally {
    await rm(spool, { recursive: true, force: true });
  }
  const extra: string[] = [];
  for await (const key of storage.keys()) if (!kept.has(key)) extra.push(key);
  for (const key of extra) await storage.remove(key);
  return { put: files.length, removed: extra.length };
}
