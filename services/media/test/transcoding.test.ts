// Transcoding as a job: an upload queues its HLS ladder, media's worker makes it with the
// real ffmpeg and stores it, the administrator's list shows the job; a redelivered `video.uploaded`
// makes no second ladder (on RabbitMQ when AMQP_URL is set). The playlists' structure is checked
// file by file.
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import { kitTables } from '@learning/kit/data';
import { eventually, expectStatus, startMediaFixture, startTimeoutMs, type MediaFixture } from './fixture.js';
import { makeClip } from './media-files.js';

let fixture: MediaFixture;
let hd: string;
beforeAll(async () => {
  fixture = await startMediaFixture();
  // 7 s at 1280x720 with sound: every rung, in four segments (2, 2, 2 and 1 s: hls-ladder.test.ts has a longer clip's 6 s ones).
  hd = makeClip(join(fixture.media.folder, 'lesson-720p.mp4'), { size: '1280x720', seconds: 7 });
}, startTimeoutMs);
afterAll(() => fixture?.close(), startTimeoutMs);

/** A guard against a hung job, not a figure: ffmpeg on a shared CI machine can be slow. */
const transcodingTimeoutMs = 120_000;
// The tests wait for jobs up to that bound, so jest's own (the config's 60 s) must not cut them first.
jest.setTimeout(transcodingTimeoutMs + 30_000);
const mediaDb = () => fixture.platform.services.media.context.db;
const stored = (key: string) => readFile(join(fixture.platform.mediaFilesDir, key), 'utf8');

async function upload(file: string, kind: 'monsterplan' | 'lesson' = 'lesson') {
  return expectStatus(await fixture.upload(`/v1/files/${kind}-videos`, { field: 'video', file, token: fixture.admin }), 201, 'uploading a video');
}

/** The video once its job has ended, ready or failed. */
async function whenTranscoded(id: string, kind: 'monsterplan' | 'lesson' = 'lesson') {
  return eventually(
    async () => {
      const video = expectStatus(await fixture.call('GET', `/v1/files/${kind}-videos/${id}`, { token: fixture.admin }), 200, 'reading the video');
      return ['ready', 'failed'].includes(video.transcoding?.state) && video;
    },
    'the transcoding ended',
    transcodingTimeoutMs,
  );
}

const transcodedEvents = (videoId: string) =>
  kitTables(mediaDb())
    .selectFrom('outbox')
    .select(['id', 'data'])
    .where('type', '=', 'video.transcoded')
    .execute()
    .then((rows) => rows.filter((row) => (row.data as { videoId: string }).videoId === videoId));

/** The 7 s clip's segments in every rendition. */
const segments = ['segment-1.m4s', 'segment-2.m4s', 'segment-3.m4s', 'segment-4.m4s'];

const ladderFiles = async (videoId: string) => (await fixture.storedFiles()).filter((path) => path.startsWith(`videos/${videoId}/hls/`)).sort();

