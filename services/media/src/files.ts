// What the domain modules share to keep a file: the storage, the media tools, the pool their
// conversions run in and the spool.
import { createHash } from 'node:crypto';
import type { ConversionPool } from './conversions.js';
import type { MediaTools } from './ffmpeg.js';
import type { FileStorage } from './storage.js';

export interface Files {
  storage: FileStorage;
  tools: MediaTools;
  /** Where ffmpeg's work for an upload runs: `conversions.run(owner, () => tools.mp3(…))`. */
  conversions: ConversionPool;
  spoolDir: string;
}

/** A strong ETag from the bytes themselves. */
export function etagOf(bytes: Uint8Array | string): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
}
