// A transcoding job that fails, is retried, or was interrupted by a crash. FFMPEG_PATH is a
// script in front of the real ffmpeg: while a flag file exists a ladder run fails (as ffmpeg does on a
// file it cannot decode) or hangs (a job under way, which it notes in a file); posters pass straight
// through. Other media instances (transcoders of their own on the same database and files) stand for a
// restart or a second instance. The queue's own rules (claims, leases, the sweep) are tested without
// ffmpeg in transcoding-queue.test.ts.
import { access, chmod, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { kitTables } from '@learning/kit/data';
import { sql } from 'kysely';
import { createConversionPool } from '../src/conversions.js';
import { createMediaTools } from '../src/ffmpeg.js';
import { createDiskStorage } from '../src/storage.js';
import { createTranscoder } from '../src/transcoding.js';
import { eventually, expectStatus, startMediaFixture, startTimeoutMs, type MediaFixture } from './fixture.js';
import { makeTestMedia, type TestMedia } from './media-files.js';

let fixture: MediaFixture;
let tools: TestMedia;
let ffmpeg: string;
const flag = (name: 'fail' | 'hang') => join(tools.folder, name);
/** Written by a ladder run as it starts to hang. */
const hanging = () => join(tools.folder, 'hanging');

beforeAll(async () => {
  tools = await makeTestMedia();
  ffmpeg = join(tools.folder, 'ffmpeg-with-flags.sh');
  await writeFile(
    ffmpeg,
    [
      '#!/bin/sh',
      'case " $* " in *" -progress "*)',
      `  if [ -e '${flag('fail')}' ]; then echo 'moov atom not found (test)' >&2; exit 1; fi`,
      `  if [ -e '${flag('hang')}' ]; then : > '${hanging()}'; exec sleep 600; fi;;`,
      'esac',
      'exec ffmpeg "$@"',
      '',
    ].join('\n'),
  );
  await chmod(ffmpeg, 0o755);
  fixture = await startMediaFixture({ env: { FFMPEG_PATH: ffmpeg } });
}, startTimeoutMs);
afterAll(async () => {
  await fixture?.close();
  await tools?.remove();
}, startTimeoutMs);

const transcodingTimeoutMs = 120_000;
const mediaDb = () => fixture.platform.services.media.context.db;
const job = (videoId: string) => mediaDb().selectFrom('transcoding').selectAll().where('video_id', '=', videoId).executeTakeFirstOrThrow();
const ladderFiles = async (videoId: string) => (await fixture.storedFiles()).filter((path) => path.startsWith(`videos/${videoId}/hls/`));
const transcodedEvents = async (videoId: string) =>
  (await kitTables(mediaDb()).selectFrom('outbox').select('data').where('type', '=', 'video.transcoded').execute()).filter((row) => (row.data as { videoId: string }).videoId === videoId);

async function upload() {
  return expectStatus(await fixture.upload('/v1/files/lesson-videos', { field: 'video', file: fixture.media.video, token: fixture.admin }), 201, 'uploading');
}

async function whenState(videoId: string, states: string[]) {
  return eventually(
    async () => {
      const video = expectStatus(await fixture.call('GET', `/v1/files/lesson-videos/${videoId}`, { token: fixture.admin }), 200, 'reading the video');
      return states.includes(video.transcoding?.state) && video;
    },
    `the transcoding is ${states.join(' or ')}`,
    transcodingTimeoutMs,
  );
}

describe('a job ffmpeg fails', () => {
  let videoId: string;

  it('is failed with ffmpeg\'s reason in the list, leaving no ladder, file row or event', async () => {
    await writeFile(flag('fail'), '');
    videoId = (await upload())._id;
    const video = await whenState(videoId, ['failed', 'ready']);
    expect(video.transcoding).toEqual({ state: 'failed', progress: 0, reason: 'Видеог хөрвүүлж чадсангүй: moov atom not found (test)' });
    expect(await ladderFiles(videoId)).toEqual([]);
    expect(await mediaDb().selectFrom('stored_file').select('key').where('key', 'like', `videos/${videoId}/hls/%`).execute()).toEqual([]);
    expect(await transcodedEvents(videoId)).toEqual([]);
    // The MP4 is the video meanwhile: it publishes as before.
    expect((await fixture.call('PUT', `/v1/files/lesson-videos/${videoId}`, { token: fixture.admin, body: { name: 'Хичээл', translateUrl: '' } })).status).toBe(200);
  });

  it('is retried by the administrator (202, queued again) and becomes ready', async () => {
    await rm(flag('fail'));
    const answer = await fixture.call('POST', `/v1/files/lesson-videos/${videoId}/transcoding`, { token: fixture.admin });
    expect(answer.status).toBe(202);
    expect(answer.body._id).toBe(videoId);
    expect(['queued', 'transcoding', 'ready']).toContain(answer.body.transcoding.state);
    expect((await whenState(videoId, ['ready', 'failed'])).transcoding).toEqual({ state: 'ready', progress: 100, reason: null });
    expect((await job(videoId)).attempts).toBe(2);
    expect(await transcodedEvents(videoId)).toHaveLength(1);
    expect(await ladderFiles(videoId)).toContain(`videos/${videoId}/hls/master.m3u8`);
  });
});

/** Another media instance on the same database and files (as several run on S3), or the next start of this one. */
function otherInstance({ leaseMs }: { leaseMs?: number } = {}) {
  const { mediaFilesDir } = fixture.platform;
  const files = { storage: createDiskStorage(mediaFilesDir), tools: createMediaTools({ ffmpeg, ffprobe: 'ffprobe' }), conversions: createConversionPool(1), spoolDir: join(mediaFilesDir, '.spool') };
  const transcoder = createTranscoder({ db: mediaDb(), files, tools: { ffmpeg, ffprobe: 'ffprobe' }, logger: fixture.platform.services.media.context.logger, enabled: true, concurrency: 1, ...(leaseMs ? { leaseMs } : {}) });
  return { files, transcoder };
}

describe('leases: several media instances on one database', () => {
  /** Held by the fixture's own worker, its ffmpeg hanging, until the last test says its worker crashed. */
  let heldVideo: string;

  beforeAll(async () => {
    await writeFile(flag('hang'), '');
    heldVideo = (await upload())._id;
    // Until its ffmpeg hangs, the job could still meet the next test's fail flag and fail, freeing the
    // fixture's worker, which would then take that test's upload under its own lease of 60 s.
    await eventually(() => access(hanging()).then(() => true), 'the held job\'s ffmpeg hangs', transcodingTimeoutMs);
  }, transcodingTimeoutMs);

  it('a job whose failure cannot be recorded (the database refuses) is taken again once its lease runs out, and fails properly then', async () => {
    // The hang flag stays (the fail flag goes first): should anyone take the held job before the crash
    // below is staged, that attempt hangs too, and the job is still a running one then.
    await writeFile(flag('fail'), '');
    await sql`CREATE FUNCTION refuse_failed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.state = 'failed' THEN RAISE EXCEPTION 'the database is down (test)'; END IF; RETURN NEW; END $$`.execute(mediaDb());
    await sql`CREATE TRIGGER refuse_failed BEFORE UPDATE ON transcoding FOR EACH ROW EXECUTE FUNCTION refuse_failed()`.execute(mediaDb());
    // The fixture's worker is busy with the held job: this instance, with a short lease, takes the upload.
    const { transcoder } = otherInstance({ leaseMs: 300 });
    try {
      const videoId = (await upload())._id;
      await transcoder.start();
      await eventually(async () => (await job(videoId)).attempts >= 2, 'the job is taken again after its lease ran out', transcodingTimeoutMs);
      expect((await job(videoId)).state).toBe('transcoding');
      await sql`DROP TRIGGER refuse_failed ON transcoding`.execute(mediaDb());
      expect((await whenState(videoId, ['failed', 'ready'])).transcoding).toMatchObject({ state: 'failed', reason: 'Видеог хөрвүүлж чадсангүй: moov atom not found (test)' });
      expect(await ladderFiles(videoId)).toEqual([]);
    } finally {
      await sql`DROP TRIGGER IF EXISTS refuse_failed ON transcoding`.execute(mediaDb());
      await sql`DROP FUNCTION IF EXISTS refuse_failed()`.execute(mediaDb());
      await transcoder.stop();
      await rm(flag('fail'), { force: true });
    }
  }, transcodingTimeoutMs);

  it('a job whose worker crashed is taken over once its lease runs out, the files it had put removed', async () => {
    const videoId = heldVideo;
    const { files, transcoder } = otherInstance();
    // What the crashed attempt had put, and recorded before putting it; its lease ran out an hour ago.
    const partial = `videos/${videoId}/hls/360p/segment-99.m4s`;
    await files.storage.putBytes(partial, 'half a segment');
    // Counted from here, in the same statement. Another instance may have taken the held job before (its
    // attempt hung as well) and been stopped (the job queued again): either way it is staged as running.
    const { attempts: attemptsBefore } = await mediaDb()
      .updateTable('transcoding')
      .set({ state: 'transcoding', ladder_keys: JSON.stringify([partial]), worker_id: 'a-crashed-worker', lease_expires_at: new Date(Date.now() - 3_600_000) })
      .where('video_id', '=', videoId)
      .where('state', 'in', ['transcoding', 'queued'])
      .returning('attempts')
      .executeTakeFirstOrThrow();
    await rm(flag('hang'));
    await transcoder.start();
    try {
      expect((await whenState(videoId, ['ready', 'failed'])).transcoding.state).toBe('ready');
    } finally {
      await transcoder.stop();
    }
    expect((await job(videoId)).attempts).toBe(attemptsBefore + 1);
    expect(await ladderFiles(videoId)).not.toContain(partial);
    expect(await ladderFiles(videoId)).toContain(`videos/${videoId}/hls/360p/segment-1.m4s`);
    expect(await transcodedEvents(videoId)).toHaveLength(1);
  }, transcodingTimeoutMs);
});
