// The whole platform with media's files in an S3-compatible store (MEDIA_STORAGE=s3, s3rver started
// here): an upload lands in the bucket, not on disk; a learner streams it by ranges that media reads
// from the store and sends itself (no X-Accel-Redirect: nothing in front could read the files); the
// transcoding job takes its source from the bucket and puts its ladder there.
import { readFile } from 'node:fs/promises';
import { signMediaUrl } from '@learning/contracts';
import { catalogFixtureOn, catalogKnowsVideo } from '@learning/testing/catalog';
import { eventually, expectStatus, mediaSigningSecret, startMediaFixture, startTimeoutMs, type MediaFixture } from './fixture.js';
import { sampleOf } from '@learning/testing/metrics';
import { startS3Server, type S3TestServer } from '@learning/testing/s3';

let s3: S3TestServer;
let fixture: MediaFixture;
let film: Buffer;
beforeAll(async () => {
  s3 = await startS3Server({ buckets: ['learning-media'] });
  fixture = await startMediaFixture({
    env: {
      MEDIA_STORAGE: 's3',
      MEDIA_S3_BUCKET: 'learning-media',
      MEDIA_S3_ENDPOINT: s3.endpoint,
      MEDIA_S3_ACCESS_KEY_ID: s3.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      MEDIA_S3_FORCE_PATH_STYLE: '1',
    },
  });
  film = await readFile(fixture.media.video);
}, startTimeoutMs);
let s3Closed = false;
afterAll(async () => {
  await fixture?.close();
  if (!s3Closed) await s3?.close();
}, startTimeoutMs);

describe('a video kept in S3', () => {
  let videoId: string;
  let url: string;

  it('is uploaded by the administrator into the bucket, with its poster; only the spool is on disk, and empty', async () => {
    const uploaded = expectStatus(await fixture.upload('/v1/files/monsterplan-videos', { field: 'video', file: fixture.media.video, token: fixture.admin }), 201, 'uploading');
    videoId = uploaded._id;
    expect(await s3.keys('learning-media')).toEqual(expect.arrayContaining([`videos/${videoId}/video`, `videos/${videoId}/poster.jpg`]));
    expect((await s3.bytesOf('learning-media', `videos/${videoId}/video`))?.equals(film)).toBe(true);
    expect((await fixture.storedFiles()).filter((path) => !path.startsWith('.spool/'))).toEqual([]);
  });

  it('streams to an approved learner by ranges, read from the bucket and sent by media itself', async () => {
    const catalog = await catalogFixtureOn(fixture.platform);
    expectStatus(await fixture.call('PUT', `/v1/files/monsterplan-videos/${videoId}`, { token: fixture.admin, body: { id: videoId, name: 'S3 видео', translateUrl: '' } }), 200, 'publishing');
    await catalogKnowsVideo(fixture.platform, videoId);
    const planId = (await catalog.createMonsterplan({ videos: [videoId] }))._id;
    const learner = await catalog.approvedForMonsterplan(planId);
    ({ url } = expectStatus(await fixture.call('GET', `/v1/monsterplans/${planId}/play/${videoId}`, { token: learner.token }), 200, 'playing'));
    // Until the ladder is made the play call answers the MP4; after, its master playlist: the MP4 then by a URL signed as the catalog signs it.
    if (!url.startsWith('/v1/media/video/')) url = await signMediaUrl(mediaSigningSecret, 'video', videoId, Math.floor(Date.now() / 1000) + 600);
    const before = s3.requests.length;
    const range = await fixture.fetchBytes(url, { range: 'bytes=1000-5999' });
    expect([range.status, range.headers.get('content-range'), range.headers.get('x-accel-redirect')]).toEqual([206, `bytes 1000-5999/${film.length}`, null]);
    expect(range.bytes.equals(film.subarray(1000, 6000))).toBe(true);
    // The transcoding job may be putting the ladder (videos/<id>/hls/…) into the bucket meanwhile.
    const asked = s3.requests.slice(before).filter((request) => !request.url.startsWith(`/learning-media/videos/${videoId}/hls/`));
    expect(asked).toEqual([expect.objectContaining({ method: 'GET', url: expect.stringMatching(`^/learning-media/videos/${videoId}/video`) })]);
    const whole = await fixture.fetchBytes(url);
    expect([whole.status, whole.bytes.equals(film)]).toEqual([200, true]);
  });

  it('is transcoded from the bucket into a ladder in the bucket, whose files play under the signed path', async () => {
    const video = await eventually(
      async () => {
        const answer = expectStatus(await fixture.call('GET', `/v1/files/monsterplan-videos/${videoId}`, { token: fixture.admin }), 200, 'reading the video');
        return ['ready', 'failed'].includes(answer.transcoding?.state) && answer;
      },
      'the transcoding ended',
      120_000,
    );
    expect(video.transcoding).toMatchObject({ state: 'ready' });
    const ladderKeys = (await s3.keys('learning-media')).filter((key) => key.startsWith(`videos/${videoId}/hls/`));
    expect(ladderKeys).toEqual(expect.arrayContaining([`videos/${videoId}/hls/master.m3u8`]));
    const catalog = await catalogFixtureOn(fixture.platform);
    const planId = (await catalog.createMonsterplan({ videos: [videoId] }))._id;
    const learner = await catalog.approvedForMonsterplan(planId);
    const { url: master } = await eventually(async () => {
      const played = expectStatus(await fixture.call('GET', `/v1/monsterplans/${planId}/play/${videoId}`, { token: learner.token }), 200, 'playing');
      return played.url.endsWith('/master.m3u8') && played;
    }, 'play answers the ladder');
    const segmentKey = ladderKeys.find((key) => key.endsWith('.m4s'))!;
    const segmentUrl = master.replace(/master\.m3u8$/, segmentKey.slice(`videos/${videoId}/hls/`.length));
    const stored = (await s3.bytesOf('learning-media', segmentKey))!;
    const segment = await fixture.fetchBytes(segmentUrl, { range: 'bytes=10-' });
    expect([segment.status, segment.bytes.equals(stored.subarray(10))]).toEqual([206, true]);
  }, 150_000);
});

// Last: it stops the store.
describe("the store's health", () => {
  it('is 1 at /metrics while the bucket answers and 0 once it stops; media stays ready, its lists answer', async () => {
    const canTakeFiles = async () => sampleOf(await (await fetch(`${fixture.platform.url}/metrics`)).text(), 'media_store_can_take_files');
    expect(await canTakeFiles()).toBe(1);
    await s3.close();
    s3Closed = true;
    expect(await canTakeFiles()).toBe(0);
    expect((await fetch(`${fixture.platform.url}/readyz`)).status).toBe(200);
    expectStatus(await fixture.call('GET', '/v1/files/monsterplan-videos?perPage=1&currentPage=1', { token: fixture.admin }), 200, 'the videos list');
  });
});
