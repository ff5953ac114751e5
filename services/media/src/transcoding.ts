// Transcoding as a job: an upload queues its video's job with `video.uploaded` (one
// transaction); media's consumer of that event wakes the worker, which claims queued jobs one at a
// time (MEDIA_TRANSCODE_CONCURRENCY), makes the HLS ladder with ffmpeg in a local folder, puts each
// file into the storage, then in one transaction records the files, the job's `ready` state and
// `video.transcoded`. Until then nothing of the ladder is visible; a failed or interrupted attempt
// removes what it put. The job's row is its state: a redelivered event never makes a second ladder.
// The queue (transcoding-queue.ts) leases a running job to its worker, so several media instances
// share one database.
import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { media } from '@learning/contracts';
import { recordEvent } from '@learning/kit/events';
import { outsideTraces, sharedMetric, type Logger } from '@learning/kit/observability';
import { Gauge } from 'prom-client';
import { etagOf, type Files } from './files.js';
import { LadderFailed, makeLadder, probeLadderSource, type LadderTools } from './hls-ladder.js';
import { removeBytes } from './stored-files.js';
import type { MediaDb, TranscodingState } from './tables.js';
import { createTranscodingQueue, Superseded, type AttemptUpdate, type ClaimedJob } from './transcoding-queue.js';

/** Where a video's ladder lives in the storage: `master.m3u8`, and `<rendition>/playlist.m3u8`, `init.mp4`, `segment-<n>.m4s`. */
export const ladderPrefix = (videoId: string) => `videos/${videoId}/hls/`;

const contentTypes: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.mp4': 'video/mp4',
  '.m4s': 'video/iso.segment',
};

/** The content type a ladder's file is stored (and answered) with, by its name. */
export function ladderContentType(path: string): string {
  return contentTypes[/\.[^./]+$/.exec(path)?.[0] ?? ''] ?? 'application/octet-stream';
}

/** Each video's job as the administrator's list shows it; a video without one (uploaded before media transcoded, or without ffmpeg) is absent. */
export async function transcodingOf(db: MediaDb, videoIds: string[]): Promise<Map<string, NonNullable<media.Video['transcoding']>>> {
  if (videoIds.length === 0) return new Map();
  const rows = await db.selectFrom('transcoding').select(['video_id', 'state', 'progress', 'reason']).where('video_id', 'in', videoIds).execute();
  return new Map(rows.map((row) => [row.video_id, { state: row.state, progress: row.progress, reason: row.state === 'failed' ? row.reason : null }]));
}

/** In a video's deletion: forgets its ladder's file rows and answers every key its job put, for their bytes to go after the commit. */
export async function forgetLadder(trx: MediaDb, videoId: string): Promise<string[]> {
  // Locked first: a worker's batch of puts or its final commit (both under this lock) lands wholly before, or finds the job gone.
  const job = await trx.selectFrom('transcoding').select('ladder_keys').where('video_id', '=', videoId).forUpdate().executeTakeFirst();
  await trx.deleteFrom('stored_file').where('key', 'like', `${ladderPrefix(videoId)}%`).execute();
  return job?.ladder_keys ?? [];
}

export interface Transcoder {
  /** Whether uploads get a job: MEDIA_TRANSCODE is on and ffmpeg runs on this machine (known after `start`). */
  isEnabled(): boolean;
  /** Looks for queued jobs (the consumer of `video.uploaded` calls it). */
  wake(): void;
  /** Works the queue, and every lease looks for jobs whose worker stopped heartbeating (taken over, their partial files removed). */
  start(): Promise<void>;
  /** Stops ffmpeg; a job under way is queued again, what it put removed (while it still holds the job). */
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
  /** How long a running job stays its worker's without a heartbeat (ms; 60 s): then any worker may take it over. Tests shorten it. */
  leaseMs?: number;
}

/** Files put under one lock of the job's row: a worker that lost its job puts at most nothing more. */
const putsPerLock = 20;

