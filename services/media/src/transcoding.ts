// Transcoding as a job (issue 22): an upload queues its video's job with `video.uploaded` (one
// transaction); media's consumer of that event wakes the worker, which claims queued jobs one at a
// time (MEDIA_TRANSCODE_CONCURRENCY), makes the HLS ladder with ffmpeg in a local folder, puts each
// file into the storage, then in one transaction records the files, the job's `ready` state and
// `video.transcoded`. Until then nothing of the ladder is visible; a failed or interrupted attempt
// removes what it put. The job's row is its state: a redelivered event never makes a second ladder.
import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { media } from '@learning/contracts';
import { conflict, isUuid, notFound, recordEvent, sharedMetric, transaction, type Logger } from '@learning/kit';
import { Gauge } from 'prom-client';
import { etagOf, type Files } from './files.js';
import { LadderFailed, makeLadder, probeLadderSource, type LadderTools } from './hls-ladder.js';
import type { MediaDb, TranscodingState, VideoKind } from './tables.js';

/** Where a video's ladder lives in the storage: `master.m3u8`, and `<rendition>/playlist.m3u8`, `init.mp4`, `segment-<n>.m4s`. */
export const ladderPrefix = (videoId: string) => `videos/${videoId}/hls/`;

const contentTypes: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.mp4': 'video/mp4',
  '.m4s': 'video/iso.segment',
};

/** Queues the video's job in the upload's transaction; media's own worker consumes the event. */
export async function queueTranscoding(trx: MediaDb, videoId: string, kind: VideoKind): Promise<void> {
  await trx.insertInto('transcoding').values({ video_id: videoId, state: 'queued', reason: null, renditions: null, ladder_keys: null }).execute();
  await recordEvent(trx, 'video.uploaded', { videoId, kind });
}

/** Each video's job as the administrator's list shows it; a video without one (before issue 22, or no ffmpeg) is absent. */
export async function transcodingOf(db: MediaDb, videoIds: string[]): Promise<Map<string, NonNullable<media.Video['transcoding']>>> {
  if (videoIds.length === 0) return new Map();
  const rows = await db.selectFrom('transcoding').select(['video_id', 'state', 'progress', 'reason']).where('video_id', 'in', videoIds).execute();
  return new Map(rows.map((row) => [row.video_id, { state: row.state, progress: row.progress, reason: row.state === 'failed' ? row.reason : null }]));
}

/** The administrator's "retry" of a failed job: queued again, with a new `video.uploaded`. */
export async function retryTranscoding(db: MediaDb, kind: VideoKind, videoId: string): Promise<void> {
  const videoNotFound = () => notFound('Видео олдсонгүй.', 'video_not_found');
  if (!isUuid(videoId)) throw videoNotFound();
  await transaction(db, async (trx) => {
    const video = await trx.selectFrom('video').select('id').where('id', '=', videoId).where('kind', '=', kind).executeTakeFirst();
    if (!video) throw videoNotFound();
    const job = await trx.selectFrom('transcoding').select('state').where('video_id', '=', videoId).forUpdate().executeTakeFirst();
    if (job?.state !== 'failed') throw conflict('Зөвхөн амжилтгүй болсон хөрвүүлэлтийг дахин эхлүүлэх боломжтой.', 'transcoding_not_failed');
    await trx
      .updateTable('transcoding')
      .set({ state: 'queued', progress: 0, reason: null, ladder_keys: null, updated_at: new Date() })
      .where('video_id', '=', videoId)
      .execute();
    await recordEvent(trx, 'video.uploaded', { videoId, kind });
  });
}

/** In a video's deletion: forgets its ladder's file rows and answers every key its job put, for their bytes to go after the commit. */
export async function forgetLadder(trx: MediaDb, videoId: string): Promise<string[]> {
  const job = await trx.selectFrom('transcoding').select('ladder_keys').where('video_id', '=', videoId).executeTakeFirst();
  await trx.deleteFrom('stored_file').where('key', 'like', `${ladderPrefix(videoId)}%`).execute();
  return job?.ladder_keys ?? [];
}

/** Removes keys a few at a time: a two-hour ladder is thousands of files. */
export async function removeKeys(files: Files, keys: readonly string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 32) await Promise.all(keys.slice(i, i + 32).map((key) => files.storage.remove(key)));
}

