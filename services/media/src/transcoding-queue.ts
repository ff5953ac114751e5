// The transcoding jobs' queue in the `transcoding` table: jobs queued with their upload or a retry,
// claimed one at a time, and held by their worker under a lease (transcoding.ts makes their ladders).
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { transaction } from '@learning/kit/data';
import { recordEvent } from '@learning/kit/events';
import { conflict, isUuid, notFound } from '@learning/kit/http';
import type { Logger } from '@learning/kit/observability';
import { sql } from 'kysely';
import type { FileStorage } from './storage.js';
import { removeBytes } from './stored-files.js';
import type { MediaDb, TranscodingState, VideoKind } from './tables.js';

/** Queues the video's job in the upload's transaction; media's own worker consumes the event. */
export async function queueTranscoding(trx: MediaDb, videoId: string, kind: VideoKind): Promise<void> {
  await trx.insertInto('transcoding').values({ video_id: videoId, state: 'queued', reason: null, renditions: null, ladder_keys: null }).execute();
  await recordEvent(trx, 'video.uploaded', { videoId, kind });
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

/** A job as its worker holds it: `attempt` is the job's count of attempts when this worker claimed it. */
export interface ClaimedJob {
  videoId: string;
  kind: VideoKind;
  fileKey: string;
  attempt: number;
}

/** What an attempt writes on its job's row besides the lease. */
export type AttemptUpdate = Partial<{ state: TranscodingState; progress: number; reason: string | null; renditions: string; ladder_keys: string | null }>;

/** The job was deleted with its video, or taken over by another worker (its lease ran out) while this attempt ran: its work is dropped. */
export class Superseded extends Error {
  override name = 'Superseded';
}

/** An attempt's lease while it runs: its heartbeat, and its progress written between the heartbeats. */
export interface Lease {
  /** Writes the job's progress after the writes before it. */
  reportProgress(percent: number): void;
  /** Resolves once the heartbeats and progress writes asked for so far are done. */
  whenWritten(): Promise<void>;
  /** Stops the heartbeat. */
  stop(): void;
}

export interface TranscodingQueue {
  /** This worker's name on the rows it holds: the host and process, for whoever reads the table. */
  readonly workerId: string;
  /** A queued job, or one whose worker stopped heartbeating (crashed, or cut off): the latter's files are removed first. */
  claim(): Promise<ClaimedJob | undefined>;
  /**
   * Runs `work` with this attempt's row locked, then extends its lease (and sets `values`) in the
   * same transaction. Rejects with Superseded, without running `work`, when the job is no longer this
   * attempt's: what it would put or remove may be another attempt's files now.
   */
  whileCurrent(job: ClaimedJob, work?: (trx: MediaDb) => Promise<unknown>, values?: AttemptUpdate): Promise<void>;
  /** Keeps the attempt's lease until `stop`; once the job is no longer the attempt's, aborts `controller` with Superseded. */
  keepLease(job: ClaimedJob, controller: AbortController): Lease;
  /** Calls `look` once a lease, so a job whose worker stopped heartbeating is taken over even when no upload wakes a worker; answers how to stop. */
  sweepEveryLease(look: () => void): () => void;
}

export interface TranscodingQueueOptions {
  db: MediaDb;
  /** Where the ladders' files are: a job taken over from a stopped worker loses what that worker put. */
  storage: FileStorage;
  logger: Logger;
  /** How long a running job stays its worker's without a heartbeat (ms): then any worker may take it over. */
  leaseMs: number;
}

export function createTranscodingQueue({ db, storage, logger, leaseMs }: TranscodingQueueOptions): TranscodingQueue {
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const heartbeatMs = Math.max(1, Math.floor(leaseMs / 3));
  // The holder writes until when its lease runs, by the database's clock, so instances need neither
  // the same lease setting nor clocks that agree to know whose job may be taken over.
  const leaseFromNow = () => sql<Date>`now() + cast(${leaseMs} as integer) * interval '1 millisecond'`;

  const claim = () =>
    transaction(db, async (trx) => {
      const next = await trx
        .selectFrom('transcoding')
        .innerJoin('video', 'video.id', 'transcoding.video_id')
        .select(['transcoding.video_id', 'video.kind', 'video.file_key', 'transcoding.attempts', 'transcoding.state', 'transcoding.ladder_keys', 'transcoding.worker_id'])
        .where((eb) =>
          eb.or([
            eb('transcoding.state', '=', 'queued'),
            eb.and([eb('transcoding.state', '=', 'transcoding'), eb.or([eb('transcoding.lease_expires_at', 'is', null), eb('transcoding.lease_expires_at', '<', sql<Date>`now()`)])]),
          ]),
        )
        .orderBy('transcoding.updated_at')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!next) return undefined;
      if (next.state === 'transcoding') {
        // Under the row's lock: the worker that held it can put nothing more (each put is under this lock too).
        await removeBytes(storage, next.ladder_keys ?? []);
        logger.info({ videoId: next.video_id, worker: next.worker_id }, 'a transcoding job whose worker stopped heartbeating is taken over');
      }
      const attempt = next.attempts + 1;
      await trx
        .updateTable('transcoding')
        .set({ state: 'transcoding', progress: 0, reason: null, ladder_keys: null, attempts: attempt, worker_id: workerId, lease_expires_at: leaseFromNow(), updated_at: new Date() })
        .where('video_id', '=', next.video_id)
        .execute();
      return { videoId: next.video_id, kind: next.kind, fileKey: next.file_key, attempt } satisfies ClaimedJob;
    });

  const whileCurrent = (job: ClaimedJob, work: (trx: MediaDb) => Promise<unknown> = async () => undefined, values: AttemptUpdate = {}) =>
    transaction(db, async (trx) => {
      const current = await trx
        .selectFrom('transcoding')
        .select('video_id')
        .where('video_id', '=', job.videoId)
        .where('state', '=', 'transcoding')
        .where('attempts', '=', job.attempt)
        .where('worker_id', '=', workerId)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw new Superseded();
      await work(trx);
      await trx
        .updateTable('transcoding')
        .set({ ...values, lease_expires_at: leaseFromNow(), updated_at: new Date() })
        .where('video_id', '=', job.videoId)
        .execute();
    });

  function keepLease(job: ClaimedJob, controller: AbortController): Lease {
    let writes = Promise.resolve();
    const lose = (error: unknown) => {
      if (error instanceof Superseded) controller.abort(error);
      else logger.warn({ err: error, videoId: job.videoId }, 'the transcoding heartbeat could not be written');
    };
    const write = (values?: AttemptUpdate) => {
      writes = writes.then(() => whileCurrent(job, undefined, values).catch(lose));
    };
    // Refreshed at least every third of the lease, so another worker takes the job only once this one is gone.
    const heartbeat = setInterval(() => write(), heartbeatMs);
    return {
      reportProgress: (percent) => write({ progress: percent }),
      whenWritten: () => writes,
      stop: () => clearInterval(heartbeat),
    };
  }

  return {
    workerId,
    claim,
    whileCurrent,
    keepLease,
    sweepEveryLease(look) {
      const sweeper = setInterval(look, leaseMs);
      sweeper.unref();
      return () => clearInterval(sweeper);
    },
  };
}
