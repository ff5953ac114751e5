// /v1/posters/{videoId}: a published video's poster frame for anyone (the cards and a plan's days),
// none for a draft, an unknown id or a video without a frame.
import { startMediaFixture, startTimeoutMs, type MediaFixture } from './fixture.js';

let fixture: MediaFixture;
beforeAll(async () => {
  fixture = await startMediaFixture({ env: { MEDIA_TRANSCODE: '0' } });
}, startTimeoutMs);
afterAll(() => fixture?.close(), startTimeoutMs);

it('shows anyone a published video\'s poster frame, cached for a day', async () => {
  const video = await fixture.publishedVideo('lesson', 'Нүүр зураг');
  const poster = await fetch(`${fixture.platform.url}/v1/posters/${video._id}`);
  expect(poster.status).toBe(200);
  expect(poster.headers.get('content-type')).toBe('image/jpeg');
  expect(poster.headers.get('cache-control')).toBe('public, max-age=86400');
  expect(Buffer.from(await poster.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
});

it('shows nothing of a draft, an unknown id or a malformed one: 404 in Mongolian', async () => {
  const draft = await fixture.upload('/v1/files/monsterplan-videos', { field: 'video', file: fixture.media.video, token: fixture.admin });
  expect(draft.status).toBe(201);
  for (const id of [draft.body._id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
    const answer = await fixture.call('GET', `/v1/posters/${id}`);
    expect([answer.status, answer.body.code]).toEqual([404, 'poster_not_found']);
    expect(answer.body.message).toMatch(/[\u0400-\u04FF]/);
  }
});
