// /v1/progress through the gateway: a learner's reports, then what the plan page, the bundle modal and
// /me read back (marks, totals from the probed durations, where "continue" opens), and the refusals.
import { progress } from '@learning/contracts';
import { expectStatus } from '@learning/testing';
import { startCatalogFixture, type CatalogFixture } from '@learning/testing/catalog';
import { lessonOf, planOfDays, recordedEvents, report, reported } from './listening-fixture.js';

let fixture: CatalogFixture;

beforeAll(async () => {
  fixture = await startCatalogFixture();
});
afterAll(() => fixture?.close());

const cyrillic = /[\u0400-\u04FF]/;

async function planOf(learner: { token: string }, planId: string): Promise<progress.PlanProgress> {
  const answer = await fixture.call('GET', `/v1/progress/monsterplans/${planId}`, { token: learner.token });
  expect(answer.headers.get('cache-control')).toBe('private, no-store');
  return expectStatus(answer, 200, 'the plan’s progress');
}

describe('a plan', () => {
  it('shows what was reported: each video, the day and week marks, the totals from durations and where to continue', async () => {
    const { plan, videos } = await planOfDays(fixture, [[20, 30], [40]]);
    const learner = await fixture.approvedForMonsterplan(plan._id);
    const [first, second] = videos[0]!;

    const before = await planOf(learner, plan._id);
    expect(before).toMatchObject({ monsterplanId: plan._id, goalMinutes: 1000, totalSeconds: 90, listenedSeconds: 0, continue: null });
    expect(before.days.map((day) => day.status)).toEqual(['not-started', 'not-started']);

    expect(await reported(fixture, learner, first!, { monsterplan: plan._id, ranges: [[0, 20]], position: 20 })).toEqual({
      videoId: first,
      durationSeconds: 20,
      listenedSeconds: 20,
      position: 20,
      status: 'complete',
    });
    expect(await reported(fixture, learner, second!, { monsterplan: plan._id, ranges: [[0, 12.34]], position: 12.34 })).toMatchObject({ listenedSeconds: 12.3, position: 12.3 });

    const after = await planOf(learner, plan._id);
    expect(after).toMatchObject({ totalSeconds: 90, listenedSeconds: 32.3, continue: { videoId: second, week: 1, dayOfWeek: 1, position: 12.3 } });
    expect(after.videos).toEqual([
      { videoId: first, week: 1, dayOfWeek: 1, durationSeconds: 20, listenedSeconds: 20, position: 20, status: 'complete', dictation: null },
      { videoId: second, week: 1, dayOfWeek: 1, durationSeconds: 30, listenedSeconds: 12.3, position: 12.3, status: 'in-progress', dictation: null },
      { videoId: videos[1]![0], week: 1, dayOfWeek: 2, durationSeconds: 40, listenedSeconds: 0, position: 0, status: 'not-started', dictation: null },
    ]);
    expect(after.days).toEqual([
      { week: 1, dayOfWeek: 1, status: 'in-progress', assignedAt: null, releasesAt: null, isReleased: true },
      { week: 1, dayOfWeek: 2, status: 'not-started', assignedAt: null, releasesAt: null, isReleased: true },
    ]);
    expect(after.weeks).toEqual([{ week: 1, status: 'in-progress' }]);
  });

  it('continues at the next video not complete, at 0, once the last one heard is complete; at nothing once all are', async () => {
    const { plan, videos } = await planOfDays(fixture, [[20], [20]]);
    const learner = await fixture.approvedForMonsterplan(plan._id);
    await reported(fixture, learner, videos[0]![0]!, { monsterplan: plan._id, ranges: [[0, 20]], position: 20 });
    expect((await planOf(learner, plan._id)).continue).toEqual({ videoId: videos[1]![0], week: 1, dayOfWeek: 2, position: 0 });
    await reported(fixture, learner, videos[1]![0]!, { monsterplan: plan._id, ranges: [[0, 20]], position: 20 });
    const done = await planOf(learner, plan._id);
    expect(done).toMatchObject({ continue: null, listenedSeconds: 40, weeks: [{ week: 1, status: 'complete' }] });
  });

  it('resumes on another device: the same learner’s fresh sign-in reads the saved position', async () => {
    const { plan, videos } = await planOfDays(fixture, [[600]]);
    const learner = await fixture.approvedForMonsterplan(plan._id);
    await reported(fixture, learner, videos[0]![0]!, { monsterplan: plan._id, ranges: [[0, 20]], position: 20 });
    const elsewhere = { token: await fixture.platform.signIn(learner.email, learner.password) };
    expect((await planOf(elsewhere, plan._id)).continue).toEqual({ videoId: videos[0]![0], week: 1, dayOfWeek: 1, position: 20 });
  });

  it('records each completion once, however often the report is retried', async () => {
    const { plan, videos } = await planOfDays(fixture, [[20]]);
    const learner = await fixture.approvedForMonsterplan(plan._id);
    for (let retry = 0; retry < 3; retry++) await reported(fixture, learner, videos[0]![0]!, { monsterplan: plan._id, ranges: [[0, 20]], position: 20 });
    expect(await recordedEvents(fixture, 'progress.video-completed', learner.id)).toHaveLength(1);
    expect(await recordedEvents(fixture, 'progress.day-completed', learner.id)).toEqual([{ userId: learner.id, monsterplanId: plan._id, week: 1, dayOfWeek: 1 }]);
    expect(await recordedEvents(fixture, 'progress.plan-completed', learner.id)).toEqual([{ userId: learner.id, monsterplanId: plan._id }]);
  });
});

