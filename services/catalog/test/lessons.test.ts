// /v1/lessons: lesson bundles, through the gateway.
import { checkMediaSignature } from '@learning/contracts';
import { eventually, expectStatus } from '@learning/testing';
import { type CatalogFixture, mediaSigningSecret, startCatalogFixture } from '@learning/testing/catalog';

let fixture: CatalogFixture;
beforeAll(async () => {
  fixture = await startCatalogFixture();
});
afterAll(() => fixture?.close());

const missingId = '00000000-0000-4000-8000-000000000000';

/** Whether a play URL is one the media service will accept for this video. */
async function isPlayableUrl(url: string | null, videoId: string): Promise<boolean> {
  if (!url) return false;
  const parsed = new URL(url, 'http://gateway');
  if (parsed.pathname !== `/v1/media/video/${videoId}`) return false;
  const check = await checkMediaSignature(mediaSigningSecret, 'video', videoId, parsed.searchParams.get('expires') ?? undefined, parsed.searchParams.get('signature') ?? undefined, { ttlSeconds: 4 * 60 * 60 });
  return check === 'valid';
}

describe('creating a bundle', () => {
  it('answers 201 with the bundle, its videos in the order chosen and their names from the video read model', async () => {
    const first = await fixture.publishVideo('lesson', { name: 'Лекц 1: Present Perfect' });
    const second = await fixture.publishVideo('lesson', { name: 'Лекц 2: Нөхцөлт өгүүлбэр' });
    const { status, body } = await fixture.call('POST', '/v1/lessons', {
      token: fixture.admin,
      body: { name: ' Англи хэлний дүрэм ', price: '45,000₮', videos: [second, first, second] },
    });
    expect(status).toBe(201);
    expect(body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Англи хэлний дүрэм',
      price: '45,000₮',
      earlyPrice: null,
      earlyPriceUntil: null,
      paymentInstructions: '',
      videos: [second, first],
      populatedVideos: [
        { _id: second, name: 'Лекц 2: Нөхцөлт өгүүлбэр', url: null },
        { _id: first, name: 'Лекц 1: Present Perfect', url: null },
      ],
    });
  });

  it('takes a numeric price as text (the spec\'s price is a free text input)', async () => {
    const lesson = await fixture.createLesson({ price: 59000 as unknown as string });
    expect(lesson.price).toBe('59000');
  });

  it.each([
    [{ price: '45,000₮', videos: ['x'] }, 'Нэрээ оруулна уу.'],
    [{ name: '  ', price: '45,000₮', videos: ['x'] }, 'Нэрээ оруулна уу.'],
    [{ name: 'Багц', videos: ['x'] }, 'Үнээ оруулна уу.'],
    [{ name: 'Багц', price: '', videos: ['x'] }, 'Үнээ оруулна уу.'],
    [{ name: 'Багц', price: '45,000₮' }, 'Дор хаяж нэг видео сонгоно уу.'],
    [{ name: 'Багц', price: '45,000₮', videos: [] }, 'Дор хаяж нэг видео сонгоно уу.'],
  ])('refuses %j with 400 and a Mongolian message', async (body, message) => {
    const answer = await fixture.call('POST', '/v1/lessons', { token: fixture.admin, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, code: 'validation_failed' });
  });

  it('refuses a video the catalog does not know, and a Monster plan video, with 400', async () => {
    const unknown = await fixture.call('POST', '/v1/lessons', { token: fixture.admin, body: { name: 'Багц', price: '1₮', videos: [missingId] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: `Сонгосон видео олдсонгүй (${missingId}).`, code: 'video_not_found' });
    const planVideo = await fixture.publishVideo('monsterplan');
    const wrongKind = await fixture.call('POST', '/v1/lessons', { token: fixture.admin, body: { name: 'Багц', price: '1₮', videos: [planVideo] } });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.code).toBe('video_wrong_kind');
    expect(wrongKind.body.message).toMatch(/багц хичээлийн видео биш/);
  });
});

