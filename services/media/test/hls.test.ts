// Signed HLS paths: once media has made a video's ladder (`video.transcoded`), the catalog's
// play call and a bundle's videos answer its master playlist, signed in the path; a player follows the
// playlists' relative links under that one path to every file of the ladder, and to nothing else. A
// tampered, expired or over-long signature, or one signed for another video, is 403 as today's URLs.
import { request } from 'node:http';
import { openPayload, payloadKey, signHlsUrl, signMediaUrl } from '@learning/contracts';
import { testPayloadSecret } from '@learning/testing';
import { catalogFixtureOn, type CatalogFixture, type Learner } from '@learning/testing/catalog';
import { eventually, expectStatus, mediaSigningSecret, startMediaFixture, startTimeoutMs, type BytesAnswer, type MediaFixture } from './fixture.js';
import { makeTestLadder, storeLadder, type TestLadder } from './ladders.js';

/** The catalog's default MEDIA_URL_TTL_SECONDS, and the five minutes its expiries are rounded up to. */
const ttlSeconds = 4 * 60 * 60;
const roundingSeconds = 300;
const hlsPath = /^\/v1\/media\/hls\/(\d+)\/([A-Za-z0-9_-]{43})\/([^/]+)\/master\.m3u8$/;

let fixture: MediaFixture;
let catalog: CatalogFixture;
let ladder: TestLadder;
let planId: string;
let planVideo: string;
let learner: Learner;
let lessonVideo: string;
let lessonId: string;

beforeAll(async () => {
  [fixture, ladder] = await Promise.all([startMediaFixture(), makeTestLadder()]);
  catalog = await catalogFixtureOn(fixture.platform);
  // Published as media publishes them, their ladders stored as media's transcoding job stores them:
  // no upload, so no job of media's makes a ladder of its own while the test watches for the MP4.
  [planVideo, lessonVideo] = await Promise.all([catalog.publishVideo('monsterplan', { hasSubtitle: true }), catalog.publishVideo('lesson')]);
  planId = (await catalog.createMonsterplan({ videos: [planVideo] }))._id;
  learner = await catalog.approvedForMonsterplan(planId);
  lessonId = (await catalog.createLesson({ videos: [lessonVideo] }))._id;
}, startTimeoutMs);

afterAll(() => fixture?.close(), startTimeoutMs);

const play = async (who: Learner = learner) =>
  expectStatus(await fixture.call('GET', `/v1/monsterplans/${planId}/play/${planVideo}`, { token: who.token }), 200, 'playing the plan video') as { url: string; sub: string | null };

/** The play URL once the catalog has learnt of the ladder. */
const ladderUrl = () =>
  eventually(async () => {
    const { url } = await play();
    return hlsPath.test(url) && url;
  }, 'play answers the HLS ladder');

/** A GET of exactly this path, `..` and encodings as written (fetch would normalise them), with its JSON body opened; through the gateway unless `to` says otherwise. */
function getRaw(path: string, to = fixture.platform.url): Promise<BytesAnswer & { json?: any }> {
  const { hostname, port } = new URL(to);
  return new Promise((resolve, reject) => {
    request({ hostname, port, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', async () => {
        const bytes = Buffer.concat(chunks);
        const headers = new Headers(Object.entries(res.headers).map(([name, value]): [string, string] => [name, String(value)]));
        let json;
        if (/^application\/json/.test(headers.get('content-type') ?? '')) {
          json = JSON.parse(bytes.toString());
          if (headers.get('x-payload-encryption')) json = JSON.parse(await openPayload(await payloadKey(testPayloadSecret), json.payload));
        }
        resolve({ status: res.statusCode ?? 0, bytes, headers, json });
      });
    })
      .on('error', reject)
      .end();
  });
}

function expectRefused(answer: { status: number; json?: any }, status: number, code: string): void {
  expect({ status: answer.status, code: answer.json?.code }).toEqual({ status, code });
  expect(answer.json.message).toMatch(/[\u0400-\u04FF]/);
}

