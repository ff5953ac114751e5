// The files of a video's HLS ladder as a signed HLS path names them (packages/contracts/src/media-urls.ts):
// `master.m3u8`, or `<rendition>/<file>`, found among the stored files under `videos/<videoId>/hls/`
// and nowhere else. The path comes from the request: each of its segments must be a plain file or
// folder name, so no `..`, encoded slash or other trick leaves the ladder it was signed for.
import { findFile, type StoredFile } from './stored-files.js';
import type { MediaDb } from './tables.js';

/** A name, then at most one extension: `master.m3u8`, `360p`, `segment-12.m4s`. */
const plainName = /^[\w-]+(?:\.[A-Za-z0-9]+)?$/;

/** The master playlist at the ladder's root, every other file one folder (its rendition) down. */
const deepest = 2;

/** The stored file of the ladder at `path` (its segments, decoded), or undefined when the ladder has none there. */
export async function ladderFile(db: MediaDb, videoId: string, path: readonly string[]): Promise<StoredFile | undefined> {
  if (path.length === 0 || path.length > deepest || !path.every((segment) => plainName.test(segment))) return undefined;
  if (!plainName.test(videoId)) return undefined;
  return findFile(db, `videos/${videoId}/hls/${path.join('/')}`);
}

/** Playlists and segments: a playlist is text a player reads first, a segment is bytes it buffers. */
export function isPlaylist(file: StoredFile): boolean {
  return file.key.endsWith('.m3u8');
}
