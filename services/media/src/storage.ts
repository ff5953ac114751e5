// Where media keeps its files, behind one interface (put a spooled file, put bytes, read a range,
// remove, and whether it can take files now): the local disk here, an S3-compatible store in s3-storage.ts.
import { constants } from 'node:fs';
import { access, copyFile, mkdir, open, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

export interface FileStorage {
  /** Moves a finished local file (an upload's spool file) into the store under `key`. */
  putFile(key: string, localPath: string): Promise<void>;
  putBytes(key: string, bytes: Uint8Array | string): Promise<void>;
  /** The stored bytes, or a range of them; rejects with code ENOENT when the key holds nothing. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the key; removing what is not there is no error. */
  remove(key: string): Promise<void>;
  /** Whether the store can take files now (store-health.ts): its folder there and writable, its bucket answering. */
  canTakeFiles(): Promise<boolean>;
  /** Every key the store holds, for a backup; a file still being written is not one. */
  keys(): AsyncIterable<string>;
}

/** Keys are paths of safe segments (`videos/<uuid>/video`); nothing can climb out of the store's folder. */
const keyPattern = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/i;

/** The key, if every store may hold it; the same rule for each, so a key kept on disk moves to S3 unchanged. */
export function checkedKey(key: string): string {
  if (!keyPattern.test(key) || key.split('/').some((part) => part === '..' || part === '.')) throw new Error(`bad storage key ${key}`);
  return key;
}

/** Chunks large enough that a 200 MB file reads in a few hundred system calls, not thousands. */
const readChunkBytes = 256 * 1024;

export function createDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => join(root, ...checkedKey(key).split('/'));

  return {
    async putFile(key, localPath) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      try {
        await rename(localPath, target);
      } catch (error) {
        // Another file system (a spool on tmpfs): copy, then drop the spool file.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(localPath, target);
        await rm(localPath, { force: true });
      }
    },
    async putBytes(key, bytes) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // Written beside, then renamed: a reader never sees half a file.
      const partial = `${target}.${process.pid}.${Date.now()}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, target);
    },
    async read(key, range) {
      // Opened before the answer's headers go out, so a missing file is ENOENT here, not a broken stream.
      const file = await open(pathOf(key));
      return file.createReadStream({ highWaterMark: readChunkBytes, ...(range ? { start: range.start, end: range.end } : {}) });
    },
    async remove(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      // Leaves no empty folder behind for a key like videos/<id>/video.
      const parent = dirname(path);
      if (parent !== root && parent.startsWith(root + sep)) await rmdir(parent).catch(() => undefined); // only when empty
    },
    async canTakeFiles() {
      // Not made if missing: a volume gone from under it must not be hidden by an empty folder.
      return access(root, constants.W_OK).then(
        () => true,
        () => false,
      );
    },
    async *keys() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
        // A `.partial` file is one putBytes is still writing; the key pattern leaves out anything else of no store's.
        if (!key.endsWith('.partial') && keyPattern.test(key)) yield key;
      }
    },
  };
}
