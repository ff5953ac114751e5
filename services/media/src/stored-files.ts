// The files media keeps (a row per stored file: its content type, size and ETag) and how one is
// answered over HTTP: whole, or a byte range (206 with Content-Range; If-Range; 416 when the range
// cannot be served), revalidated by its ETag.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { fileNotFound, matchesEtag, rangeNotSatisfiable } from '@learning/kit/http';
import parseRange from 'range-parser';
import type { FileStorage } from './storage.js';
import type { MediaDb } from './tables.js';

export interface StoredFile {
  key: string;
  contentType: string;
  size: number;
  etag: string;
  createdAt: Date;
}

export async function recordFile(trx: MediaDb, file: Omit<StoredFile, 'createdAt'>): Promise<void> {
  await trx.insertInto('stored_file').values({ key: file.key, content_type: file.contentType, size: file.size, etag: file.etag }).execute();
}

export async function findFile(db: MediaDb, key: string): Promise<StoredFile | undefined> {
  const row = await db.selectFrom('stored_file').selectAll().where('key', '=', key).executeTakeFirst();
  return row && { key: row.key, contentType: row.content_type, size: Number(row.size), etag: row.etag, createdAt: row.created_at };
}

/** Deletes the rows of files nothing refers to any more; the caller removes their bytes after the commit. */
export async function forgetFiles(trx: MediaDb, keys: ReadonlyArray<string | null>): Promise<string[]> {
  const present = keys.filter((key): key is string => key !== null);
  if (present.length === 0) return [];
  await trx.deleteFrom('stored_file').where('key', 'in', present).execute();
  return present;
}

/** Removes the files' bytes, a few at a time: a two-hour ladder is thousands of files. */
export async function removeBytes(storage: FileStorage, keys: readonly string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 32) await Promise.all(keys.slice(i, i + 32).map((key) => storage.remove(key)));
}

export interface SendOptions {
  cacheControl: string;
  /**
   * Until when (unix seconds) an nginx in front may keep this answer and hand the file over again
   * without asking: the signed URL's expiry, for files that never change under their URL.
   */
  keptByNginxUntil?: number;
  /** Offered as the file's name when saved. */
  fileName?: string;
}

/**
 * Answers with the headers that make the proxy in front send the file from its internal location
 * (`X-Accel-Redirect`): nginx, or the gateway itself on the all-in-one start, serves ranges, If-Range
 * and conditional requests. The file's type, version and caching travel with it; the body is the
 * proxy's to write. A range that cannot be served is refused here, as when media sends the bytes.
 */
export function handOverToProxy(req: IncomingMessage, res: ServerResponse, location: string, file: StoredFile, options: SendOptions): void {
  describeFile(res, file, options);
  describeVersion(res, file);
  servedRange(req, res, file);
  res.setHeader('x-accel-redirect', `${location}${file.key}`);
  // "@" makes it a moment, not a duration; nginx reads the header and never passes it on.
  if (options.keptByNginxUntil !== undefined) res.setHeader('x-accel-expires', `@${options.keptByNginxUntil}`);
  res.statusCode = 200;
  res.end();
}

/** What the file is and how it may be kept, whoever sends its bytes. */
function describeFile(res: ServerResponse, file: StoredFile, options: SendOptions): void {
  res.setHeader('content-type', file.contentType);
  res.setHeader('cache-control', options.cacheControl);
  res.setHeader('x-content-type-options', 'nosniff');
  if (options.fileName) res.setHeader('content-disposition', `inline; filename="${options.fileName}"`);
}

/** What a conditional or ranged request is checked against. */
function describeVersion(res: ServerResponse, file: StoredFile): void {
  res.setHeader('etag', file.etag);
  res.setHeader('last-modified', file.createdAt.toUTCString());
}

export async function sendStoredFile(req: IncomingMessage, res: ServerResponse, storage: FileStorage, file: StoredFile, options: SendOptions): Promise<void> {
  describeFile(res, file, options);
  describeVersion(res, file);
  res.setHeader('accept-ranges', 'bytes');

  const range = servedRange(req, res, file);
  if (!range && matchesEtag(req.headers['if-none-match'], file.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  if (range) {
    res.statusCode = 206;
    res.setHeader('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
    res.setHeader('content-length', range.end - range.start + 1);
  } else {
    res.statusCode = 200;
    res.setHeader('content-length', file.size);
  }
  if (req.method === 'HEAD' || file.size === 0) {
    res.end();
    return;
  }
  let bytes;
  try {
    bytes = await storage.read(file.key, range);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw fileNotFound();
    throw error;
  }
  // A viewer who seeks closes the connection mid-answer: that ends the read, it is no error.
  await pipeline(bytes, res).catch((error: NodeJS.ErrnoException) => {
    if (!res.destroyed && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
  });
}

/** The one range to answer, undefined for the whole file; a range that cannot be served is refused (416). */
function servedRange(req: IncomingMessage, res: ServerResponse, file: StoredFile): { start: number; end: number } | undefined {
  const range = requestedRange(req, file, res.getHeader('last-modified') as string);
  if (range !== 'unsatisfiable') return range;
  res.setHeader('content-range', `bytes */${file.size}`);
  throw rangeNotSatisfiable();
}

/**
 * The one range asked for, undefined for the whole file. A Range header of several ranges is
 * answered whole (RFC 9110 allows it), one whose If-Range no longer matches too.
 */
function requestedRange(req: IncomingMessage, file: StoredFile, lastModified: string): { start: number; end: number } | 'unsatisfiable' | undefined {
  const header = req.headers.range;
  if (!header || !/^\s*bytes=/i.test(header)) return undefined;
  const ifRange = req.headers['if-range'];
  if (typeof ifRange === 'string' && !(ifRange.startsWith('"') || ifRange.startsWith('W/') ? ifRange === file.etag : Date.parse(ifRange) >= Date.parse(lastModified))) {
    return undefined;
  }
  const ranges = parseRange(file.size, header, { combine: true });
  if (typeof ranges === 'number') return 'unsatisfiable'; // -1 unsatisfiable, -2 malformed
  if (ranges.length !== 1) return undefined;
  return { start: ranges[0]!.start, end: ranges[0]!.end };
}
