// Videos from upload to playing: the administrator uploads and publishes, the catalog learns the
// video, an approved learner plays it by a signed URL with ranges; subtitles; deletion.
import { readFile, stat } from 'node:fs/promises';
import { mediaUrlExpiry, signMediaUrl } from '@learning/contracts';
import { keepVideoFiles } from '../src/kept-video-files.js';
import { eventually, expectStatus, mediaSigningSecret, startMediaFixture, type MediaFixture, startTimeoutMs, tamperedWith } from './fixture.js';

let fixture: MediaFixture;
let film: Buffer;
beforeAll(async () => {
  // The MP4 as uploaded: with a ladder made (transcoding.test, hls.test), the catalog would play its master playlist instead.
  fixture = await startMediaFixture({ env: { MEDIA_TRANSCODE: '0' } });
  film = await readFile(fixture.media.video);
}, startTimeoutMs);
afterAll(() => fixture?.close(), startTimeoutMs);

const catalogVideo = (id: string) => fixture.platform.services.catalog.context.db.selectFrom('video').selectAll().where('id', '=', id).executeTakeFirst();

/** A plan holding the video, and a learner approved for it. */
async function approvedPlan(videoId: string) {
  const { call, admin } = fixture;
  const plan = expectStatus(await call('POST', '/v1/monsterplans', { token: admin, body: { name: 'План', price: '1₮', videos: [videoId] } }), 201, 'creating a plan');
  const learner = await fixture.platform.learner();
  const request = expectStatus(await call('POST', '/v1/monsterplan-requests', { token: learner.token, body: { monsterplan: plan._id } }), 201, 'requesting');
  expectStatus(await call('PUT', `/v1/monsterplan-requests/${request._id}`, { token: admin }), 200, 'approving');
  return { plan, learner };
}

async function play(planId: string, videoId: string, token: string): Promise<{ url: string; sub: string | null }> {
  return expectStatus(await fixture.call('GET', `/v1/monsterplans/${planId}/play/${videoId}`, { token }), 200, 'playing');
}

