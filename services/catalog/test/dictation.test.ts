// A learner's dictation of a video: saved through PUT /v1/progress/videos/{videoId}/dictation
// and shown with the video in the plan's or bundle's progress.
import { progress } from '@learning/contracts';
import { expectStatus } from '@learning/testing';
import { startCatalogFixture, type CatalogFixture } from '@learning/testing/catalog';
import { lessonOf, planOfDays } from './listening-fixture.js';

let fixture: CatalogFixture;
beforeAll(async () => {
  fixture = await startCatalogFixture();
});
afterAll(() => fixture?.close());

const cyrillic = /[\u0400-\u04FF]/;
const save = (token: string, videoId: string, body: object) => fixture.call('PUT', `/v1/progress/videos/${videoId}/dictation`, { token, body });

describe('dictation', () => {
  it('keeps the latest score of a video and shows it on the plan’s day, the learner’s own', async () => {
    const { plan, videos } = await planOfDays(fixture, [[20, 30]]);
    const learner = await fixture.approvedForMonsterplan(plan._id);
    const other = await fixture.approvedForMonsterplan(plan._id);
    const [first, second] = videos[0]!;

    const saved = expectStatus(await save(learner.token, first!, { monsterplan: plan._id, lines: 2, correctWords: 7, totalWords: 9 }), 200, 'saving');
    expect(saved).toMatchObject({ lines: 2, correctWords: 7, totalWords: 9 });
    expectStatus(await save(learner.token, first!, { monsterplan: plan._id, lines: 3, correctWords: 11, totalWords: 14 }), 200, 'saving again');

    const answer: progress.PlanProgress = expectStatus(await fixture.call('GET', `/v1/progress/monsterplans/${plan._id}`, { token: learner.token }), 200, 'progress');
    expect(answer.videos.find((video) => video.videoId === first)?.dictation).toMatchObject({ lines: 3, correctWords: 11, totalWords: 14, at: expect.any(String) });
    expect(answer.videos.find((video) => video.videoId === second)?.dictation).toBeNull();
    const others: progress.PlanProgress = expectStatus(await fixture.call('GET', `/v1/progress/monsterplans/${plan._id}`, { token: other.token }), 200, 'progress');
    expect(others.videos.every((video) => video.dictation === null)).toBe(true);
  });

  it('is kept for a bundle’s video too', async () => {
    const { lesson, videos } = await lessonOf(fixture, [30]);
    const learner = await fixture.approvedForLesson(lesson._id);
    expectStatus(await save(learner.token, videos[0]!, { lesson: lesson._id, lines: 1, correctWords: 4, totalWords: 4 }), 200, 'saving');
    const answer: progress.LessonProgress = expectStatus(await fixture.call('GET', `/v1/progress/lessons/${lesson._id}`, { token: learner.token }), 200, 'progress');
    expect(answer.videos[0]?.dictation).toMatchObject({ lines: 1, correctWords: 4, totalWords: 4 });
  });

  it('refuses a learner not approved (403), a video not in the plan (404) and an impossible score (400), in Mongolian', async () => {
    const { plan, videos } = await planOfDays(fixture, [[20]]);
    const { plan: otherPlan, videos: otherVideos } = await planOfDays(fixture, [[20]]);
    const learner = await fixture.approvedForMonsterplan(plan._id);
    const stranger = await fixture.approvedForMonsterplan(otherPlan._id);
    const body = { monsterplan: plan._id, lines: 1, correctWords: 1, totalWords: 2 };

    const refused = await save(stranger.token, videos[0]![0]!, body);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'progress_not_approved', message: expect.stringMatching(cyrillic) });
    expect((await save(learner.token, otherVideos[0]![0]!, body)).status).toBe(404);
    const impossible = await save(learner.token, videos[0]![0]!, { ...body, correctWords: 3 });
    expect(impossible.status).toBe(400);
    expect(impossible.body).toMatchObject({ message: expect.stringMatching(cyrillic) });
    expect((await save(learner.token, videos[0]![0]!, { ...body, lesson: plan._id })).status).toBe(400);
  });
});
