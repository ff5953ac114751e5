// The transcoding jobs' queue on media's database alone (PGlite, or PostgreSQL when DATABASE_URL is
// set), without ffmpeg: claiming, leases and their heartbeat, the sweep, the takeover of a job whose
// worker stopped heartbeating. Each queue stands for a media instance's worker on the same database.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { openDatabase, transaction } from '@learning/kit/data';
import { createLogger } from '@learning/kit/observability';
import { eventually } from '@learning/testing';
import { sql } from 'kysely';
import { migrations } from '../migrations/index.js';
import { createDiskStorage, type FileStorage } from '../src/storage.js';
import { recordFile } from '../src/stored-files.js';
import type { MediaDb } from '../src/tables.js';
import { createTranscodingQueue, queueTranscoding, retryTranscoding, Superseded, type ClaimedJob } from '../src/transcoding-queue.js';

const schema = `t${randomBytes(4).toString('hex')}_media`;
let db: MediaDb;
let folder: string;
let storage: FileStorage;
const logger = createLogger('media-test', 'silent');

beforeAll(async () => {
  db = await openDatabase({ service: 'media', databaseUrl: process.env.DATABASE_URL, dataDir: null, schema, migrations });
  folder = await mkdtemp(join(tmpdir(), 'transcoding-queue-'));
  storage = createDiskStorage(folder);
});
afterAll(async () => {
  if (process.env.DATABASE_URL) await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(db);
  await db?.destroy();
  await rm(folder, { recursive: true, force: true });
});
// Each test starts from an empty queue: a job left by another would be claimed first.
beforeEach(async () => {
  await db.deleteFrom('transcoding').execute();
  await db.deleteFrom('video').execute();
});

/** A media instance's worker on the queue; 60 s is the service's lease. */
const worker = (leaseMs = 60_000) => createTranscodingQueue({ db, storage, logger, leaseMs });

/** A lesson video as an upload leaves it: its file, its row, and its job queued with `video.uploaded`. */
async function upload(): Promise<string> {
  const videoId = randomUUID();
  const fileKey = `videos/${videoId}/video`;
  await storage.putBytes(fileKey, 'the uploaded video');
  await transaction(db, async (trx) => {
    await recordFile(trx, { key: fileKey, contentType: 'video/mp4', size: 18, etag: '"video"' });
    await trx.insertInto('video').values({ id: videoId, kind: 'lesson', name: 'Хичээл', translate_url: '', is_published: false, file_key: fileKey }).execute();
    await queueTranscoding(trx, videoId, 'lesson');
  });
  return videoId;
}

const job = (videoId: string) => db.selectFrom('transcoding').selectAll().where('video_id', '=', videoId).executeTakeFirstOrThrow();
/** The job's lease as if its worker had stopped an hour ago. */
const leaseRanOut = (videoId: string) => db.updateTable('transcoding').set({ lease_expires_at: new Date(Date.now() - 3_600_000) }).where('video_id', '=', videoId).execute();
/** Milliseconds from the database's now until the job's lease runs out. */
async function leaseLeftMs(videoId: string): Promise<number> {
  const { left_ms } = await sql<{ left_ms: number }>`select extract(epoch from lease_expires_at - now()) * 1000 as left_ms from transcoding where video_id = ${videoId}`
    .execute(db)
    .then((result) => result.rows[0]!);
  return Number(left_ms);
}
const storedFiles = async () => (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => relative(folder, join(entry.parentPath, entry.name))).sort();
/** Puts ladder files as an attempt does: their keys on the job first, then their bytes. */
async function putLadder(queue: ReturnType<typeof worker>, claimed: ClaimedJob, names: string[]): Promise<string[]> {
  const keys = names.map((name) => `videos/${claimed.videoId}/hls/${name}`);
  await queue.whileCurrent(claimed, undefined, { ladder_keys: JSON.stringify(keys) });
  await queue.whileCurrent(claimed, async () => {
    for (const key of keys) await storage.putBytes(key, 'a ladder file');
  });
  return keys;
}