export function createTranscoder({ db, files, tools, logger, enabled, concurrency, leaseMs = 60_000 }: TranscoderOptions): Transcoder {
  const queue = createTranscodingQueue({ db, storage: files.storage, logger, leaseMs });
  const { claim, whileCurrent } = queue;
  let isEnabled = false;
  let stopping = false;
  let workers = 0;
  /** Bumped by each wake, so a worker that found nothing looks again when a job came meanwhile. */
  let wakes = 0;
  let stopSweeping: () => void = () => undefined;
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  const idle: Array<() => void> = [];

  async function transcode(job: ClaimedJob, controller: AbortController): Promise<void> {
    const { signal } = controller;
    const folder = join(files.spoolDir, `transcoding-${job.videoId}-${job.attempt}`);
    const ladder = join(folder, 'ladder');
    let putKeys: string[] = [];
    const lease = queue.keepLease(job, controller);
    try {
      await mkdir(ladder, { recursive: true });
      const source = join(folder, 'source');
      await pipeline(await files.storage.read(job.fileKey), createWriteStream(source), { signal });
      const probed = await probeLadderSource(tools.ffprobe, source);
      if (!probed) throw new LadderFailed('ffprobe could not read a picture in the file');
      let reported = 0;
      let lastWrite = 0;
      const renditions = await makeLadder(tools, source, ladder, probed, {
        signal,
        onProgress: (percent) => {
          // At most a write a second, and only forward: the administrator's list polls every few seconds.
          if (percent <= reported || Date.now() - lastWrite < 1000) return;
          reported = percent;
          lastWrite = Date.now();
          lease.reportProgress(percent);
        },
      });
      await lease.whenWritten();
      signal.throwIfAborted();
      const made = await filesUnder(ladder);
      const keys = made.map((path) => ladderPrefix(job.videoId) + relative(ladder, path).split(sep).join('/'));
      // Known before the first put, so whoever takes the job over after a crash removes them.
      await whileCurrent(job, undefined, { progress: 99, ladder_keys: JSON.stringify(keys) });
      putKeys = keys;
      const stored: Array<{ key: string; content_type: string; size: number; etag: string }> = [];
      for (let from = 0; from < made.length; from += putsPerLock) {
        await whileCurrent(job, async () => {
          for (const [i, path] of made.slice(from, from + putsPerLock).entries()) {
            signal.throwIfAborted();
            const key = putKeys[from + i]!;
            const bytes = await readFile(path);
            await files.storage.putFile(key, path);
            stored.push({ key, content_type: ladderContentType(key), size: bytes.length, etag: etagOf(bytes) });
          }
        });
      }
      await whileCurrent(
        job,
        async (trx) => {
          for (let i = 0; i < stored.length; i += 1000) await trx.insertInto('stored_file').values(stored.slice(i, i + 1000)).execute();
          await recordEvent(trx, 'video.transcoded', { videoId: job.videoId, kind: job.kind, renditions });
        },
        { state: 'ready', progress: 100, reason: null, renditions: JSON.stringify(renditions) },
      );
      logger.info({ videoId: job.videoId, renditions, files: stored.length, seconds: probed.durationSeconds }, 'video transcoded');
    } catch (error) {
      lease.stop();
      await lease.whenWritten();
      await settleFailed(job, error, signal, putKeys);
    } finally {
      lease.stop();
      await rm(folder, { recursive: true, force: true });
    }
  }

  /**
   * A failed or stopped attempt removes what it put and leaves the job failed (or queued, when media
   * stops), under the row's lock and only while the job is still this attempt's: else the same keys
   * may be the new attempt's files. When even that cannot be written (the database is down), the
   * job stays `transcoding` and its lease runs out, so a worker takes it again.
   */
  async function settleFailed(job: ClaimedJob, error: unknown, signal: AbortSignal, putKeys: string[]): Promise<void> {
    const superseded = error instanceof Superseded || signal.reason instanceof Superseded;
    if (superseded) return;
    if (!signal.aborted) logger.warn({ err: error, videoId: job.videoId }, 'transcoding failed');
    const values: AttemptUpdate = signal.aborted ? { state: 'queued', progress: 0, ladder_keys: null } : { state: 'failed', reason: failureReason(error), ladder_keys: null };
    try {
      await whileCurrent(job, () => removeBytes(files.storage, putKeys), values);
    } catch (settling) {
      if (settling instanceof Superseded) return;
      logger.error({ err: settling, videoId: job.videoId }, 'the transcoding job\'s end could not be recorded: it is taken again once its lease runs out');
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
        const done = transcode(job, controller);
        running.set(job.videoId, { controller, done });
        try {
          await done;
        } finally {
          running.delete(job.videoId);
        }
      }
    } catch (error) {
      logger.error({ err: error }, 'the transcoding worker stopped on an error; the next upload or lease check wakes it');
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
        // Outside the waking consumer's trace: the loop runs many jobs, and each job's logs and its
        // `video.transcoded` would otherwise carry the first event's trace id.
        outsideTraces(() => void work());
      }
    },
    async start() {
      isEnabled = enabled && (await ffmpegRuns(tools.ffmpeg));
      if (enabled && !isEnabled) logger.warn(`ffmpeg (FFMPEG_PATH=${tools.ffmpeg}) does not run: uploaded videos are not transcoded to HLS, they play as uploaded. Install ffmpeg.`);
      if (!isEnabled) return;
      // Queued jobs, and those whose worker stopped heartbeating, are claimed now and looked for again
      // once a lease: another instance's crash is noticed without an upload.
      this.wake();
      stopSweeping = queue.sweepEveryLease(() => this.wake());
    },
    async stop() {
      stopping = true;
      stopSweeping();
      for (const { controller } of running.values()) controller.abort(new Error('media is stopping'));
      if (workers > 0) await new Promise<void>((resolve) => idle.push(resolve));
    },
    async drop(videoId) {
      const job = running.get(videoId);
      if (!job) return;
      job.controller.abort(new Superseded('the video was deleted'));
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
 * The transcoding queue for /metrics: jobs by state, how long the oldest queued one has
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