describe('a Monster plan video from upload to ranged playback', () => {
  let videoId: string;
  let url: string;
  let planId: string;
  let learnerToken: string;

  it('is uploaded as an unpublished draft named after its file, with size, duration and poster', async () => {
    const answer = await fixture.upload('/v1/files/monsterplan-videos', { field: 'video', file: fixture.media.video, token: fixture.admin });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ kind: 'monsterplan', name: 'film', isPublished: false, hasSubtitle: false, size: film.length, contentType: 'video/mp4', hasPoster: true });
    expect(answer.body.duration).toBeCloseTo(3, 0);
    videoId = answer.body._id;
    const list = expectStatus(await fixture.call('GET', '/v1/files/monsterplan-videos?perPage=10&currentPage=1', { token: fixture.admin }), 200, 'listing');
    expect(list.result.map((video: { _id: string }) => video._id)).toContain(videoId);
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect(await catalogVideo(videoId)).toBeUndefined();
  });

  it('is published with a name, translation link and probed duration, which the catalog learns from video.published', async () => {
    const body = { id: videoId, name: '1-р өдөр: Мэндчилгээ', translateUrl: 'https://docs.example.mn/day-1' };
    const answer = await fixture.call('PUT', `/v1/files/monsterplan-videos/${videoId}`, { token: fixture.admin, body });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ _id: videoId, name: body.name, translateUrl: body.translateUrl, isPublished: true });
    const known = await eventually(() => catalogVideo(videoId), 'the catalog knows the video');
    expect(known).toMatchObject({ kind: 'monsterplan', name: body.name, translate_url: body.translateUrl, has_subtitle: false });
    const probed = await fixture.platform.services.media.context.db.selectFrom('video').select('duration_seconds').where('id', '=', videoId).executeTakeFirstOrThrow();
    expect(known!.duration_seconds).toBe(probed.duration_seconds);
  });

  it.each(['//evil.example/day-1', '/\\evil.example', 'javascript:alert(1)', 'docs.example.mn/day-1'])(
    'refuses %j as the translation link with 400 in Mongolian, keeping the one it had',
    async (translateUrl) => {
      const answer = await fixture.call('PUT', `/v1/files/monsterplan-videos/${videoId}`, { token: fixture.admin, body: { id: videoId, name: 'Өөр нэр', translateUrl } });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: 'Орчуулгын холбоос http(s):// хаяг эсвэл сайтын зам (/...) байх ёстой.', code: 'validation_failed' });
      const video = expectStatus(await fixture.call('GET', `/v1/files/monsterplan-videos/${videoId}`, { token: fixture.admin }), 200, 'reading the video');
      expect(video).toMatchObject({ name: '1-р өдөр: Мэндчилгээ', translateUrl: 'https://docs.example.mn/day-1' });
    },
  );

  it('plays for an approved learner: the signed URL answers exactly the file, unencrypted, with its ETag', async () => {
    const { plan, learner } = await approvedPlan(videoId);
    planId = plan._id;
    learnerToken = learner.token;
    ({ url } = await play(planId, videoId, learnerToken));
    const whole = await fixture.fetchBytes(url);
    expect(whole.status).toBe(200);
    expect(whole.bytes.equals(film)).toBe(true);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(whole.headers.get('x-payload-encryption')).toBeNull();
  });

  it('answers ranges with 206 and the right Content-Range: exactly those bytes', async () => {
    const size = film.length;
    const cases: Array<[string, number, number]> = [
      ['bytes=0-0', 0, 0],
      ['bytes=100-1099', 100, 1099],
      [`bytes=${size - 500}-`, size - 500, size - 1],
      ['bytes=-700', size - 700, size - 1],
      [`bytes=1000-${size + 5000}`, 1000, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const answer = await fixture.fetchBytes(url, { range });
      expect([range, answer.status]).toEqual([range, 206]);
      expect(answer.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(answer.headers.get('content-length')).toBe(String(end - start + 1));
      expect(answer.bytes.equals(film.subarray(start, end + 1))).toBe(true);
    }
  });

  it('seeks anywhere: many ranged reads put together give back the whole file', async () => {
    const chunk = 37_000;
    const parts: Buffer[] = [];
    for (let start = 0; start < film.length; start += chunk) {
      const answer = await fixture.fetchBytes(url, { range: `bytes=${start}-${Math.min(start + chunk, film.length) - 1}` });
      parts.push(answer.bytes);
    }
    expect(Buffer.concat(parts).equals(film)).toBe(true);
  });

  it('honours If-Range: the same ETag gives the range, another gives the whole file; If-None-Match gives 304', async () => {
    const { headers } = await fixture.fetchBytes(url, { range: 'bytes=0-9' });
    const etag = headers.get('etag')!;
    const same = await fixture.fetchBytes(url, { range: 'bytes=10-19', 'if-range': etag });
    expect(same.status).toBe(206);
    expect(same.bytes.equals(film.subarray(10, 20))).toBe(true);
    const changed = await fixture.fetchBytes(url, { range: 'bytes=10-19', 'if-range': '"another-version"' });
    expect(changed.status).toBe(200);
    expect(changed.bytes.equals(film)).toBe(true);
    expect((await fixture.fetchBytes(url, { 'if-none-match': etag })).status).toBe(304);
  });

  it('refuses a range it cannot serve with 416 and the size', async () => {
    for (const range of [`bytes=${film.length}-`, `bytes=${film.length + 10}-${film.length + 20}`, 'bytes=abc', 'bytes=500-100']) {
      const refused = await fetch(fixture.platform.url + url, { headers: { range } });
      expect([range, refused.status]).toEqual([range, 416]);
      expect(refused.headers.get('content-range')).toBe(`bytes */${film.length}`);
    }
  });

  it('refuses a tampered or expired URL with 403', async () => {
    const tampered = [
      tamperedWith(url),
      url.replace(/expires=(\d+)/, (_, expires: string) => `expires=${Number(expires) + 300}`),
      url.replace('/v1/media/video/', '/v1/media/subtitle/'),
      url.replace(/\?.*$/, ''),
    ];
    for (const path of tampered) {
      const answer = await fixture.call('GET', path);
      expect([path, answer.status, answer.body.code]).toEqual([path, 403, 'media_url_invalid']);
      expect(answer.body.message).toBe('Холбоос хүчингүй байна.');
    }
    const expired = await signMediaUrl(mediaSigningSecret, 'video', videoId, Math.floor(Date.now() / 1000) - 1);
    const answer = await fixture.call('GET', expired);
    expect([answer.status, answer.body.code]).toEqual([403, 'media_url_expired']);
    const otherSecret = await signMediaUrl('some-other-secret-of-16', 'video', videoId, Math.floor(Date.now() / 1000) + 600);
    expect((await fixture.call('GET', otherSecret)).status).toBe(403);
  });

  it('refuses a link signed with the old built-in development secret, and a genuine one that expires in ten years', async () => {
    const inAMinute = Math.floor(Date.now() / 1000) + 60;
    const oldBuiltIn = await signMediaUrl('development-media-signing-secret', 'video', videoId, inAMinute);
    expect((await fixture.call('GET', oldBuiltIn)).status).toBe(403);
    const tenYears = await signMediaUrl(mediaSigningSecret, 'video', videoId, inAMinute + 10 * 365 * 24 * 60 * 60);
    const answer = await fixture.call('GET', tenYears);
    expect([answer.status, answer.body.code]).toEqual([403, 'media_url_invalid']);
    // The longest a link lives is MEDIA_URL_TTL_SECONDS (4 h here) and the rounding to five minutes.
    const longest = await signMediaUrl(mediaSigningSecret, 'video', videoId, mediaUrlExpiry(4 * 60 * 60));
    expect((await fixture.fetchBytes(longest, { range: 'bytes=0-0' })).status).toBe(206);
    const beyond = await signMediaUrl(mediaSigningSecret, 'video', videoId, mediaUrlExpiry(4 * 60 * 60) + 301);
    expect((await fixture.call('GET', beyond)).status).toBe(403);
  });

  it('answers HEAD with the file\'s headers and no body; an unknown kind of file is not found', async () => {
    const head = await fetch(fixture.platform.url + url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(film.length));
    expect(head.headers.get('content-type')).toBe('video/mp4');
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    const unknown = await fixture.call('GET', url.replace('/v1/media/video/', '/v1/media/poster/'));
    expect([unknown.status, unknown.body.code]).toEqual([404, 'not_found']);
  });

  it('takes subtitles as SRT, keeps them as WebVTT, and play answers their URL as sub', async () => {
    const uploaded = await fixture.upload(`/v1/files/monsterplan-videos/${videoId}/subtitle`, { field: 'subtitle', file: fixture.media.srt, token: fixture.admin });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.hasSubtitle).toBe(true);
    await eventually(async () => (await catalogVideo(videoId))?.has_subtitle, 'the catalog knows the video has subtitles');
    const { sub } = await play(planId, videoId, learnerToken);
    expect(sub).toMatch(/^\/v1\/media\/subtitle\//);
    const vtt = await fixture.fetchBytes(sub!);
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(vtt.bytes.toString()).toBe('WEBVTT\n\n00:00:00.500 --> 00:00:01.500\nСайн байна уу?\n\n00:00:01.600 --> 00:00:02.900\nHello, <i>world</i>.\n');

    const replaced = await fixture.upload(`/v1/files/monsterplan-videos/${videoId}/subtitle`, { field: 'subtitle', file: fixture.media.vtt, token: fixture.admin });
    expect(replaced.status).toBe(200);
    expect((await fixture.fetchBytes(sub!)).bytes.toString()).toBe('WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n');
  });

  it('refuses subtitles that are neither SRT nor WebVTT', async () => {
    for (const file of [fixture.media.pdf, fixture.media.textAsMp4]) {
      const answer = await fixture.upload(`/v1/files/monsterplan-videos/${videoId}/subtitle`, { field: 'subtitle', file, token: fixture.admin });
      expect([answer.status, answer.body.message]).toEqual([415, 'Хадмал SRT эсвэл WebVTT файл байх ёстой.']);
    }
  });

  it('shows the administrator its poster frame', async () => {
    const poster = await fetch(`${fixture.platform.url}/v1/files/monsterplan-videos/${videoId}/poster`, { headers: { authorization: `Bearer ${fixture.admin}` } });
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await poster.arrayBuffer());
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
  });

  it('is deleted: video.deleted takes it out of the plan, its URL stops answering and its files go', async () => {
    const before = await fixture.storedFiles();
    expect(before.filter((file) => file.includes(videoId)).length).toBeGreaterThanOrEqual(3); // video, poster, subtitles
    expect((await fixture.call('DELETE', `/v1/files/monsterplan-videos/${videoId}`, { token: fixture.admin })).status).toBe(204);
    await eventually(async () => (await catalogVideo(videoId)) === undefined, 'the catalog forgets the video');
    const plan = expectStatus(await fixture.call('GET', `/v1/monsterplans/${planId}`), 200, 'the plan');
    expect(plan.videos).toEqual([]);
    expect((await fixture.call('GET', url)).status).toBe(404);
    expect((await fixture.storedFiles()).filter((file) => file.includes(videoId))).toEqual([]);
    expect((await fixture.call('GET', `/v1/files/monsterplan-videos/${videoId}`, { token: fixture.admin })).status).toBe(404);
  });
});