export interface Transcoder {
  /** Whether uploads get a job: MEDIA_TRANSCODE is on and ffmpeg runs on this machine (known after `start`). */
  isEnabled(): boolean;
  /** Looks for queued jobs (the consumer of `video.uploaded` calls it). */
  wake(): void;
  /** Restarts the jobs an earlier run left `transcoding` (their partial files removed), then works the queue. */
  start(): Promise<void>;
  /** Stops ffmpeg; a job under way is queued again, what it put removed. */
  stop(): Promise<void>;
  /** A deleted video's job: stops it if this worker runs it, and resolves once its files and folder are gone. */
  drop(videoId: string): Promise<void>;
}

export interface TranscoderOptions {
  db: MediaDb;
  files: Files;
  tools: LadderTools;
  logger: Logger;
  enabled: boolean;
  concurrency: number;
}

interface ClaimedJob {
  videoId: string;
  kind: VideoKind;
  fileKey: string;
  attempt: number;
}

type AttemptUpdate = Partial<{ state: TranscodingState; progress: number; reason: string; ladder_keys: string | null }>;

/** The job was deleted with its video, or taken back (a stop) while this attempt ran: its work is dropped. */
class Superseded extends Error {
  override name = 'Superseded';
}

export function createTranscoder({ db, files, tools, logger, enabled, concurrency }: TranscoderOptions): Transcoder {
  let isEnabled = false;
  let stopping = false;
  let workers = 0;
  /** Bumped by each wake, so a worker that found nothing looks again when a job came meanwhile. */
  let wakes = 0;
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  const idle: Array<() => void> = [];

  const claim = () =>
    transaction(db, async (trx) => {
      const next = await trx
        .selectFrom('transcoding')
        .innerJoin('video', 'video.id', 'transcoding.video_id')
        .select(['transcoding.video_id', 'video.kind', 'video.file_key', 'transcoding.attempts'])
        .where('transcoding.state', '=', 'queued')
        .orderBy('transcoding.updated_at')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!next) return undefined;
      const attempt = next.attempts + 1;
      await trx
        .updateTable('transcoding')
        .set({ state: 'transcoding', progress: 0, reason: null, attempts: attempt, updated_at: new Date() })
        .where('video_id', '=', next.video_id)
        .execute();
      return { videoId: next.video_id, kind: next.kind, fileKey: next.file_key, attempt } satisfies ClaimedJob;
    });

  /** An update of this attempt's row; false when the job is no longer this attempt's. */
  const updateAttempt = async (job: ClaimedJob, values: AttemptUpdate) => {
    const result = await db
      .updateTable('transcoding')
      .set({ ...values, updated_at: new Date() })
      .where('video_id', '=', job.videoId)
      .where('state', '=', 'transcoding')
      .where('attempts', '=', job.attempt)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  };

  const isCurrent = async (job: ClaimedJob) =>
    (await db
      .selectFrom('transcoding')
      .select('video_id')
      .where('video_id', '=', job.videoId)
      .where('state', '=', 'transcoding')
      .where('attempts', '=', job.attempt)
      .executeTakeFirst()) !== undefined;

  async function transcode(job: ClaimedJob, signal: AbortSignal): Promise<void> {
    const folder = join(files.spoolDir, `transcoding-${job.videoId}-${job.attempt}`);
    const ladder = join(folder, 'ladder');
    let putKeys: string[] = [];
    try {
      await mkdir(ladder, { recursive: true });
      const source = join(folder, 'source');
      await pipeline(await files.storage.read(job.fileKey), createWriteStream(source), { signal });
      const probed = await probeLadderSource(tools.ffprobe, source);
      if (!probed) throw new LadderFailed('ffprobe could not read a picture in the file');
      let reported = 0;
      let lastWrite = 0;
      let writing = Promise.resolve(true);
      const renditions = await makeLadder(tools, source, ladder, probed, {
        signal,
        onProgress: (percent) => {
          // At most a write a second, and only forward: the administrator's list polls every few seconds.
          if (percent <= reported || Date.now() - lastWrite < 1000) return;
          reported = percent;
          lastWrite = Date.now();
          writing = writing.then(() => updateAttempt(job, { progress: percent }).catch(() => true));
        },
      });
      await writing;
      const made = await filesUnder(ladder);
      const keys = made.map((path) => ladderPrefix(job.videoId) + relative(ladder, path).split(sep).join('/'));
      // Known before the first put, so a crash in between still lets the next start remove them. An
      // attempt taken back meanwhile (its job restarted or deleted) puts nothing, and so removes
      // nothing: the keys are the video's, and another attempt may hold them now.
      if (!(await updateAttempt(job, { progress: 99, ladder_keys: JSON.stringify(keys) }))) throw new Superseded();
      putKeys = keys;
      const stored: Array<{ key: string; content_type: string; size: number; etag: string }> = [];
      for (const [i, path] of made.entries()) {
        signal.throwIfAborted();
        if (i % 100 === 99 && !(await isCurrent(job))) throw new Superseded();
        const bytes = await readFile(path);
        await files.storage.putFile(putKeys[i]!, path);
        stored.push({ key: putKeys[i]!, content_type: contentTypes[/\.[^.]+$/.exec(path)![0]] ?? 'application/octet-stream', size: bytes.length, etag: etagOf(bytes) });
      }
      await transaction(db, async (trx) => {
        const current = await trx
          .selectFrom('transcoding')
          .select('video_id')
          .where('video_id', '=', job.videoId)
          .where('state', '=', 'transcoding')
          .where('attempts', '=', job.attempt)
          .forUpdate()
          .executeTakeFirst();
        if (!current) throw new Superseded();
        for (let i = 0; i < stored.length; i += 1000) await trx.insertInto('stored_file').values(stored.slice(i, i + 1000)).execute();
        await trx
          .updateTable('transcoding')
          .set({ state: 'ready', progress: 100, reason: null, renditions: JSON.stringify(renditions), updated_at: new Date() })
          .where('video_id', '=', job.videoId)
          .execute();
        await recordEvent(trx, 'video.transcoded', { videoId: job.videoId, kind: job.kind, renditions });
      });
      logger.info({ videoId: job.videoId, renditions, files: stored.length, seconds: probed.durationSeconds }, 'video transcoded');
    } catch (error) {
      await removeKeys(files, putKeys).catch((removal: unknown) => logger.warn({ err: removal, videoId: job.videoId }, 'a partial ladder could not be removed'));
      if (signal.aborted) {
        // Stopping: queued again for the next start (or another worker).
        await updateAttempt(job, { state: 'queued', progress: 0, ladder_keys: null }).catch(() => undefined);
      } else if (!(error instanceof Superseded)) {
        logger.warn({ err: error, videoId: job.videoId }, 'transcoding failed');
        await updateAttempt(job, { state: 'failed', reason: failureReason(error), ladder_keys: null });
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  async function work(): Promise<void> {
    try {
      for (;;) {
        const seen = wakes;
        const job = stopping ? undefined : await claim();
        if (!job) {
          if (stopping || seen === wakes) return;
          continue;
        }
        const controller = new AbortController();
        const done = transcode(job, controller.signal);
        running.set(job.videoId, { controller, done });
        try {
          await done;
        } finally {
          running.delete(job.videoId);
        }
      }
    } catch (error) {
      logger.error({ err: error }, 'the transcoding worker stopped on an error; the next upload wakes it');
    } finally {
      workers--;
      if (workers === 0) idle.splice(0).forEach((resolve) => resolve());
    }
  }

  return {
    isEnabled: () => isEnabled,
    wake() {
      wakes++;
      if (!isEnabled || stopping) return;
      while (workers < concurrency) {
        workers++;
        void work();
      }
    },
    async start() {
      isEnabled = enabled && (await ffmpegRuns(tools.ffmpeg));
      if (enabled && !isEnabled) logger.warn(`ffmpeg (FFMPEG_PATH=${tools.ffmpeg}) does not run: uploaded videos are not transcoded to HLS, they play as uploaded. Install ffmpeg.`);
      if (!isEnabled) return;
      // One worker per media database: what an earlier run left under way starts again, its files removed.
      const interrupted = await db.selectFrom('transcoding').select(['video_id', 'ladder_keys']).where('state', '=', 'transcoding').execute();
      for (const job of interrupted) {
        await removeKeys(files, job.ladder_keys ?? []);
        await db.updateTable('transcoding').set({ state: 'queued', progress: 0, ladder_keys: null, updated_at: new Date() }).where('video_id', '=', job.video_id).execute();
      }
      if (interrupted.length > 0) logger.info({ jobs: interrupted.length }, 'transcoding jobs interrupted by a stop are queued again');
      this.wake();
    },
    async stop() {
      stopping = true;
      for (const { controller } of running.values()) controller.abort(new Error('media is stopping'));
      if (workers > 0) await new Promise<void>((resolve) => idle.push(resolve));
    },
    async drop(videoId) {
      const job = running.get(videoId);
      if (!job) return;
      job.controller.abort(new Error('the video was deleted'));
      await job.done;
    },
  };
}

/** The administrator's reason (Mongolian), with ffmpeg's own words when it had some. */
function failureReason(error: unknown): string {
  if (error instanceof LadderFailed) return `Видеог хөрвүүлж чадсангүй: ${error.message}`;
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'Видеоны файл олдсонгүй.';
  return 'Видеог хөрвүүлэх үед алдаа гарлаа.';
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  // Playlists last: a reader who finds the master finds every file it names.
  const rank = (name: string) => (name === 'master.m3u8' ? 2 : name.endsWith('.m3u8') ? 1 : 0);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort((a, b) => rank(a.slice(a.lastIndexOf(sep) + 1)) - rank(b.slice(b.lastIndexOf(sep) + 1)) || a.localeCompare(b, 'en', { numeric: true }));
}

function ffmpegRuns(ffmpeg: string): Promise<boolean> {
  return new Promise((resolve) => execFile(ffmpeg, ['-version'], { timeout: 30_000 }, (error) => resolve(!error)));
}

const watched = new Map<MediaDb, { concurrency: number }>();

/**
 * The transcoding queue for /metrics (issue 21): jobs by state, how long the oldest queued one has
 * waited, and how many a worker runs at once. Read when Prometheus asks.
 */
export function watchTranscoding(db: MediaDb, logger: Logger, concurrency: number): () => void {
  const states: TranscodingState[] = ['queued', 'transcoding', 'ready', 'failed'];
  sharedMetric(
    'media_transcoding_jobs',
    (registers) =>
      new Gauge({
        name: 'media_transcoding_jobs',
        help: 'Transcoding jobs of uploaded videos by state (queued, transcoding, ready, failed).',
        labelNames: ['state'],
        registers,
        async collect() {
          this.reset();
          const counts = new Map(states.map((state) => [state, 0]));
          for (const source of watched.keys()) {
            try {
              const rows = await source.selectFrom('transcoding').select(['state', (eb) => eb.fn.countAll<string>().as('count')]).groupBy('state').execute();
              for (const row of rows) counts.set(row.state, (counts.get(row.state) ?? 0) + Number(row.count));
            } catch (error) {
              logger.debug({ err: error }, 'the transcoding metric could not be read');
            }
          }
          for (const [state, count] of counts) this.set({ state }, count);
        },
      }),
  );
  sharedMetric(
    'media_transcoding_oldest_queued_age_seconds',
    (registers) =>
      new Gauge({
        name: 'media_transcoding_oldest_queued_age_seconds',
        help: 'How long the oldest queued transcoding job has waited; 0 when none waits.',
        registers,
        async collect() {
          let oldest: Date | undefined;
          for (const source of watched.keys()) {
            try {
              const row = await source.selectFrom('transcoding').select((eb) => eb.fn.min('updated_at').as('oldest')).where('state', '=', 'queued').executeTakeFirst();
              const at = row?.oldest ? new Date(row.oldest as unknown as string) : undefined;
              if (at && (!oldest || at < oldest)) oldest = at;
            } catch (error) {
              logger.debug({ err: error }, 'the transcoding metric could not be read');
            }
          }
          this.set(oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0);
        },
      }),
  );
  sharedMetric(
    'media_transcoding_concurrency',
    (registers) =>
      new Gauge({
        name: 'media_transcoding_concurrency',
        help: 'Transcoding jobs the workers of this process run at once (MEDIA_TRANSCODE_CONCURRENCY); with media_transcoding_jobs{state="transcoding"}, how busy they are.',
        registers,
        collect() {
          this.set([...watched.values()].reduce((sum, worker) => sum + worker.concurrency, 0));
        },
      }),
  );
  watched.set(db, { concurrency });
  return () => watched.delete(db);
}