describe('claiming', () => {
  it('a queued job is claimed as its first attempt, leased to its worker for a lease from now', async () => {
    const videoId = await upload();
    const queue = worker();
    expect(await queue.claim()).toEqual({ videoId, kind: 'lesson', fileKey: `videos/${videoId}/video`, attempt: 1 });
    expect(await job(videoId)).toMatchObject({ state: 'transcoding', progress: 0, attempts: 1, worker_id: queue.workerId });
    expect(await leaseLeftMs(videoId)).toBeGreaterThan(50_000);
  });

  it('two workers claiming one job at once: one takes it, once; the other finds nothing', async () => {
    const videoId = await upload();
    const [first, second] = [worker(), worker()];
    const claims = await Promise.all([first.claim(), second.claim()]);
    expect(claims.filter(Boolean)).toEqual([expect.objectContaining({ videoId, attempt: 1 })]);
    const holder = claims[0] ? first : second;
    expect(await job(videoId)).toMatchObject({ state: 'transcoding', attempts: 1, worker_id: holder.workerId });
  });

  it('two workers claiming two jobs at once take one each', async () => {
    const videoIds = [await upload(), await upload()];
    const claims = await Promise.all([worker().claim(), worker().claim()]);
    expect(claims.map((claimed) => claimed?.videoId).sort()).toEqual([...videoIds].sort());
    expect(claims.map((claimed) => claimed?.attempt)).toEqual([1, 1]);
  });

  it('queued jobs are claimed oldest first, one a claim; then there is nothing to claim', async () => {
    const videoIds = [await upload(), await upload(), await upload()];
    const queue = worker();
    const claimed = [await queue.claim(), await queue.claim(), await queue.claim()];
    expect(claimed.map((each) => each?.videoId)).toEqual(videoIds);
    expect(await queue.claim()).toBeUndefined();
  });

  it('a job queued again (its worker stopped) is claimed as its next attempt', async () => {
    const videoId = await upload();
    const stopped = worker();
    const claimed = (await stopped.claim())!;
    await stopped.whileCurrent(claimed, undefined, { state: 'queued', progress: 0, ladder_keys: null });
    const next = worker();
    expect(await next.claim()).toMatchObject({ videoId, attempt: 2 });
    expect(await job(videoId)).toMatchObject({ state: 'transcoding', attempts: 2, worker_id: next.workerId });
  });

  it('a failed job is claimed again only once the administrator retries it: queued, its reason gone, then its next attempt', async () => {
    const videoId = await upload();
    const queue = worker();
    const claimed = (await queue.claim())!;
    await expect(retryTranscoding(db, 'lesson', videoId)).rejects.toMatchObject({ status: 409, code: 'transcoding_not_failed' });
    await queue.whileCurrent(claimed, undefined, { state: 'failed', reason: 'Видеог хөрвүүлж чадсангүй.', ladder_keys: null });
    expect(await queue.claim()).toBeUndefined();
    await retryTranscoding(db, 'lesson', videoId);
    expect(await job(videoId)).toMatchObject({ state: 'queued', progress: 0, reason: null, attempts: 1 });
    expect(await queue.claim()).toMatchObject({ videoId, attempt: 2 });
  });

  it.each(['ready', 'failed'] as const)('a %s job whose last lease ran out long ago is never taken again: its files stay', async (state) => {
    const videoId = await upload();
    const queue = worker();
    const claimed = (await queue.claim())!;
    await putLadder(queue, claimed, ['master.m3u8', '360p/playlist.m3u8', '360p/segment-1.m4s']);
    await queue.whileCurrent(claimed, undefined, state === 'ready' ? { state, progress: 100, reason: null, renditions: JSON.stringify(['360p']) } : { state, reason: 'Видеог хөрвүүлж чадсангүй.' });
    const before = await job(videoId);
    expect(before.state).toBe(state);
    await leaseRanOut(videoId);
    const files = await storedFiles();
    expect(await worker().claim()).toBeUndefined();
    expect(await job(videoId)).toMatchObject({ state, attempts: before.attempts, worker_id: before.worker_id });
    expect(await storedFiles()).toEqual(files);
  });
});