it('keeps a video\'s file row for the seeks that follow, until it is forgotten', async () => {
  const db = fixture.platform.services.media.context.db;
  const video = await fixture.publishedVideo('lesson');
  const videoFiles = keepVideoFiles(db);
  const found = await videoFiles.find(video._id);
  expect(found).toMatchObject({ key: `videos/${video._id}/video`, contentType: 'video/mp4', size: film.length });
  // Changed behind its back, the kept row answers: no round trip.
  await db.updateTable('stored_file').set({ size: 1 }).where('key', '=', found!.key).execute();
  expect(await videoFiles.find(video._id)).toEqual(found);
  videoFiles.forget(video._id);
  expect((await videoFiles.find(video._id))?.size).toBe(1);
  expect(await videoFiles.find('00000000-0000-4000-8000-000000000000')).toBeUndefined();
});

describe('lesson videos', () => {
  it('stream only to learners approved for their bundle', async () => {
    const video = await fixture.publishedVideo('lesson', 'Лекц 1');
    await eventually(() => catalogVideo(video._id), 'the catalog knows the lesson video');
    const { call, admin } = fixture;
    const lesson = expectStatus(await call('POST', '/v1/lessons', { token: admin, body: { name: 'Багц', price: '1₮', videos: [video._id] } }), 201, 'creating a bundle');
    const [approved, other] = await Promise.all([fixture.platform.learner(), fixture.platform.learner()]);
    const request = expectStatus(await call('POST', '/v1/lesson-requests', { token: approved.token, body: { lesson: lesson._id } }), 201, 'requesting');
    expect((await call('GET', `/v1/lessons/${lesson._id}`, { token: approved.token })).body.populatedVideos[0].url).toBeNull();
    expectStatus(await call('PUT', `/v1/lesson-requests/${request._id}`, { token: admin }), 200, 'approving');

    const seenByOther = expectStatus(await call('GET', `/v1/lessons/${lesson._id}`, { token: other.token }), 200, 'the bundle');
    expect(seenByOther.populatedVideos[0].url).toBeNull();
    const seenByApproved = await eventually(async () => {
      const body = expectStatus(await call('GET', `/v1/lessons/${lesson._id}`, { token: approved.token }), 200, 'the bundle');
      return body.populatedVideos[0].url && body;
    }, 'the approved learner gets a URL');
    const answer = await fixture.fetchBytes(seenByApproved.populatedVideos[0].url, { range: 'bytes=0-99' });
    expect(answer.status).toBe(206);
    expect(answer.bytes.equals(film.subarray(0, 100))).toBe(true);
    // Without a signature, nobody streams it, whatever their token.
    const unsigned = await fetch(`${fixture.platform.url}/v1/media/video/${video._id}`, { headers: { authorization: `Bearer ${other.token}` } });
    expect(unsigned.status).toBe(403);
  });
});

it('lists videos of each kind apart, newest first, paged', async () => {
  const first = await fixture.publishedVideo('lesson', 'Эхний');
  const second = await fixture.publishedVideo('lesson', 'Дараагийн');
  const page = expectStatus(await fixture.call('GET', '/v1/files/lesson-videos?perPage=1&currentPage=1', { token: fixture.admin }), 200, 'page 1');
  expect(page.result.map((video: { _id: string }) => video._id)).toEqual([second._id]);
  const next = expectStatus(await fixture.call('GET', '/v1/files/lesson-videos?perPage=1&currentPage=2', { token: fixture.admin }), 200, 'page 2');
  expect(next.result.map((video: { _id: string }) => video._id)).toEqual([first._id]);
  expect(page.total).toBe(next.total);
  const plans = expectStatus(await fixture.call('GET', '/v1/files/monsterplan-videos', { token: fixture.admin }), 200, 'plan videos');
  expect(plans.result.map((video: { _id: string }) => video._id)).not.toContain(first._id);
  expect((await fixture.call('GET', `/v1/files/monsterplan-videos/${first._id}`, { token: fixture.admin })).status).toBe(404);
  expect((await stat(fixture.media.video)).size).toBe(film.length);
});
