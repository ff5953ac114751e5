// The videos of both kinds: uploaded as drafts, published by the administrator with a name and a
// translation link (`video.published` gives the catalog its read model), subtitles, deletion
// (`video.deleted`). A video's bytes never change under its id; its HLS ladder is a job (transcoding.ts).
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import type { media, PageQuery, Page } from '@learning/contracts';
import { transaction } from '@learning/kit/data';
import { recordEvent } from '@learning/kit/events';
import { HttpError, isUuid, notFound } from '@learning/kit/http';
import { etagOf, type Files } from './files.js';
import type { SpooledFile } from './spool.js';
import { forgetFiles, recordFile, removeBytes, type StoredFile } from './stored-files.js';
import type { MediaDb, MediaTables, VideoKind } from './tables.js';
import { forgetLadder, transcodingOf } from './transcoding.js';
import { queueTranscoding } from './transcoding-queue.js';

const videoNotFound = () => notFound('Видео олдсонгүй.', 'video_not_found');

type VideoRow = MediaTables['video'] & { id: string; created_at: Date };

async function videoRow(db: MediaDb, kind: VideoKind, id: string, lock = false) {
  if (!isUuid(id)) throw videoNotFound();
  let query = db.selectFrom('video').selectAll().where('id', '=', id).where('kind', '=', kind);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw videoNotFound();
  return row as unknown as VideoRow;
}

async function videoViews(db: MediaDb, rows: VideoRow[]): Promise<media.Video[]> {
  if (rows.length === 0) return [];
  const files = await db
    .selectFrom('stored_file')
    .select(['key', 'size', 'content_type'])
    .where('key', 'in', rows.map((row) => row.file_key))
    .execute();
  const byKey = new Map(files.map((file) => [file.key, file]));
  const jobs = await transcodingOf(db, rows.map((row) => row.id));
  return rows.map((row) => ({
    _id: row.id,
    kind: row.kind,
    name: row.name,
    translateUrl: row.translate_url,
    isPublished: row.is_published,
    hasSubtitle: row.subtitle_key !== null,
    size: Number(byKey.get(row.file_key)?.size ?? 0),
    duration: row.duration_seconds,
    contentType: byKey.get(row.file_key)?.content_type ?? 'application/octet-stream',
    hasPoster: row.poster_key !== null,
    createdAt: row.created_at.toISOString(),
    transcoding: jobs.get(row.id) ?? null,
  }));
}

export async function listVideos(db: MediaDb, kind: VideoKind, { perPage, currentPage }: PageQuery): Promise<Page<media.Video>> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('video')
      .selectAll()
      .where('kind', '=', kind)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((currentPage - 1) * perPage)
      .execute(),
    db.selectFrom('video').select((eb) => eb.fn.countAll<string>().as('total')).where('kind', '=', kind).executeTakeFirstOrThrow(),
  ]);
  return { result: await videoViews(db, rows as unknown as VideoRow[]), total: Number(count.total) };
}

export async function findVideo(db: MediaDb, kind: VideoKind, id: string): Promise<media.Video> {
  const [view] = await videoViews(db, [await videoRow(db, kind, id)]);
  return view!;
}

/** A file name without its folder and extension: the draft's name until the administrator publishes it. */
function draftName(originalName: string): string {
  return originalName.replace(/\.[^.]*$/, '').trim().slice(0, 200);
}

/**
 * Keeps an uploaded video as an unpublished draft. With ffprobe, a file it cannot read as holding a
 * video stream is refused; with ffmpeg, a poster frame is kept beside it and, when `transcode`, its
 * HLS ladder's job is queued (`video.uploaded`).
 */
export async function createVideo(
  db: MediaDb,
  files: Files,
  kind: VideoKind,
  upload: SpooledFile,
  { id = randomUUID(), transcode = false }: { id?: string; transcode?: boolean } = {},
): Promise<media.Video> {
  const probe = await files.tools.probe(upload.path);
  if (probe && !probe.hasVideo) throw new HttpError(415, 'not_a_video', 'Файлд видео алга байна. Видео файл сонгоно уу.');
  const fileKey = `videos/${id}/video`;
  const posterKey = `videos/${id}/poster.jpg`;
  const posterSpool = `${upload.path}.poster.jpg`;
  let poster: Omit<StoredFile, 'createdAt'> | undefined;
  try {
    // The administrator's uploads share one line in the conversions' pool.
    if (probe && (await files.conversions.run('administrator', () => files.tools.poster(upload.path, posterSpool)))) {
      const bytes = await readFile(posterSpool);
      await files.storage.putBytes(posterKey, bytes);
      poster = { key: posterKey, contentType: 'image/jpeg', size: bytes.length, etag: etagOf(bytes) };
    }
  } finally {
    await rm(posterSpool, { force: true });
  }
  await files.storage.putFile(fileKey, upload.path);
  try {
    await transaction(db, async (trx) => {
      await recordFile(trx, { key: fileKey, contentType: upload.contentType, size: upload.size, etag: upload.etag });
      if (poster) await recordFile(trx, poster);
      await trx
        .insertInto('video')
        .values({
          id,
          kind,
          name: draftName(upload.originalName),
          translate_url: '',
          is_published: false,
          file_key: fileKey,
          poster_key: poster?.key ?? null,
          subtitle_key: null,
          duration_seconds: probe?.durationSeconds ?? null,
        })
        .execute();
      if (transcode && probe) await queueTranscoding(trx, id, kind);
    });
  } catch (error) {
    await removeBytes(files.storage, poster ? [fileKey, poster.key] : [fileKey]);
    throw error;
  }
  return findVideo(db, kind, id);
}