it('a bundle shows each lecture and where to continue', async () => {
  const { lesson, videos } = await lessonOf(fixture, [20, 50]);
  const learner = await fixture.approvedForLesson(lesson._id);
  await reported(fixture, learner, videos[1]!, { lesson: lesson._id, ranges: [[0, 10]], position: 10 });
  const answer = expectStatus(await fixture.call('GET', `/v1/progress/lessons/${lesson._id}`, { token: learner.token }), 200, 'the bundle’s progress');
  expect(answer).toEqual({
    lessonId: lesson._id,
    totalSeconds: 70,
    listenedSeconds: 10,
    videos: [
      { videoId: videos[0], durationSeconds: 20, listenedSeconds: 0, position: 0, status: 'not-started', dictation: null },
      { videoId: videos[1], durationSeconds: 50, listenedSeconds: 10, position: 10, status: 'in-progress', dictation: null },
    ],
    continue: { videoId: videos[1], position: 10 },
  });
});

it('/mine lists the approved plans and bundles with their progress and the pending ones at 0; empty for a newcomer', async () => {
  const { plan, videos } = await planOfDays(fixture, [[20], [20]]);
  const { lesson } = await lessonOf(fixture, [30]);
  const learner = await fixture.approvedForMonsterplan(plan._id);
  await fixture.requestLesson(learner, lesson._id);
  await reported(fixture, learner, videos[0]![0]!, { monsterplan: plan._id, ranges: [[0, 20]], position: 20 });
  expect(expectStatus(await fixture.call('GET', '/v1/progress/mine', { token: learner.token }), 200, '/mine')).toEqual({
    monsterplans: [
      {
        _id: plan._id,
        name: plan.name,
        price: plan.price,
        requestPrice: plan.price,
        paymentInstructions: '',
        earlyPrice: null,
        earlyPriceUntil: null,
        access: 'approved',
        totalSeconds: 40,
        listenedSeconds: 20,
        status: 'in-progress',
        continue: { videoId: videos[1]![0], week: 1, dayOfWeek: 2, position: 0 },
      },
    ],
    lessons: [
      { _id: lesson._id, name: lesson.name, price: lesson.price, requestPrice: lesson.price, paymentInstructions: '', access: 'pending', totalSeconds: 30, listenedSeconds: 0, status: 'not-started', continue: null },
    ],
    // 20 s heard today: short of the day's ten minutes.
    streak: { days: 0, todayMinutes: 0, goalMinutes: 10 },
  });
  const newcomer = await fixture.learner();
  expect(expectStatus(await fixture.call('GET', '/v1/progress/mine', { token: newcomer.token }), 200, '/mine')).toEqual({ monsterplans: [], lessons: [], streak: { days: 0, todayMinutes: 0, goalMinutes: 10 } });
});