describe('an uploaded 720p lesson video', () => {
  let videoId: string;

  it('is queued for transcoding with its upload, and the MP4 is kept and publishable at once', async () => {
    const video = await upload(hd);
    videoId = video._id;
    expect(video.transcoding).toMatchObject({ progress: expect.any(Number), reason: null });
    expect(['queued', 'transcoding']).toContain(video.transcoding.state);
    const published = await fixture.call('PUT', `/v1/files/lesson-videos/${videoId}`, { token: fixture.admin, body: { name: 'Хичээл 1', translateUrl: '' } });
    expect(published.status).toBe(200);
  });

  it('becomes ready with every rung and the audio-only rendition, one video.transcoded in the outbox', async () => {
    const video = await whenTranscoded(videoId);
    expect(video.transcoding).toEqual({ state: 'ready', progress: 100, reason: null });
    const events = await transcodedEvents(videoId);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({ videoId, kind: 'lesson', renditions: ['360p', '540p', '720p', 'audio'] });
    const list = expectStatus(await fixture.call('GET', '/v1/files/lesson-videos?perPage=10&currentPage=1', { token: fixture.admin }), 200, 'listing');
    expect(list.result.find((item: { _id: string }) => item._id === videoId).transcoding).toEqual({ state: 'ready', progress: 100, reason: null });
  });

  it('is stored under videos/<id>/hls, each file with a stored_file row', async () => {
    const files = await ladderFiles(videoId);
    const expected = ['master.m3u8'];
    for (const rendition of ['360p', '540p', '720p', 'audio']) expected.push(`${rendition}/init.mp4`, `${rendition}/playlist.m3u8`, ...segments.map((segment) => `${rendition}/${segment}`));
    expect(files).toEqual(expected.map((name) => `videos/${videoId}/hls/${name}`).sort());
    const rows = await mediaDb().selectFrom('stored_file').selectAll().where('key', 'like', `videos/${videoId}/hls/%`).execute();
    expect(rows.map((row) => row.key).sort()).toEqual(files);
    const master = rows.find((row) => row.key.endsWith('master.m3u8'))!;
    expect(master.content_type).toBe('application/vnd.apple.mpegurl');
    const typeOf = (name: string) => rows.find((row) => row.key.endsWith(name))!.content_type;
    expect([typeOf('360p/init.mp4'), typeOf('360p/segment-1.m4s')]).toEqual(['video/mp4', 'video/iso.segment']);
    expect(Number(master.size)).toBe(Buffer.byteLength(await stored(master.key)));
  });

  it('has a master playlist of relative links: three picture rungs by resolution and an audio-only variant', async () => {
    const master = await stored(`videos/${videoId}/hls/master.m3u8`);
    const lines = master.split('\n').filter(Boolean);
    expect(lines[0]).toBe('#EXTM3U');
    const variants = lines.flatMap((line, i) => (line.startsWith('#EXT-X-STREAM-INF:') ? [{ info: line, uri: lines[i + 1] }] : []));
    expect(variants.map((variant) => variant.uri)).toEqual(['360p/playlist.m3u8', '540p/playlist.m3u8', '720p/playlist.m3u8', 'audio/playlist.m3u8']);
    expect(variants.map((variant) => /RESOLUTION=(\d+x\d+)/.exec(variant.info)?.[1] ?? null)).toEqual(['640x360', '960x540', '1280x720', null]);
    expect(variants[3]!.info).toMatch(/CODECS="mp4a\.40\.2"/);
    for (const variant of variants.slice(0, 3)) expect(variant.info).toMatch(/CODECS="avc1\.[0-9a-f]+,mp4a\.40\.2"/);
    const bandwidths = variants.map((variant) => Number(/BANDWIDTH=(\d+)/.exec(variant.info)![1]));
    expect(bandwidths.slice(0, 3)).toEqual([...bandwidths.slice(0, 3)].sort((a, b) => a - b));
    expect(bandwidths[3]).toBeLessThan(bandwidths[0]!);
    expect(master).toContain('#EXT-X-INDEPENDENT-SEGMENTS');
  });

  it.each(['360p', '540p', '720p', 'audio'])('has a %s playlist: VOD, fMP4 with init.mp4, 2-second segments for the first 6 s, ended', async (rendition) => {
    const playlist = await stored(`videos/${videoId}/hls/${rendition}/playlist.m3u8`);
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist).toContain('#EXT-X-INDEPENDENT-SEGMENTS');
    expect(playlist).toContain('#EXT-X-MAP:URI="init.mp4"');
    expect(playlist.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(playlist)![1])).toBeLessThanOrEqual(6);
    const durations = [...playlist.matchAll(/#EXTINF:([\d.]+),\n(.+)/g)].map((match) => ({ seconds: Number(match[1]), uri: match[2] }));
    expect(durations.map((segment) => segment.uri)).toEqual(segments);
    expect(durations.map((segment) => Math.round(segment.seconds))).toEqual([2, 2, 2, 1]);
  });

  it('has a keyframe every 2 seconds in the picture rungs', async () => {
    const folder = join(fixture.platform.mediaFilesDir, 'videos', videoId, 'hls', '540p');
    const joined = join(fixture.media.folder, `${videoId}-540p.mp4`);
    await writeFile(joined, Buffer.concat(await Promise.all(['init.mp4', ...segments].map((name) => readFile(join(folder, name))))));
    const probe = spawnSync('ffprobe', ['-v', 'error', '-skip_frame', 'nokey', '-select_streams', 'v', '-show_entries', 'frame=pts_time', '-of', 'json', joined], { encoding: 'utf8' });
    const keyframes = (JSON.parse(probe.stdout) as { frames: Array<{ pts_time: string }> }).frames.map((frame) => Number(frame.pts_time));
    expect(keyframes.map((time) => Math.round(time - keyframes[0]!))).toEqual([0, 2, 4, 6]);
  });

  it('a redelivered video.uploaded, or the same upload announced again, makes no second ladder', async () => {
    const [uploaded] = await kitTables(mediaDb()).selectFrom('outbox').selectAll().where('type', '=', 'video.uploaded').execute().then((rows) => rows.filter((row) => (row.data as { videoId: string }).videoId === videoId));
    const envelope = { id: uploaded!.id, type: uploaded!.type, version: uploaded!.version, occurredAt: new Date(uploaded!.occurred_at).toISOString(), producer: uploaded!.producer, data: uploaded!.data };
    const bus = fixture.platform.services.media.context.bus;
    const filesBefore = await ladderFiles(videoId);
    await bus.publish(envelope);
    // A new event id for the same video: past the inbox, the job's own state stops it.
    const again = { ...envelope, id: crypto.randomUUID() };
    await bus.publish(again);
    await eventually(() => kitTables(mediaDb()).selectFrom('inbox').select('event_id').where('event_id', '=', again.id).executeTakeFirst(), 'media consumed the event again');
    const job = await mediaDb().selectFrom('transcoding').selectAll().where('video_id', '=', videoId).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'ready', attempts: 1 });
    expect(await transcodedEvents(videoId)).toHaveLength(1);
    expect(await ladderFiles(videoId)).toEqual(filesBefore);
  });

  it('a ready job cannot be retried (409 in Mongolian); an unknown video is 404', async () => {
    const answer = await fixture.call('POST', `/v1/files/lesson-videos/${videoId}/transcoding`, { token: fixture.admin });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ message: 'Зөвхөн амжилтгүй болсон хөрвүүлэлтийг дахин эхлүүлэх боломжтой.', code: 'transcoding_not_failed' });
    const unknown = await fixture.call('POST', `/v1/files/lesson-videos/${crypto.randomUUID()}/transcoding`, { token: fixture.admin });
    expect(unknown.status).toBe(404);
    // The path names the kind: a lesson video is not a Monster plan video.
    expect((await fixture.call('POST', `/v1/files/monsterplan-videos/${videoId}/transcoding`, { token: fixture.admin })).status).toBe(404);
  });

  it('is counted at /metrics by state', async () => {
    const text = await (await fetch(`${fixture.platform.url}/metrics`)).text();
    expect(Number(/^media_transcoding_jobs\{state="ready"\} (\d+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^media_transcoding_jobs\{state="queued"\} \d+$/m);
    expect(text).toMatch(/^media_transcoding_oldest_queued_age_seconds \d/m);
  });

  it('goes with its video: deleting it removes the ladder and its rows', async () => {
    expect((await fixture.call('DELETE', `/v1/files/lesson-videos/${videoId}`, { token: fixture.admin })).status).toBe(204);
    expect(await ladderFiles(videoId)).toEqual([]);
    expect(await mediaDb().selectFrom('stored_file').select('key').where('key', 'like', `videos/${videoId}/%`).execute()).toEqual([]);
    expect(await mediaDb().selectFrom('transcoding').select('video_id').where('video_id', '=', videoId).executeTakeFirst()).toBeUndefined();
  });
});

it('a source below 360 lines is never scaled up: one picture rung at its own size, and the audio', async () => {
  const video = await upload(fixture.media.video, 'monsterplan'); // 320x180 with a tone
  expect((await whenTranscoded(video._id, 'monsterplan')).transcoding.state).toBe('ready');
  const master = await stored(`videos/${video._id}/hls/master.m3u8`);
  expect(master).toMatch(/RESOLUTION=320x180,.*\n360p\/playlist\.m3u8/);
  expect(master).not.toContain('540p');
  expect((await transcodedEvents(video._id))[0]!.data).toEqual({ videoId: video._id, kind: 'monsterplan', renditions: ['360p', 'audio'] });
});
