// What the domain modules share to keep a file: the storage, the media tools and the spool.
import { createHash } from 'node:crypto';
import type { MediaTools } from './ffmpeg.js';
import type { FileStorage } from './storage.js';

export interface Files {
  storage: FileStorage;
  tools: MediaTools;
  spoolDir: string;
}

/** A strong ETag from the bytes themselves. */
export function etagOf(bytes: Uint8Array | string): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
}
