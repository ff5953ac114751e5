// Listening reports without HTTP: the domain called with a clock the test moves, on the mode's
// database. A report adds at most 2 × the seconds since the learner's previous report of the video
// + 5 s (35 s on the first); two reports at once lose no range; each completion is recorded once.
import { HttpError } from '@learning/kit/http';
import { startCatalogFixture, type CatalogFixture } from '@learning/testing/catalog';
import { reportListening } from '../src/listening.js';
import type { CatalogDb } from '../src/tables.js';
import { lessonOf, planOfDays, recordedEvents } from './listening-fixture.js';

let fixture: CatalogFixture;
let db: CatalogDb;

const start = new Date('2026-11-25T09:00:00.000Z');
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

beforeAll(async () => {
  fixture = await startCatalogFixture();
  db = fixture.platform.services.catalog.context.db;
});
afterAll(() => fixture?.close());

async function aListener(days: number[][]) {
  const { plan, videos } = await planOfDays(fixture, days);
  const learner = await fixture.approvedForMonsterplan(plan._id);
  const hear = (videoId: string, ranges: Array<[number, number]>, seconds: number, position = ranges.at(-1)?.[1] ?? 0) =>
    reportListening(db, learner.id, videoId, { monsterplan: plan._id, ranges, position }, at(seconds));
  return { plan, videos, learner, hear };
}

describe('the clipping budget, on the server’s clock', () => {
  it('counts at most 35 s on a video’s first report, then what 2 × the seconds since have refilled', async () => {
    const { videos, hear } = await aListener([[600]]);
    const video = videos[0]![0]!;
    expect(await hear(video, [[0, 100]], 0)).toMatchObject({ listenedSeconds: 35, status: 'in-progress' });
    expect(await hear(video, [[0, 100]], 10)).toMatchObject({ listenedSeconds: 55 });
    // A report repeated at once adds nothing: the budget was spent, and reporting often refills nothing.
    expect(await hear(video, [[0, 100]], 10)).toMatchObject({ listenedSeconds: 55 });
    expect(await hear(video, [[0, 100]], 12.5)).toMatchObject({ listenedSeconds: 60 });
  });

  it('takes an honest page at 2× whole: every 10 s, 20 video seconds', async () => {
    const { videos, hear } = await aListener([[600]]);
    const video = videos[0]![0]!;
    for (let report = 1; report <= 6; report++) await hear(video, [[0, report * 20]], report * 10);
    expect(await hear(video, [[0, 120]], 60)).toMatchObject({ listenedSeconds: 120, position: 120 });
  });

  it('keeps a seeking learner’s ranges apart: only what was played counts', async () => {
    const { videos, hear } = await aListener([[600]]);
    const video = videos[0]![0]!;
    await hear(video, [[0, 10]], 0);
    expect(await hear(video, [[0, 10], [300, 310]], 10, 310)).toMatchObject({ listenedSeconds: 20, position: 310, status: 'in-progress' });
  });

  it('refuses a range past the video’s duration with 400', async () => {
    const { videos, hear } = await aListener([[60]]);
    await expect(hear(videos[0]![0]!, [[0, 62]], 0)).rejects.toMatchObject({ status: 400, code: 'progress_range_beyond_duration' });
  });
});

it('two reports of one video at once lose no range', async () => {
  const { videos, hear } = await aListener([[600]]);
  const video = videos[0]![0]!;
  await hear(video, [[0, 10]], 0);
  await Promise.all([hear(video, [[0, 13]], 20), hear(video, [[0, 10], [30, 33]], 20)]);
  expect(await hear(video, [], 20, 33)).toMatchObject({ listenedSeconds: 16 });
  const row = await db.selectFrom('listening').select('heard').where('video_id', '=', video).executeTakeFirstOrThrow();
  expect(row.heard).toEqual([[0, 13], [30, 33]]);
});

