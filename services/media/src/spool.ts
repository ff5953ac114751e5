// Uploads: multer streams the multipart field to a spool file on the local disk, never holding the
// file in memory; its first bytes decide whether it is accepted (by content, not by name), a hash of
// its bytes becomes its ETag, and a file too large, refused or cut off by the client leaves nothing.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError, badRequest } from '@learning/kit/http';
import type { Request, RequestHandler } from 'express';
import multer, { MulterError, type StorageEngine } from 'multer';
import { sniff, sniffBytes, type Sniffed } from './content-types.js';

export interface SpooledFile {
  /** The spool file; the route moves it into the storage or it is removed. */
  path: string;
  size: number;
  etag: string;
  contentType: string;
  /** The name the client gave, without its folder. */
  originalName: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    spooled?: SpooledFile;
  }
}

export interface UploadRules {
  /** The multipart field that carries the file. */
  field: string;
  /** Answers the content type to keep, or the Mongolian reason the file is refused. */
  accept: (sniffed: Sniffed) => { contentType: string } | { refused: string };
  limitBytes: number;
}

const tooLarge = (limitBytes: number) =>
  new HttpError(413, 'file_too_large', `Файл хэтэрхий том байна: ${formatBytes(limitBytes)}-аас ихгүй файл илгээнэ үү.`);

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${+(bytes / 1024 ** 3).toFixed(1)} ГБ`;
  if (bytes >= 1024 ** 2) return `${+(bytes / 1024 ** 2).toFixed(1)} МБ`;
  return `${+(bytes / 1024).toFixed(1)} КБ`;
}

/** Removes spool files a crash left behind, then keeps the folder. */
export async function prepareSpool(spoolDir: string): Promise<void> {
  await mkdir(spoolDir, { recursive: true });
  for (const name of await readdir(spoolDir)) await rm(join(spoolDir, name), { force: true, recursive: true });
}

/** Middleware: after it, `req.spooled` holds the accepted file (400 when the field is missing). */
export function spoolUpload(spoolDir: string, rules: UploadRules): RequestHandler {
  const parse = multer({
    storage: spoolStorage(spoolDir, rules),
    limits: { fileSize: rules.limitBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 30 },
  }).single(rules.field);

  return (req, res, next) => {
    if (!req.is('multipart/form-data')) {
      next(badRequest(`Файлыг multipart/form-data хэлбэрээр «${rules.field}» талбарт илгээнэ үү.`, 'multipart_expected'));
      return;
    }
    // No client of ours compresses an upload, and multer would read the compressed bytes as the form.
    const encoding = req.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      next(new HttpError(415, 'unsupported_encoding', 'Хүсэлтийн кодчилол дэмжигдэхгүй.'));
      return;
    }
    // A body announced larger than the limit (plus the form's own bytes) is refused before it is read.
    const announced = Number(req.headers['content-length']);
    // Node discards the unread body after the answer, keeping the connection (and a proxy's) usable.
    if (Number.isFinite(announced) && announced > rules.limitBytes + 64 * 1024) {
      next(tooLarge(rules.limitBytes));
      return;
    }
    parse(req, res, (error?: unknown) => {
      if (error) return next(asHttpError(error, rules));
      const file = req.file as (Express.Multer.File & { spooled?: SpooledFile }) | undefined;
      if (!file?.spooled) return next(badRequest(`«${rules.field}» талбарт файл илгээнэ үү.`, 'file_missing'));
      req.spooled = file.spooled;
      next();
    });
  };
}

function asHttpError(error: unknown, rules: UploadRules): unknown {
  if (error instanceof HttpError) return error;
  if (!(error instanceof MulterError)) {
    // A system error (a full disk) is ours; anything else is busboy refusing a malformed or cut-off form.
    const isSystemError = /^E[A-Z]+$/.test((error as NodeJS.ErrnoException).code ?? '');
    return isSystemError ? error : badRequest('Илгээсэн маягт буруу байна.', 'bad_form');
  }
  switch (error.code) {
    case 'LIMIT_FILE_SIZE':
      return tooLarge(rules.limitBytes);
    case 'LIMIT_UNEXPECTED_FILE':
    case 'LIMIT_FILE_COUNT':
      return badRequest(`Зөвхөн нэг файлыг «${rules.field}» талбарт илгээнэ үү.`, 'unexpected_file');
    default:
      return badRequest('Илгээсэн маягт буруу байна.', 'bad_form');
  }
}

function spoolStorage(spoolDir: string, rules: UploadRules): StorageEngine {
  return {
    _handleFile(req: Request, file: Express.Multer.File, callback: (error?: unknown, info?: Partial<Express.Multer.File>) => void) {
      const path = join(spoolDir, randomUUID());
      const check = new ContentCheck(rules);
      const output = createWriteStream(path);
      // A client that goes away mid-upload: busboy may never end the file's stream, so end it here.
      const onClose = () => {
        if (!req.readableEnded) file.stream.destroy(new Error('the upload was cut off'));
      };
      req.once('close', onClose);
      pipeline(file.stream, check, output).then(
        async () => {
          req.off('close', onClose);
          // busboy ends a file that hit the size limit early and marks it truncated.
          if ((file.stream as { truncated?: boolean }).truncated) {
            await removeSpooled(output, path);
            return callback(tooLarge(rules.limitBytes));
          }
          const spooled: SpooledFile = {
            path,
            size: check.size,
            etag: `"${check.hash.digest('base64url').slice(0, 32)}"`,
            contentType: check.contentType!,
            originalName: (file.originalname ?? '').split(/[\\/]/).pop() ?? '',
          };
          callback(null, { path, size: check.size, spooled } as Partial<Express.Multer.File>);
        },
        async (error: unknown) => {
          req.off('close', onClose);
          await removeSpooled(output, path);
          callback(error);
        },
      );
    },
    _removeFile(_req: Request, file: Express.Multer.File, callback: (error: Error | null) => void) {
      rm(file.path, { force: true }).then(
        () => callback(null),
        (error: Error) => callback(error),
      );
    },
  };
}

/**
 * Removes a spooled file once its stream has closed: a stream destroyed while still opening its file
 * creates the file after an earlier removal (seen as an empty file left in the spool).
 */
export async function removeSpooled(output: WriteStream, path: string): Promise<void> {
  if (!output.closed) await new Promise<void>((resolve) => output.once('close', () => resolve()));
  await rm(path, { force: true });
}

/** Passes the bytes through once their head is judged acceptable; counts and hashes them. */
class ContentCheck extends Transform {
  size = 0;
  readonly hash = createHash('sha256');
  contentType: string | undefined;
  private head: Buffer[] = [];
  private headSize = 0;

  constructor(private readonly rules: UploadRules) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.contentType) return done(null, chunk);
    this.head.push(chunk);
    this.headSize += chunk.length;
    if (this.headSize < sniffBytes) return done();
    this.judge(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.contentType) return done();
    if (this.size === 0) return done(badRequest('Илгээсэн файл хоосон байна.', 'file_empty'));
    this.judge(done);
  }

  private judge(done: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    const verdict = this.rules.accept(sniff(head));
    if ('refused' in verdict) return done(new HttpError(415, 'unsupported_content', verdict.refused));
    this.contentType = verdict.contentType;
    done(null, head);
  }
}
