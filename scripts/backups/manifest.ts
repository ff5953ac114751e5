// What a backup folder holds, described by its backup.json: the database's dump and every media
// file, each with its size and SHA-256, so a restore can tell a whole backup from a damaged one
// before it changes anything. Secrets are never in it (docs/operating.md, "Backups").
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface StoredPiece {
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: 1;
  takenAt: string;
  /** `embedded`: PGlite's dump of its folder; `postgresql`: pg_dump's custom format of the services' schemas. */
  database: StoredPiece & { kind: DatabaseKind; file: string };
  /** Every file media kept, by its store key, under `media/` in the folder. */
  media: { store: string; files: Array<StoredPiece & { key: string }> };
}

export type DatabaseKind = 'embedded' | 'postgresql';

export const manifestFile = 'backup.json';
export const mediaFolder = 'media';

/** A backup or restore that cannot go on, with the reason in Mongolian and English for the operator. */
export class BackupRefused extends Error {
  override name = 'BackupRefused';

  constructor(mongolian: string, english: string) {
    super(`${mongolian} / ${english}`);
  }
}

export async function writeManifest(folder: string, manifest: BackupManifest): Promise<void> {
  await writeFile(join(folder, manifestFile), `${JSON.stringify(manifest, null, 2)}\n`);
}

export async function readManifest(folder: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(folder, manifestFile), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupRefused(`${folder} нь нөөц биш байна (${manifestFile} алга эсвэл эвдэрсэн).`, `${folder} is not a backup (its ${manifestFile} is missing or damaged).`);
  }
  if (manifest.format !== 1) throw new BackupRefused(`${folder}: танигдаагүй хэлбэрийн нөөц.`, `${folder}: a backup of an unknown format.`);
  return manifest;
}

/** The size and SHA-256 of a file, or undefined when it cannot be read. */
export async function pieceOf(path: string): Promise<StoredPiece | undefined> {
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    for await (const chunk of createReadStream(path)) {
      hash.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
    }
  } catch {
    return undefined;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Whether the file on disk is the piece the manifest names. */
export async function isIntact(path: string, expected: StoredPiece): Promise<boolean> {
  const found = await pieceOf(path);
  return found?.bytes === expected.bytes && found.sha256 === expected.sha256;
}

/** A moment as a file name may hold it: `2026-11-28T18-35-13Z`. */
export function timeInName(moment: Date): string {
  return moment.toISOString().replaceAll(':', '-').replace(/\.\d+Z$/, 'Z');
}

export function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