describe('completion', () => {
  it('dragging to the end does not complete a video; hearing 90 % with its end does, once', async () => {
    const { plan, videos, learner, hear } = await aListener([[20, 20], [20]]);
    const [first, second] = videos[0]!;
    expect(await hear(first!, [[0, 5], [19, 20]], 0)).toMatchObject({ status: 'in-progress' });
    expect(await hear(first!, [[0, 20]], 10)).toMatchObject({ listenedSeconds: 20, status: 'complete' });
    expect(await hear(first!, [[0, 20]], 20)).toMatchObject({ status: 'complete' });
    expect(await recordedEvents(fixture, 'progress.video-completed', learner.id)).toEqual([{ userId: learner.id, videoId: first, monsterplanId: plan._id, lessonId: null }]);
    expect(await recordedEvents(fixture, 'progress.day-completed', learner.id)).toEqual([]);

    await hear(second!, [[0, 20]], 30);
    await hear(second!, [[0, 20]], 40);
    expect(await recordedEvents(fixture, 'progress.day-completed', learner.id)).toEqual([{ userId: learner.id, monsterplanId: plan._id, week: 1, dayOfWeek: 1 }]);
    expect(await recordedEvents(fixture, 'progress.plan-completed', learner.id)).toEqual([]);

    await hear(videos[1]![0]!, [[0, 20]], 50);
    await hear(videos[1]![0]!, [[0, 20]], 60);
    expect(await recordedEvents(fixture, 'progress.day-completed', learner.id)).toHaveLength(2);
    expect(await recordedEvents(fixture, 'progress.plan-completed', learner.id)).toEqual([{ userId: learner.id, monsterplanId: plan._id }]);
    expect(await recordedEvents(fixture, 'progress.video-completed', learner.id)).toHaveLength(3);
  });

  it('the last two videos of a day heard at once still complete the day, once', async () => {
    const { videos, learner, hear } = await aListener([[20, 20]]);
    const [first, second] = videos[0]!;
    await Promise.all([hear(first!, [[0, 20]], 0), hear(second!, [[0, 20]], 0)]);
    expect(await recordedEvents(fixture, 'progress.day-completed', learner.id)).toHaveLength(1);
    expect(await recordedEvents(fixture, 'progress.plan-completed', learner.id)).toHaveLength(1);
  });

  it('a bundle is complete once every lecture is', async () => {
    const { lesson, videos } = await lessonOf(fixture, [20, 20]);
    const learner = await fixture.approvedForLesson(lesson._id);
    for (const [index, video] of videos.entries()) {
      await reportListening(db, learner.id, video, { lesson: lesson._id, ranges: [[0, 20]], position: 20 }, at(index * 10));
    }
    expect(await recordedEvents(fixture, 'progress.video-completed', learner.id)).toEqual(
      videos.map((videoId) => ({ userId: learner.id, videoId, monsterplanId: null, lessonId: lesson._id })),
    );
    expect(await recordedEvents(fixture, 'progress.lesson-completed', learner.id)).toEqual([{ userId: learner.id, lessonId: lesson._id }]);
  });
});

it('a learner not approved for the plan is refused with 403, a video not in it with 404', async () => {
  const { plan, videos } = await planOfDays(fixture, [[20]]);
  const stranger = await fixture.learner();
  const refusal = (call: Promise<unknown>) => call.then(() => undefined, (error: HttpError) => ({ status: error.status, code: error.code }));
  expect(await refusal(reportListening(db, stranger.id, videos[0]![0]!, { monsterplan: plan._id, ranges: [[0, 5]], position: 5 }))).toEqual({ status: 403, code: 'progress_not_approved' });
  const learner = await fixture.approvedForMonsterplan(plan._id);
  const elsewhere = await fixture.publishVideo('monsterplan', { durationSeconds: 20 });
  expect(await refusal(reportListening(db, learner.id, elsewhere, { monsterplan: plan._id, ranges: [[0, 5]], position: 5 }))).toEqual({ status: 404, code: 'progress_video_not_found' });
});