describe('refusals', () => {
  it('403 for a learner not approved for the plan or the bundle, in Mongolian', async () => {
    const { plan, videos } = await planOfDays(fixture, [[20]]);
    const { lesson, videos: lectures } = await lessonOf(fixture, [20]);
    const stranger = await fixture.learner();
    await fixture.requestMonsterplan(stranger, plan._id);
    for (const answer of [
      await report(fixture, stranger, videos[0]![0]!, { monsterplan: plan._id, ranges: [[0, 5]], position: 5 }),
      await report(fixture, stranger, lectures[0]!, { lesson: lesson._id, ranges: [[0, 5]], position: 5 }),
      await fixture.call('GET', `/v1/progress/monsterplans/${plan._id}`, { token: stranger.token }),
      await fixture.call('GET', `/v1/progress/lessons/${lesson._id}`, { token: stranger.token }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ code: 'progress_not_approved', message: expect.stringMatching(cyrillic) });
    }
  });

  it('404 for a video not in the plan or bundle, and for a plan or bundle that does not exist', async () => {
    const { plan } = await planOfDays(fixture, [[20]]);
    const { lesson } = await lessonOf(fixture, [20]);
    const learner = await fixture.approvedForMonsterplan(plan._id);
    const elsewhere = await fixture.publishVideo('monsterplan', { durationSeconds: 20 });
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await report(fixture, learner, elsewhere, { monsterplan: plan._id, ranges: [[0, 5]], position: 5 })).body).toMatchObject({ code: 'progress_video_not_found' });
    for (const answer of [
      await report(fixture, learner, elsewhere, { monsterplan: missing, ranges: [], position: 0 }),
      await report(fixture, learner, elsewhere, { lesson: 'not-an-id', ranges: [], position: 0 }),
      await fixture.call('GET', `/v1/progress/monsterplans/${missing}`, { token: learner.token }),
      await fixture.call('GET', `/v1/progress/lessons/${missing}`, { token: learner.token }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toMatch(cyrillic);
    }
    expect((await fixture.call('GET', `/v1/progress/lessons/${lesson._id}`, { token: learner.token })).status).toBe(403);
  });

  it.each([
    ['both a plan and a bundle', { monsterplan: 'PLAN', lesson: 'PLAN', ranges: [], position: 0 }],
    ['neither', { ranges: [], position: 0 }],
    ['a range that ends before it starts', { monsterplan: 'PLAN', ranges: [[10, 5]], position: 0 }],
    ['a negative second', { monsterplan: 'PLAN', ranges: [[-1, 5]], position: 0 }],
    ['a range of one number', { monsterplan: 'PLAN', ranges: [[1]], position: 0 }],
    ['text for seconds', { monsterplan: 'PLAN', ranges: [['0', '5']], position: 0 }],
    ['more than 100 ranges', { monsterplan: 'PLAN', ranges: Array.from({ length: 101 }, (_, i) => [i, i + 0.5]), position: 0 }],
    ['no position', { monsterplan: 'PLAN', ranges: [] }],
    ['a negative position', { monsterplan: 'PLAN', ranges: [], position: -3 }],
    ['no ranges', { monsterplan: 'PLAN', position: 0 }],
  ])('400 for a report with %s, in Mongolian', async (_case, body) => {
    const { plan, videos } = await planOfDays(fixture, [[20]]);
    const learner = await fixture.approvedForMonsterplan(plan._id);
    const sent = JSON.parse(JSON.stringify(body).replaceAll('PLAN', plan._id));
    const answer = await fixture.call('POST', `/v1/progress/videos/${videos[0]![0]}`, { token: learner.token, body: sent });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_failed', message: expect.stringMatching(cyrillic) });
  });

  it('400 for a range past the video’s duration', async () => {
    const { plan, videos } = await planOfDays(fixture, [[20]]);
    const learner = await fixture.approvedForMonsterplan(plan._id);
    const answer = await report(fixture, learner, videos[0]![0]!, { monsterplan: plan._id, ranges: [[0, 25]], position: 25 });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'progress_range_beyond_duration', message: expect.stringMatching(cyrillic) });
  });
});
