// /v1/monsterplans: plans, their weeks and days, and playing their videos, through the gateway.
import { checkMediaSignature, type MediaKind } from '@learning/contracts';
import { expectStatus } from '@learning/testing';
import { type CatalogFixture, mediaSigningSecret, startCatalogFixture } from '@learning/testing/catalog';

let fixture: CatalogFixture;
beforeAll(async () => {
  fixture = await startCatalogFixture();
});
afterAll(() => fixture?.close());

const missingId = '00000000-0000-4000-8000-000000000000';

/** The catalog signs for four hours by default. */
const playUrlRule = { ttlSeconds: 4 * 60 * 60 };

async function signatureCheck(url: string, kind: MediaKind, videoId: string) {
  const parsed = new URL(url, 'http://gateway');
  expect(parsed.pathname).toBe(`/v1/media/${kind}/${videoId}`);
  const expires = parsed.searchParams.get('expires') ?? undefined;
  return { check: await checkMediaSignature(mediaSigningSecret, kind, videoId, expires, parsed.searchParams.get('signature') ?? undefined, playUrlRule), expires: Number(expires) };
}

describe('creating a plan', () => {
  it('places plain video ids on consecutive days of week 1, active and without an exam unless told', async () => {
    const videos = await fixture.publishVideos('monsterplan', 2);
    const { status, body } = await fixture.call('POST', '/v1/monsterplans', { token: fixture.admin, body: { name: 'Monster plan 1', price: '49,000₮', videos } });
    expect(status).toBe(201);
    expect(body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Monster plan 1',
      price: '49,000₮',
      earlyPrice: null,
      earlyPriceUntil: null,
      paymentInstructions: '',
      releaseDaily: false,
      videos,
      isActive: true,
      exam: false,
      // No bank yet: the exam service has told of none.
      examQuestions: { count: 0, needed: 40 },
      populatedVideos: [
        {
          week: 1,
          videos: [
            { _id: videos[0], name: expect.any(String), dayOfWeek: 1, translateUrl: '', monsterWords: '' },
            { _id: videos[1], name: expect.any(String), dayOfWeek: 2, translateUrl: '', monsterWords: '' },
          ],
        },
      ],
    });
  });

  it('takes weeks, days and words as the administrator sets them, and answers them grouped by week in order', async () => {
    const [a, b, c] = await Promise.all([
      fixture.publishVideo('monsterplan', { name: 'Өглөө', translateUrl: 'https://docs.example.mn/a' }),
      fixture.publishVideo('monsterplan', { name: 'Өдөр' }),
      fixture.publishVideo('monsterplan', { name: 'Орой' }),
    ]);
    const plan = await fixture.createMonsterplan({
      videos: [
        { _id: c!, week: 2, dayOfWeek: 1, monsterWords: 'sunset, dusk' },
        { _id: a!, week: 1, dayOfWeek: 3, monsterWords: 'dawn' },
        { _id: b!, week: 1, dayOfWeek: 1, monsterWords: '' },
      ],
      isActive: true,
      exam: true,
      earlyPrice: '35,000₮',
      earlyPriceUntil: '2026-12-09T00:00:00+08:00',
    });
    expect(plan).toMatchObject({ exam: true, earlyPrice: '35,000₮', earlyPriceUntil: '2026-12-08T16:00:00.000Z', videos: [b, a, c] });
    expect(plan.populatedVideos).toEqual([
      {
        week: 1,
        videos: [
          { _id: b, name: 'Өдөр', dayOfWeek: 1, translateUrl: '', monsterWords: '' },
          { _id: a, name: 'Өглөө', dayOfWeek: 3, translateUrl: 'https://docs.example.mn/a', monsterWords: 'dawn' },
        ],
      },
      { week: 2, videos: [{ _id: c, name: 'Орой', dayOfWeek: 1, translateUrl: '', monsterWords: 'sunset, dusk' }] },
    ]);
  });

  it.each([
    [{ price: '1₮', videos: ['x'] }, 'Нэрээ оруулна уу.'],
    [{ name: 'План', videos: ['x'] }, 'Үнээ оруулна уу.'],
    [{ name: 'План', price: '1₮', videos: [] }, 'Дор хаяж нэг видео сонгоно уу.'],
    [{ name: 'План', price: '1₮' }, 'Дор хаяж нэг видео сонгоно уу.'],
  ])('refuses %j with 400 and a Mongolian message', async (body, message) => {
    const answer = await fixture.call('POST', '/v1/monsterplans', { token: fixture.admin, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, code: 'validation_failed' });
  });

  it('refuses a day outside 1–7, a lesson video and an unknown video with 400', async () => {
    const [planVideo] = await fixture.publishVideos('monsterplan', 1);
    const lessonVideo = await fixture.publishVideo('lesson');
    const base = { name: 'План', price: '1₮' };
    const badDay = await fixture.call('POST', '/v1/monsterplans', { token: fixture.admin, body: { ...base, videos: [{ _id: planVideo, week: 1, dayOfWeek: 8 }] } });
    expect(badDay.status).toBe(400);
    expect(badDay.body.message).toMatch(/[\u0400-\u04FF]/);
    const wrongKind = await fixture.call('POST', '/v1/monsterplans', { token: fixture.admin, body: { ...base, videos: [lessonVideo] } });
    expect(wrongKind.body).toMatchObject({ code: 'video_wrong_kind' });
    const unknown = await fixture.call('POST', '/v1/monsterplans', { token: fixture.admin, body: { ...base, videos: [missingId] } });
    expect(unknown.body).toMatchObject({ code: 'video_not_found' });
  });
});