async function recordPublished(trx: MediaDb, row: VideoRow): Promise<void> {
  await recordEvent(trx, 'video.published', {
    videoId: row.id,
    kind: row.kind,
    name: row.name,
    translateUrl: row.translate_url,
    hasSubtitle: row.subtitle_key !== null,
    durationSeconds: row.duration_seconds,
  });
}

/** The administrator's "Publish": name and translation link; the catalog learns them from `video.published`. */
export async function publishVideo(db: MediaDb, kind: VideoKind, id: string, body: media.VideoUpdateBody): Promise<media.Video> {
  await transaction(db, async (trx) => {
    await videoRow(trx, kind, id, true);
    const row = await trx
      .updateTable('video')
      .set({ name: body.name, translate_url: body.translateUrl, is_published: true })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordPublished(trx, row as unknown as VideoRow);
  });
  return findVideo(db, kind, id);
}

export async function deleteVideo(db: MediaDb, files: Files, kind: VideoKind, id: string): Promise<void> {
  const { keys, ladder } = await transaction(db, async (trx) => {
    const row = await videoRow(trx, kind, id, true);
    // Before the video's row: its job goes with it (a worker on it then drops its own files).
    const ladder = await forgetLadder(trx, id);
    await trx.deleteFrom('video').where('id', '=', id).execute();
    await recordEvent(trx, 'video.deleted', { videoId: id, kind });
    return { keys: await forgetFiles(trx, [row.file_key, row.poster_key, row.subtitle_key]), ladder };
  });
  await removeBytes(files.storage, [...keys, ...ladder]);
}

/** Sets (or with `webvtt` null removes) a video's subtitles; a published video is published again with `hasSubtitle`. */
export async function setSubtitle(db: MediaDb, files: Files, kind: VideoKind, id: string, webvtt: string | null): Promise<media.Video> {
  await videoRow(db, kind, id);
  // A new key for each version: a replaced subtitle gets a new ETag, and a reader of the old one is never cut off mid-file.
  const key = webvtt === null ? null : `videos/${id}/subtitle-${randomUUID()}.vtt`;
  if (key) await files.storage.putBytes(key, webvtt!);
  let old: string[];
  try {
    old = await transaction(db, async (trx) => {
      const row = await videoRow(trx, kind, id, true);
      if (key) await recordFile(trx, { key, contentType: 'text/vtt; charset=utf-8', size: Buffer.byteLength(webvtt!), etag: etagOf(webvtt!) });
      const updated = await trx.updateTable('video').set({ subtitle_key: key }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
      if (updated.is_published) await recordPublished(trx, updated as unknown as VideoRow);
      return forgetFiles(trx, [row.subtitle_key]);
    });
  } catch (error) {
    if (key) await files.storage.remove(key);
    throw error;
  }
  await removeBytes(files.storage, old);
  return findVideo(db, kind, id);
}

const partColumns = { video: 'video.file_key', subtitle: 'video.subtitle_key', poster: 'video.poster_key' } as const;

/** The stored file a signed URL names: a video's bytes, its subtitles or its poster, in one query. */
export async function videoFile(db: MediaDb, id: string, part: keyof typeof partColumns, { onlyPublished = false } = {}): Promise<StoredFile | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db
    .selectFrom('video')
    .innerJoin('stored_file', 'stored_file.key', partColumns[part])
    .select(['stored_file.key', 'stored_file.content_type', 'stored_file.size', 'stored_file.etag', 'stored_file.created_at'])
    .where('video.id', '=', id)
    .$if(onlyPublished, (query) => query.where('video.is_published', '=', true))
    .executeTakeFirst();
  return row && { key: row.key, contentType: row.content_type, size: Number(row.size), etag: row.etag, createdAt: row.created_at };
}