describe('reading bundles', () => {
  it('anyone lists every bundle, oldest first, without play URLs', async () => {
    const first = await fixture.createLesson();
    const second = await fixture.createLesson();
    const { status, body } = await fixture.call('GET', '/v1/lessons');
    expect(status).toBe(200);
    const ids = body.map((lesson: { _id: string }) => lesson._id);
    expect(ids.indexOf(first._id)).toBeLessThan(ids.indexOf(second._id));
    expect(body.find((lesson: { _id: string }) => lesson._id === second._id)).toEqual(second);
    expect(body.flatMap((lesson: { populatedVideos: { url: string | null }[] }) => lesson.populatedVideos.map((video) => video.url))).not.toContain(
      expect.any(String),
    );
  });

  it('a guest and a learner without access see the bundle without play URLs', async () => {
    const lesson = await fixture.createLesson();
    const learner = await fixture.learner();
    for (const token of [undefined, learner.token]) {
      const { status, body } = await fixture.call('GET', `/v1/lessons/${lesson._id}`, { token });
      expect(status).toBe(200);
      expect(body).toEqual(lesson);
    }
  });

  it('a learner approved for the bundle, and the administrator, get a signed play URL for every video', async () => {
    const lesson = await fixture.createLesson();
    const learner = await fixture.approvedForLesson(lesson._id);
    for (const token of [learner.token, fixture.admin]) {
      const { body } = await fixture.call('GET', `/v1/lessons/${lesson._id}`, { token });
      expect(body.populatedVideos).toHaveLength(2);
      for (const video of body.populatedVideos) expect(await isPlayableUrl(video.url, video._id)).toBe(true);
    }
  });

  it('a learner holding only some of the videos (from another bundle) gets no URLs', async () => {
    const [shared, own] = await fixture.publishVideos('lesson', 2);
    const small = await fixture.createLesson({ videos: [shared!] });
    const large = await fixture.createLesson({ videos: [shared!, own!] });
    const learner = await fixture.approvedForLesson(small._id);
    const { body } = await fixture.call('GET', `/v1/lessons/${large._id}`, { token: learner.token });
    expect(body.populatedVideos.map((video: { url: string | null }) => video.url)).toEqual([null, null]);
  });

  it.each([missingId, 'not-an-id', '64f0c2a1b2c3d4e5f6a7b8c9'])('an unknown or malformed id %s is 404 with a Mongolian message', async (id) => {
    const answer = await fixture.call('GET', `/v1/lessons/${id}`);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'Багц хичээл олдсонгүй.', code: 'lesson_not_found' });
  });
});