describe('reading plans', () => {
  it('anyone lists every plan, oldest first, and reads one', async () => {
    const first = await fixture.createMonsterplan();
    const second = await fixture.createMonsterplan({ isActive: false });
    const list = await fixture.call('GET', '/v1/monsterplans');
    expect(list.status).toBe(200);
    const ids = list.body.map((plan: { _id: string }) => plan._id);
    expect(ids.indexOf(first._id)).toBeLessThan(ids.indexOf(second._id));
    expect(list.body.find((plan: { _id: string }) => plan._id === second._id)).toEqual(second);
    const one = await fixture.call('GET', `/v1/monsterplans/${first._id}`);
    expect(one.body).toEqual(first);
  });

  it.each([missingId, 'not-an-id'])('an unknown or malformed id %s is 404 with a Mongolian message', async (id) => {
    const answer = await fixture.call('GET', `/v1/monsterplans/${id}`);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'Monster plan олдсонгүй.', code: 'monsterplan_not_found' });
  });
});

describe('updating a plan', () => {
  it('a plain id keeps its place and words, a new one takes the next day, and fields left out keep their values', async () => {
    const [a, b] = await fixture.publishVideos('monsterplan', 2);
    const plan = await fixture.createMonsterplan({
      videos: [{ _id: a!, week: 1, dayOfWeek: 7, monsterWords: 'keep' }],
      exam: true,
      isActive: false,
      earlyPrice: '35,000₮',
    });
    const { status, body } = await fixture.call('PUT', `/v1/monsterplans/${plan._id}`, {
      token: fixture.admin,
      body: { id: missingId, name: 'Шинэ нэр', price: '55,000₮', videos: [a, b] },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ _id: plan._id, name: 'Шинэ нэр', price: '55,000₮', exam: true, isActive: false, earlyPrice: '35,000₮' });
    expect(body.populatedVideos).toEqual([
      { week: 1, videos: [expect.objectContaining({ _id: a, dayOfWeek: 7, monsterWords: 'keep' })] },
      { week: 2, videos: [expect.objectContaining({ _id: b, dayOfWeek: 1, monsterWords: '' })] },
    ]);
    const reopened = await fixture.call('PUT', `/v1/monsterplans/${plan._id}`, {
      token: fixture.admin,
      body: { name: 'Шинэ нэр', price: '55,000₮', videos: [b], isActive: true, exam: false, earlyPrice: null },
    });
    expect(reopened.body).toMatchObject({ isActive: true, exam: false, earlyPrice: null, videos: [b] });
  });

  it('an unknown plan is 404', async () => {
    const [video] = await fixture.publishVideos('monsterplan', 1);
    const answer = await fixture.call('PUT', `/v1/monsterplans/${missingId}`, { token: fixture.admin, body: { name: 'x', price: '1', videos: [video] } });
    expect(answer.status).toBe(404);
  });
});

describe('deleting a plan', () => {
  it('answers 204, and its requests and the access they gave are gone', async () => {
    const plan = await fixture.createMonsterplan();
    const approved = await fixture.approvedForMonsterplan(plan._id);
    const waiting = await fixture.learner();
    const pending = await fixture.requestMonsterplan(waiting, plan._id);
    await fixture.meOnce(approved, (me) => me.monsterplans.includes(plan._id));

    const answer = await fixture.call('DELETE', `/v1/monsterplans/${plan._id}`, { token: fixture.admin, body: { id: plan._id, videos: plan.videos } });
    expect(answer.status).toBe(204);

    expect((await fixture.call('GET', `/v1/monsterplans/${plan._id}`)).status).toBe(404);
    expect((await fixture.call('GET', `/v1/monsterplan-requests/${pending._id}`, { token: fixture.admin })).status).toBe(404);
    expect(await fixture.meOnce(approved, (me) => me.monsterplans.length === 0)).toMatchObject({ monsterplans: [], pendingMonsterplans: [] });
    expect(await fixture.meOnce(waiting, (me) => me.pendingMonsterplans.length === 0)).toMatchObject({ monsterplans: [], pendingMonsterplans: [] });
    expect((await fixture.call('DELETE', `/v1/monsterplans/${plan._id}`, { token: fixture.admin })).status).toBe(404);
  });
});