/** The lines of a playlist that name another file, relative to it. */
const linksOf = (playlist: Buffer) =>
  playlist
    .toString()
    .split('\n')
    .flatMap((line) => (line.startsWith('#') ? [...line.matchAll(/URI="([^"]+)"/g)].map((match) => match[1]!) : line.trim() ? [line.trim()] : []));

it('play answers the MP4 until the ladder is ready, then its master playlist signed in the path, expiring as the MP4 URL would; subtitles stay as they were', async () => {
  const before = await play();
  expect(before.url).toMatch(new RegExp(`^/v1/media/video/${planVideo}\\?expires=\\d+&signature=`));

  await storeLadder(fixture.platform, planVideo, 'monsterplan', ladder);
  const askedFrom = Math.floor(Date.now() / 1000);
  const url = await ladderUrl();
  const askedUntil = Math.ceil(Date.now() / 1000);
  const [, expires, , videoId] = hlsPath.exec(url)!;
  expect(videoId).toBe(planVideo);
  const roundedUp = (seconds: number) => Math.ceil((seconds + ttlSeconds) / roundingSeconds) * roundingSeconds;
  expect(Number(expires)).toBeGreaterThanOrEqual(roundedUp(askedFrom));
  expect(Number(expires)).toBeLessThanOrEqual(roundedUp(askedUntil));
  const { sub } = await play();
  expect(sub).toMatch(new RegExp(`^/v1/media/subtitle/${planVideo}\\?expires=\\d+&signature=`));
});

it('a player follows the relative links from the signed master playlist to the rendition playlist, its init segment and every segment, byte for byte', async () => {
  const master = await ladderUrl();
  const expires = Number(hlsPath.exec(master)![1]);
  const fetched = new Map<string, BytesAnswer>();
  const follow = async (url: string): Promise<void> => {
    const answer = await fixture.fetchBytes(url);
    fetched.set(url, answer);
    expect(answer.status).toBe(200);
    if (answer.headers.get('content-type') === 'application/vnd.apple.mpegurl') for (const link of linksOf(answer.bytes)) await follow(new URL(link, `http://x${url}`).pathname);
  };
  await follow(master);

  const base = master.slice(0, -'master.m3u8'.length);
  expect([...fetched.keys()].map((url) => url.slice(base.length)).sort()).toEqual([...ladder.files.keys()].sort());
  for (const [url, answer] of fetched) {
    const path = url.slice(base.length);
    expect(answer.bytes.equals(ladder.files.get(path)!)).toBe(true);
    if (path.endsWith('.m3u8')) {
      expect(answer.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
      const maxAge = Number(/^private, max-age=(\d+)$/.exec(answer.headers.get('cache-control')!)![1]);
      expect(maxAge).toBeGreaterThan(0);
      expect(maxAge).toBeLessThanOrEqual(expires - Math.floor(Date.now() / 1000) + 1);
    } else {
      // As the transcoding job stores them: an init segment is an MP4, a media segment an ISO BMFF segment.
      expect(answer.headers.get('content-type')).toBe(path.endsWith('.m4s') ? 'video/iso.segment' : 'video/mp4');
      expect(answer.headers.get('cache-control')).toBe('private, max-age=3600');
    }
  }
});

it('a segment is answered like any stored file: a range with 206, its ETag revalidated with 304', async () => {
  const segment = (await ladderUrl()).replace('master.m3u8', '360p/segment-2.m4s');
  const bytes = ladder.files.get('360p/segment-2.m4s')!;
  const part = await fixture.fetchBytes(segment, { range: 'bytes=100-199' });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
  expect(part.bytes.equals(bytes.subarray(100, 200))).toBe(true);
  const whole = await fixture.fetchBytes(segment);
  const again = await fixture.fetchBytes(segment, { 'if-none-match': whole.headers.get('etag')! });
  expect(again.status).toBe(304);
});

it('media hands each file of the ladder over to the proxy in front, which may keep it until the signed path expires', async () => {
  const master = await ladderUrl();
  const expires = hlsPath.exec(master)![1];
  for (const path of ['master.m3u8', '360p/playlist.m3u8', '360p/segment-1.m4s']) {
    const answer = await fetch(fixture.platform.services.media.url + master.replace('master.m3u8', path));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-accel-redirect')).toBe(`/media-files/videos/${planVideo}/hls/${path}`);
    expect(answer.headers.get('x-accel-expires')).toBe(`@${expires}`);
    expect((await answer.arrayBuffer()).byteLength).toBe(0);
  }
});

it("a bundle's videos carry their ladder's URL once it is ready, for a learner approved for it; nobody else gets a URL", async () => {
  const approved = await catalog.approvedForLesson(lessonId);
  const urlOf = async (who: Learner) => expectStatus(await fixture.call('GET', `/v1/lessons/${lessonId}`, { token: who.token }), 200, 'the bundle').populatedVideos[0].url as string | null;
  expect(await urlOf(approved)).toMatch(new RegExp(`^/v1/media/video/${lessonVideo}\\?`));

  await storeLadder(fixture.platform, lessonVideo, 'lesson', ladder);
  const url = await eventually(async () => {
    const found = await urlOf(approved);
    return found !== null && hlsPath.test(found) && found;
  }, 'the bundle answers the HLS ladder');
  expect(hlsPath.exec(url)![3]).toBe(lessonVideo);
  expect((await fixture.fetchBytes(url)).bytes.equals(ladder.files.get('master.m3u8')!)).toBe(true);

  const pending = await catalog.learner();
  await catalog.requestLesson(pending, lessonId);
  expect(await urlOf(pending)).toBeNull();
  await catalog.requestMonsterplan(pending, planId);
  const refused = await fixture.call('GET', `/v1/monsterplans/${planId}/play/${planVideo}`, { token: pending.token });
  expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 403, code: 'monsterplan_not_approved' });
});

it('a tampered signature or expiry, or the signed path with another video in it, is refused with 403 media_url_invalid for every file', async () => {
  const master = await ladderUrl();
  const [, expires, signature] = hlsPath.exec(master)!;
  const tampered = `${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`;
  for (const file of ['master.m3u8', '360p/playlist.m3u8', '360p/segment-1.m4s']) {
    const path = master.replace('master.m3u8', file);
    for (const refusedPath of [
      path.replace(`/${signature}/`, `/${tampered}/`),
      path.replace(`/${expires}/`, `/${Number(expires) - roundingSeconds}/`),
      // The lesson video's ladder (stored by the test above) is not what this path was signed for.
      path.replace(`/${planVideo}/`, `/${lessonVideo}/`),
    ]) {
      expectRefused(await getRaw(refusedPath), 403, 'media_url_invalid');
    }
  }
});

it('an expired path is refused with 403 media_url_expired, one that outlives the TTL with media_url_invalid, as signed URLs are', async () => {
  const now = Math.floor(Date.now() / 1000);
  expectRefused(await getRaw(await signHlsUrl(mediaSigningSecret, planVideo, now - 1)), 403, 'media_url_expired');
  expectRefused(await getRaw(await signHlsUrl(mediaSigningSecret, planVideo, now + 10 * 365 * 24 * 60 * 60)), 403, 'media_url_invalid');
  // A video URL's signature signs the MP4 only, and the ladder's signs no MP4.
  const mp4 = new URL(await signMediaUrl(mediaSigningSecret, 'video', planVideo, now + 600), 'http://x');
  const ladderPath = await signHlsUrl(mediaSigningSecret, planVideo, now + 600);
  expectRefused(await getRaw(`/v1/media/hls/${now + 600}/${mp4.searchParams.get('signature')}/${planVideo}/master.m3u8`), 403, 'media_url_invalid');
  expectRefused(await getRaw(`${mp4.pathname}?expires=${now + 600}&signature=${hlsPath.exec(ladderPath)![2]}`), 403, 'media_url_invalid');
});

it('under a valid signed path, a path leaving the ladder (.., encoded or not) or a file the ladder does not hold is 404 file_not_found, a NUL 400', async () => {
  const base = (await ladderUrl()).slice(0, -'master.m3u8'.length);
  // The gateway refuses dot segments before any service sees them (routing.ts); media refuses them too.
  const dotSegments = ['../video', '%2E%2E/video', '360p/../../video'];
  for (const path of dotSegments) expectRefused(await getRaw(base + path), 404, 'not_found');
  for (const path of [
    ...dotSegments,
    '..%2Fvideo',
    '360p%2F..%2F..%2Fvideo',
    `..%2F..%2F${lessonVideo}%2Fhls%2Fmaster.m3u8`,
    '%2Fetc%2Fpasswd',
    'video',
    'poster.jpg',
    '360p/segment-99.m4s',
    '360p/init.mp4/more',
    '360p/x/init.mp4',
    '720p/playlist.m3u8',
    '.%2Fmaster.m3u8',
    '',
  ]) {
    if (!dotSegments.includes(path)) expectRefused(await getRaw(base + path), 404, 'file_not_found');
    expectRefused(await getRaw(base + path, fixture.platform.services.media.url), 404, 'file_not_found');
  }
  // A NUL in the path is refused before any route looks at it, at the gateway and at media alike.
  expectRefused(await getRaw(`${base}master.m3u8%00`), 400, 'nul_character');
  expectRefused(await getRaw(`${base}master.m3u8%00`, fixture.platform.services.media.url), 400, 'nul_character');
});

it('a video uploaded to media, its ladder made by media\'s own job, plays through the signed path: every file its playlists link to is there', async () => {
  const video = (await fixture.publishedVideo('monsterplan'))._id;
  const catalogDb = fixture.platform.services.catalog.context.db;
  await eventually(() => catalogDb.selectFrom('video').select('id').where('id', '=', video).executeTakeFirst(), 'the catalog knows the video');
  const plan = (await catalog.createMonsterplan({ videos: [video] }))._id;
  const master = await eventually(
    async () => {
      const { url } = expectStatus(await fixture.call('GET', `/v1/monsterplans/${plan}/play/${video}`, { token: fixture.admin }), 200, 'playing');
      return hlsPath.test(url) && (url as string);
    },
    'play answers the ladder media made',
    60_000,
  );
  const follow = async (url: string, seen: string[] = []): Promise<string[]> => {
    const answer = await fixture.fetchBytes(url);
    expect({ url, status: answer.status }).toEqual({ url, status: 200 });
    seen.push(url);
    if (answer.headers.get('content-type') === 'application/vnd.apple.mpegurl') {
      for (const link of linksOf(answer.bytes)) await follow(new URL(link, `http://x${url}`).pathname, seen);
    }
    return seen;
  };
  const files = (await follow(master)).map((url) => url.slice(master.length - 'master.m3u8'.length));
  expect(files).toEqual(expect.arrayContaining(['master.m3u8', expect.stringMatching(/^[\w-]+\/init\.mp4$/), expect.stringMatching(/^[\w-]+\/segment-1\.m4s$/)]));
}, 90_000);