describe('updating a bundle', () => {
  it('changes name, price and videos; the body\'s id is ignored, the path names the bundle', async () => {
    const lesson = await fixture.createLesson();
    const other = await fixture.createLesson();
    const video = await fixture.publishVideo('lesson', { name: 'Шинэ лекц' });
    const { status, body } = await fixture.call('PUT', `/v1/lessons/${lesson._id}`, {
      token: fixture.admin,
      body: { id: other._id, name: 'Шинэ нэр', price: '39,000₮', videos: [lesson.videos[0], video] },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ _id: lesson._id, name: 'Шинэ нэр', price: '39,000₮', videos: [lesson.videos[0], video] });
    expect(body.populatedVideos[1]).toEqual({ _id: video, name: 'Шинэ лекц', url: null });
    expect((await fixture.call('GET', `/v1/lessons/${other._id}`)).body).toEqual(other);
  });

  it('the list shows the change at once', async () => {
    const lesson = await fixture.createLesson();
    const nameInList = async () => (await fixture.call('GET', '/v1/lessons')).body.find((l: { _id: string }) => l._id === lesson._id)?.name;
    expect(await nameInList()).toBe(lesson.name);
    expectStatus(await fixture.call('PUT', `/v1/lessons/${lesson._id}`, { token: fixture.admin, body: { ...lesson, name: 'Дахин нэрлэсэн' } }), 200, 'updating');
    expect(await nameInList()).toBe('Дахин нэрлэсэн');
  });

  it('a learner approved for the bundle holds its new videos too, and loses the removed ones', async () => {
    const lesson = await fixture.createLesson();
    const learner = await fixture.approvedForLesson(lesson._id);
    await fixture.meOnce(learner, (me) => me.lessons.length === 2);
    const added = await fixture.publishVideo('lesson');
    const [kept] = lesson.videos;
    expectStatus(
      await fixture.call('PUT', `/v1/lessons/${lesson._id}`, { token: fixture.admin, body: { name: lesson.name, price: lesson.price, videos: [kept, added] } }),
      200,
      'updating',
    );
    const me = await fixture.meOnce(learner, (me) => me.lessons.includes(added));
    expect(me.lessons).toEqual([kept, added].sort());
    const { body } = await fixture.call('GET', `/v1/lessons/${lesson._id}`, { token: learner.token });
    expect(body.populatedVideos.every((video: { url: string | null }) => video.url !== null)).toBe(true);
  });

  it('an unknown bundle is 404 and bad input is 400', async () => {
    const lesson = await fixture.createLesson();
    const body = { name: 'Нэр', price: '1₮', videos: lesson.videos };
    expect((await fixture.call('PUT', `/v1/lessons/${missingId}`, { token: fixture.admin, body })).status).toBe(404);
    expect((await fixture.call('PUT', '/v1/lessons/not-an-id', { token: fixture.admin, body })).status).toBe(404);
    const bad = await fixture.call('PUT', `/v1/lessons/${lesson._id}`, { token: fixture.admin, body: { ...body, videos: [] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Дор хаяж нэг видео сонгоно уу.');
  });
});

describe('deleting a bundle', () => {
  it('answers 204 (the client\'s {id, videos} body is ignored) and the bundle is gone', async () => {
    const lesson = await fixture.createLesson();
    const answer = await fixture.call('DELETE', `/v1/lessons/${lesson._id}`, { token: fixture.admin, body: { id: lesson._id, videos: lesson.videos } });
    expect(answer.status).toBe(204);
    expect((await fixture.call('GET', `/v1/lessons/${lesson._id}`)).status).toBe(404);
    expect((await fixture.call('DELETE', `/v1/lessons/${lesson._id}`, { token: fixture.admin })).status).toBe(404);
  });

  it('leaves no request or grant behind; a video still granted through another approved bundle stays granted', async () => {
    const [shared, own] = await fixture.publishVideos('lesson', 2);
    const kept = await fixture.createLesson({ videos: [shared!] });
    const deleted = await fixture.createLesson({ videos: [shared!, own!] });
    const learner = await fixture.approvedForLesson(deleted._id);
    const waiting = await fixture.learner();
    const pending = await fixture.requestLesson(waiting, deleted._id);
    const keeper = await fixture.approvedForLesson(kept._id);
    expectStatus(await fixture.call('PUT', `/v1/lesson-requests/${(await fixture.requestLesson(keeper, deleted._id))._id}`, { token: fixture.admin }), 200, 'approving');
    await fixture.meOnce(keeper, (me) => me.lessons.length === 2);

    expect((await fixture.call('DELETE', `/v1/lessons/${deleted._id}`, { token: fixture.admin })).status).toBe(204);

    expect(await fixture.meOnce(learner, (me) => me.lessons.length === 0)).toMatchObject({ lessons: [], pendingLessons: [] });
    expect(await fixture.meOnce(waiting, (me) => me.pendingLessons.length === 0)).toMatchObject({ lessons: [], pendingLessons: [] });
    expect(await fixture.meOnce(keeper, (me) => me.lessons.length === 1)).toMatchObject({ lessons: [shared], pendingLessons: [] });
    expect((await fixture.call('GET', `/v1/lesson-requests/${pending._id}`, { token: fixture.admin })).status).toBe(404);
    const db = fixture.platform.services.catalog.context.db;
    const left = await db.selectFrom('access_request').select('id').where('lesson_id', '=', deleted._id).execute();
    expect(left).toEqual([]);
    await eventually(async () => (await fixture.call('GET', `/v1/lessons/${kept._id}`, { token: keeper.token })).body.populatedVideos[0].url, 'kept stays playable');
  });
});