describe('playing a video of a plan', () => {
  it('an approved learner gets a short-lived signed URL that the media service accepts, and the subtitle URL', async () => {
    const plan = await fixture.createMonsterplan();
    const learner = await fixture.approvedForMonsterplan(plan._id);
    const videoId = plan.videos[1]!;
    const { status, body } = await fixture.call('GET', `/v1/monsterplans/${plan._id}/play/${videoId}`, { token: learner.token });
    expect(status).toBe(200);
    const video = await signatureCheck(body.url, 'video', videoId);
    expect(video.check).toBe('valid');
    // Four hours (MEDIA_URL_TTL_SECONDS), rounded up to five minutes.
    const hours = (video.expires * 1000 - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(3.9);
    expect(hours).toBeLessThanOrEqual(4.1);
    expect((await signatureCheck(body.sub, 'subtitle', videoId)).check).toBe('valid');
    // A signature for one video does not open another.
    const other = new URL(body.url, 'http://gateway');
    expect(await checkMediaSignature(mediaSigningSecret, 'video', plan.videos[0]!, other.searchParams.get('expires')!, other.searchParams.get('signature')!, playUrlRule)).toBe('invalid');
  });

  it('answers sub null for a video without subtitles', async () => {
    const video = await fixture.publishVideo('monsterplan', { hasSubtitle: false });
    const plan = await fixture.createMonsterplan({ videos: [video] });
    const learner = await fixture.approvedForMonsterplan(plan._id);
    const { body } = await fixture.call('GET', `/v1/monsterplans/${plan._id}/play/${video}`, { token: learner.token });
    expect(body).toEqual({ url: expect.stringContaining(`/v1/media/video/${video}?`), sub: null });
  });

  it('a pending learner and another learner are refused with 403 in Mongolian; a guest with 401; the administrator may play', async () => {
    const plan = await fixture.createMonsterplan();
    const path = `/v1/monsterplans/${plan._id}/play/${plan.videos[0]}`;
    const waiting = await fixture.learner();
    await fixture.requestMonsterplan(waiting, plan._id);
    const stranger = await fixture.learner();
    for (const token of [waiting.token, stranger.token]) {
      const answer = await fixture.call('GET', path, { token });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({
        message: 'Энэ хичээлийг үзэхийн тулд Monster plan-д хамрагдах хүсэлтээ админаар баталгаажуулна уу.',
        code: 'monsterplan_not_approved',
      });
    }
    expect((await fixture.call('GET', path)).status).toBe(401);
    expect((await fixture.call('GET', path, { token: fixture.admin })).status).toBe(200);
  });

  it('a video not in the plan, an unknown plan and malformed ids are 404', async () => {
    const plan = await fixture.createMonsterplan();
    const learner = await fixture.approvedForMonsterplan(plan._id);
    const elsewhere = (await fixture.createMonsterplan()).videos[0];
    const notInPlan = await fixture.call('GET', `/v1/monsterplans/${plan._id}/play/${elsewhere}`, { token: learner.token });
    expect(notInPlan.status).toBe(404);
    expect(notInPlan.body).toEqual({ message: 'Энэ видео тухайн Monster plan-д байхгүй байна.', code: 'video_not_in_monsterplan' });
    for (const path of [`/v1/monsterplans/${missingId}/play/${plan.videos[0]}`, `/v1/monsterplans/not-an-id/play/x`, `/v1/monsterplans/${plan._id}/play/x`]) {
      expect((await fixture.call('GET', path, { token: learner.token })).status).toBe(404);
    }
  });

  it('an approved learner may still play after the plan turns inactive', async () => {
    const plan = await fixture.createMonsterplan();
    const learner = await fixture.approvedForMonsterplan(plan._id);
    expectStatus(
      await fixture.call('PUT', `/v1/monsterplans/${plan._id}`, { token: fixture.admin, body: { name: plan.name, price: plan.price, videos: plan.videos, isActive: false } }),
      200,
      'deactivating',
    );
    expect((await fixture.call('GET', `/v1/monsterplans/${plan._id}/play/${plan.videos[0]}`, { token: learner.token })).status).toBe(200);
  });
});