describe('leases', () => {
  it('another worker leaves a running job to the worker that holds it', async () => {
    const heldVideo = await upload();
    await worker().claim();
    const held = await job(heldVideo);
    expect(held.worker_id).toEqual(expect.any(String));
    expect(await worker().claim()).toBeUndefined();
    expect(await job(heldVideo)).toMatchObject({ state: 'transcoding', attempts: held.attempts, worker_id: held.worker_id });
  });

  it('each write of the attempt extends its lease by a whole lease, by the database\'s clock, so no other worker takes the job', async () => {
    const videoId = await upload();
    const queue = worker();
    const claimed = (await queue.claim())!;
    await leaseRanOut(videoId);
    await queue.whileCurrent(claimed, undefined, { progress: 40 });
    expect(await leaseLeftMs(videoId)).toBeGreaterThan(50_000);
    expect(await worker().claim()).toBeUndefined();
    expect(await job(videoId)).toMatchObject({ state: 'transcoding', progress: 40, attempts: 1, worker_id: queue.workerId });
  });

  it('the heartbeat keeps the lease while the attempt runs; once it stops, the lease runs out and another worker takes the job', async () => {
    const leaseMs = 1500;
    const videoId = await upload();
    const holder = worker(leaseMs);
    const claimed = (await holder.claim())!;
    const controller = new AbortController();
    const lease = holder.keepLease(claimed, controller);
    const other = worker(leaseMs);
    try {
      // Past the lease it was claimed with, asking all along.
      const until = Date.now() + leaseMs * 1.5;
      while (Date.now() < until) {
        expect(await other.claim()).toBeUndefined();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(controller.signal.aborted).toBe(false);
    } finally {
      lease.stop();
      await lease.whenWritten();
    }
    expect(await eventually(() => other.claim(), 'the lease ran out and another worker took the job')).toMatchObject({ videoId, attempt: 2 });
    expect(await job(videoId)).toMatchObject({ state: 'transcoding', attempts: 2, worker_id: other.workerId });
  });

  it('a job whose lease ran out is taken over by the next claim, the files its worker had put removed first', async () => {
    const videoId = await upload();
    const crashed = worker();
    const [partial] = await putLadder(crashed, (await crashed.claim())!, ['360p/segment-99.m4s']);
    await leaseRanOut(videoId);
    const next = worker();
    expect(await next.claim()).toEqual({ videoId, kind: 'lesson', fileKey: `videos/${videoId}/video`, attempt: 2 });
    expect(await job(videoId)).toMatchObject({ state: 'transcoding', progress: 0, ladder_keys: null, attempts: 2, worker_id: next.workerId });
    expect(await storedFiles()).not.toContain(partial);
    // The upload itself is not the attempt's: it stays.
    expect(await storedFiles()).toContain(`videos/${videoId}/video`);
  });

  it('a running job without a lease is taken over as one whose lease ran out', async () => {
    const videoId = await upload();
    await worker().claim();
    await db.updateTable('transcoding').set({ lease_expires_at: null }).where('video_id', '=', videoId).execute();
    expect(await worker().claim()).toMatchObject({ videoId, attempt: 2 });
  });

  it('a worker whose job was taken over is refused: its writes run nothing and change nothing, its heartbeat aborts the attempt', async () => {
    const videoId = await upload();
    const robbed = worker();
    const claimed = (await robbed.claim())!;
    await leaseRanOut(videoId);
    const next = worker();
    await next.claim();
    const taken = await job(videoId);
    let ran = false;
    const write = robbed.whileCurrent(
      claimed,
      async () => {
        ran = true;
      },
      { state: 'failed', reason: 'Видеог хөрвүүлж чадсангүй.' },
    );
    await expect(write).rejects.toBeInstanceOf(Superseded);
    expect(ran).toBe(false);
    const controller = new AbortController();
    const lease = robbed.keepLease(claimed, controller);
    lease.reportProgress(50);
    await lease.whenWritten();
    lease.stop();
    expect(controller.signal.reason).toBeInstanceOf(Superseded);
    expect(await job(videoId)).toEqual(taken);
  });

  it('a write the database refuses changes nothing and extends no lease: once it runs out, another worker takes the job', async () => {
    const videoId = await upload();
    const holder = worker(300);
    const claimed = (await holder.claim())!;
    await sql`CREATE FUNCTION refuse_failed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.state = 'failed' THEN RAISE EXCEPTION 'the database is down (test)'; END IF; RETURN NEW; END $$`.execute(db);
    await sql`CREATE TRIGGER refuse_failed BEFORE UPDATE ON transcoding FOR EACH ROW EXECUTE FUNCTION refuse_failed()`.execute(db);
    try {
      const partial = `videos/${videoId}/hls/360p/segment-1.m4s`;
      const write = holder.whileCurrent(claimed, (trx) => recordFile(trx, { key: partial, contentType: 'video/iso.segment', size: 1, etag: '"x"' }), { state: 'failed', reason: 'Видеог хөрвүүлж чадсангүй.' });
      await expect(write).rejects.toThrow('the database is down (test)');
      expect(await db.selectFrom('stored_file').select('key').where('key', '=', partial).executeTakeFirst()).toBeUndefined();
      expect(await job(videoId)).toMatchObject({ state: 'transcoding', attempts: 1, worker_id: holder.workerId });
      const other = worker(300);
      expect(await eventually(() => other.claim(), 'the lease ran out and another worker took the job')).toMatchObject({ videoId, attempt: 2 });
    } finally {
      await sql`DROP TRIGGER IF EXISTS refuse_failed ON transcoding`.execute(db);
      await sql`DROP FUNCTION IF EXISTS refuse_failed()`.execute(db);
    }
  });
});

describe('the sweep', () => {
  it('looks again once a lease, so a job whose worker stopped heartbeating is taken over without a wake; stopped, it looks no more', async () => {
    const leaseMs = 300;
    const videoId = await upload();
    await worker(leaseMs).claim();
    const sweeping = worker(leaseMs);
    const looks: Array<Promise<ClaimedJob | undefined>> = [];
    const stopSweeping = sweeping.sweepEveryLease(() => looks.push(sweeping.claim()));
    try {
      await eventually(async () => (await Promise.all(looks)).some(Boolean), 'a look of the sweep took the job');
    } finally {
      stopSweeping();
    }
    expect(await job(videoId)).toMatchObject({ state: 'transcoding', attempts: 2, worker_id: sweeping.workerId });
    const looked = looks.length;
    await new Promise((resolve) => setTimeout(resolve, leaseMs * 3));
    expect(looks.length).toBe(looked);
  });
});
