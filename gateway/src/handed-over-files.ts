// Files media hands over with `X-Accel-Redirect`, sent by the gateway itself, as nginx sends them in
// the production arrangement. On the all-in-one start media and the gateway share a process and a
// disk: media checks the signed URL and the gateway sends the file from disk to the client's socket,
// so its bytes never cross a second HTTP hop (bench/stream). Like nginx (deploy/nginx.conf), the
// gateway keeps a hand-over for its URL until `X-Accel-Expires` (a signed video URL's expiry), so a
// player's seeks do not each ask media. Ranges, If-Range, conditional requests and HEAD are
// Express's (`res.sendFile`), checked against the version media describes.
import { stat } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { keepAtMost } from '@learning/kit/bounded-map';
import { fileNotFound, rangeNotSatisfiable } from '@learning/kit/http';
import type { Logger } from '@learning/kit/observability';
import type { Response } from 'express';
import parseRange from 'range-parser';
import { gatewayErrors, type Answers } from './answers.js';

export interface MediaFilesFolder {
  /** The internal location media names (its MEDIA_ACCEL_REDIRECT), e.g. `/media-files/`. */
  location: string;
  /** Media's files folder, which that location stands for. */
  dir: string;
}

/** A file media handed over: its path in media's folder and media's description of it for the client. */
export interface HandOver {
  file: string;
  headers: ReadonlyArray<[string, OutgoingHttpHeader]>;
  /** Until when (unix seconds) it stands for its URL without asking media again. */
  keptUntil?: number;
}

/**
 * What of media's hand-over describes the file, and so holds for every request of a kept URL; the rest
 * (its Date, the call's X-Request-Id, the X-Accel headers meant for the proxy) belongs to one answer.
 */
const describingHeaders = ['content-type', 'cache-control', 'etag', 'last-modified', 'content-disposition', 'x-content-type-options'];

/**
 * Read from disk in chunks as large as media's own reads: the file stream's 64 KiB made seeking
 * readers markedly slower (bench/stream's readers).
 */
const readChunkBytes = 256 * 1024;

/** Signed URLs whose hand-over is kept: about 1 KB each. */
const keptCapacity = 10_000;

export class HandedOverFiles {
  private readonly kept = new Map<string, HandOver>();

  constructor(
    private readonly folder: MediaFilesFolder,
    private readonly answers: Answers,
    private readonly logger: Logger,
  ) {}

  /** The hand-over kept for this request's URL, while it stands. */
  keptFor(req: IncomingMessage): HandOver | undefined {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const handOver = this.kept.get(req.url!);
    if (handOver && handOver.keptUntil! * 1000 > Date.now()) return handOver;
    if (handOver) this.kept.delete(req.url!);
    return undefined;
  }

  /** The file media's answer hands over, if it is a hand-over into media's folder; kept as media allows. */
  fromAnswer(req: IncomingMessage, proxyRes: IncomingMessage): HandOver | undefined {
    const redirect = proxyRes.headers['x-accel-redirect'];
    if (proxyRes.statusCode !== 200 || typeof redirect !== 'string' || !redirect.startsWith(this.folder.location)) return undefined;
    const headers = describingHeaders.flatMap((name): Array<[string, OutgoingHttpHeader]> => {
      const value = proxyRes.headers[name];
      return value === undefined ? [] : [[name, value]];
    });
    const expires = /^@(\d+)$/.exec(String(proxyRes.headers['x-accel-expires'] ?? ''));
    const handOver = { file: redirect.slice(this.folder.location.length), headers, ...(expires ? { keptUntil: Number(expires[1]) } : {}) };
    if (handOver.keptUntil !== undefined && (req.method === 'GET' || req.method === 'HEAD')) keepAtMost(this.kept, keptCapacity, req.url!, handOver);
    return handOver;
  }

  /** Sends the file with media's description of it (type, caching, ETag, Last-Modified). */
  send({ file, headers }: HandOver, req: IncomingMessage, res: ServerResponse): void {
    for (const [name, value] of headers) res.setHeader(name, value);
    if (isMalformedRange(req.headers.range)) {
      void this.refuseRange(file, req, res);
      return;
    }
    // Media's ETag and Last-Modified stand (send reads them from the headers set); its Cache-Control too.
    const options = { root: this.folder.dir, etag: false, lastModified: false, cacheControl: false, dotfiles: 'deny' as const, highWaterMark: readChunkBytes };
    (res as Response).sendFile(file, options, (error?: Error & { status?: number; code?: string }) => {
      if (!error) return;
      // A viewer who seeks closes the connection mid-answer: that ends the read, it is no error.
      if (error.code === 'ECONNABORTED' || res.destroyed) return;
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error.status === 416) this.refuse(req, res, rangeNotSatisfiable());
      // Not there, a folder, or a path that leaves media's folder (send refuses `..` with 403): no file of media's.
      else if ((error.status !== undefined && error.status < 500) || error.code === 'EISDIR') this.refuse(req, res, fileNotFound());
      else {
        this.logger.error({ err: error, requestId: req.headers['x-request-id'] }, 'sending a handed-over file failed');
        this.refuse(req, res, gatewayErrors.internal());
      }
    });
  }

  /** Media and nginx refuse a malformed range (416), where send would ignore it and send the whole file. */
  private async refuseRange(file: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const size = await stat(join(this.folder.dir, file)).then(
      (found) => found.size,
      () => undefined,
    );
    if (size === undefined || file.split('/').includes('..')) return this.refuse(req, res, fileNotFound());
    res.setHeader('content-range', `bytes */${size}`);
    this.refuse(req, res, rangeNotSatisfiable());
  }

  private refuse(req: IncomingMessage, res: ServerResponse, error: Parameters<Answers['error']>[2]): void {
    for (const name of ['content-type', 'cache-control', 'etag', 'last-modified', 'content-disposition', 'accept-ranges']) res.removeHeader(name);
    this.answers.error(req, res, error);
  }
}

function isMalformedRange(range: string | undefined): boolean {
  return range !== undefined && /^\s*bytes=/i.test(range) && parseRange(Number.MAX_SAFE_INTEGER, range) === -2;
}
