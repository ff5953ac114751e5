// The event path between catalog and auth (on RabbitMQ when AMQP_URL is set): what catalog
// publishes through its outbox, how auth applies the learner's access, and what catalog learns from
// media's video events.
import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@learning/kit/events';
import { type CatalogFixture, deleteListenerQueue, startCatalogFixture } from '@learning/testing/catalog';
import { eventually, expectStatus } from '@learning/testing';

let fixture: CatalogFixture;
const heard: EventEnvelope[] = [];
const listener = 'catalog-listener';

beforeAll(async () => {
  fixture = await startCatalogFixture();
  const types = ['lesson-request.created', 'lesson-request.approved', 'lesson-request.cancelled', 'monsterplan-request.created', 'monsterplan-request.approved', 'lesson.changed', 'lesson.deleted', 'monsterplan.changed'];
  await fixture.platform.services.catalog.context.bus.subscribe(`${fixture.platform.schemaPrefix}.${listener}`, types, async (event) => {
    heard.push(event);
  });
});

afterAll(async () => {
  await fixture?.close();
  if (fixture) await deleteListenerQueue(fixture.platform, listener);
});

const heardAbout = (type: string, matches: (data: any) => boolean): Promise<EventEnvelope<any>> =>
  eventually(() => heard.find((event) => event.type === type && matches(event.data)), `${type} is published`);

it('request → approve → GET /v1/auth/me shows the grant, for a plan and a bundle', async () => {
  const plan = await fixture.createMonsterplan();
  const lesson = await fixture.createLesson();
  const learner = await fixture.learner();
  const planRequest = await fixture.requestMonsterplan(learner, plan._id);
  const lessonRequest = await fixture.requestLesson(learner, lesson._id);
  await fixture.meOnce(learner, (me) => me.pendingMonsterplans.length === 1 && me.pendingLessons.length === 1);

  expectStatus(await fixture.call('PUT', `/v1/monsterplan-requests/${planRequest._id}`, { token: fixture.admin }), 200, 'approving the plan');
  expectStatus(await fixture.call('PUT', `/v1/lesson-requests/${lessonRequest._id}`, { token: fixture.admin }), 200, 'approving the bundle');

  const me = await fixture.meOnce(learner, (me) => me.monsterplans.length === 1 && me.lessons.length === 2);
  expect(me).toMatchObject({
    monsterplans: [plan._id],
    pendingMonsterplans: [],
    lessons: [...lesson.videos].sort(),
    pendingLessons: [],
  });
});

it('every request event carries the learner\'s whole access with a growing version', async () => {
  const lesson = await fixture.createLesson();
  const learner = await fixture.learner();
  const request = await fixture.requestLesson(learner, lesson._id);
  expectStatus(await fixture.call('PUT', `/v1/lesson-requests/${request._id}`, { token: fixture.admin }), 200, 'approving');

  const created = await heardAbout('lesson-request.created', (data) => data.requestId === request._id);
  const approved = await heardAbout('lesson-request.approved', (data) => data.requestId === request._id);
  expect(created).toMatchObject({ producer: 'catalog', version: 1 });
  expect(created.data).toEqual({
    requestId: request._id,
    userId: learner.id,
    lessonId: lesson._id,
    name: lesson.name,
    access: { lessons: [], pendingLessons: [lesson._id], monsterplans: [], pendingMonsterplans: [], version: 1 },
  });
  expect(approved.data).toEqual({
    requestId: request._id,
    userId: learner.id,
    lessonId: lesson._id,
    name: lesson.name,
    videoIds: lesson.videos,
    access: { lessons: [...lesson.videos].sort(), pendingLessons: [], monsterplans: [], pendingMonsterplans: [], version: 2 },
  });
});

it('auth keeps the newest access: an event with an older version changes nothing', async () => {
  const plan = await fixture.createMonsterplan();
  const learner = await fixture.approvedForMonsterplan(plan._id);
  await fixture.meOnce(learner, (me) => me.monsterplans.length === 1);
  const stale = { requestId: '00000000-0000-4000-8000-000000000001', userId: learner.id, monsterplanId: plan._id };
  await fixture.publish('monsterplan-request.cancelled', { ...stale, access: { lessons: [], pendingLessons: [], monsterplans: [], pendingMonsterplans: [], version: 1 } }, 'catalog');
  const newer = { lessons: [], pendingLessons: [], monsterplans: [plan._id], pendingMonsterplans: ['probe'], version: 99 };
  await fixture.publish('monsterplan-request.created', { ...stale, access: newer }, 'catalog');
  // Events arrive in order on one queue: once the newer one shows, the stale one was applied before it.
  const me = await fixture.meOnce(learner, (me) => me.pendingMonsterplans.includes('probe'));
  expect(me.monsterplans).toEqual([plan._id]);
});

it('monsterplan.changed tells the plan\'s name, exam and state on create, update and delete', async () => {
  const plan = await fixture.createMonsterplan({ exam: true });
  // Made as an administrator must (catalog fixture): without its exam, then switched on.
  const created = await heardAbout('monsterplan.changed', (data) => data.monsterplanId === plan._id && data.exam);
  expect(created.data).toEqual({ monsterplanId: plan._id, name: plan.name, isActive: true, exam: true, videoIds: plan.videos, isDeleted: false, accessOf: [] });
  const learner = await fixture.approvedForMonsterplan(plan._id);
  expectStatus(await fixture.call('DELETE', `/v1/monsterplans/${plan._id}`, { token: fixture.admin }), 204, 'deleting');
  const deleted = await heardAbout('monsterplan.changed', (data) => data.monsterplanId === plan._id && data.isDeleted);
  expect(deleted.data.accessOf).toEqual([
    { userId: learner.id, access: { lessons: [], pendingLessons: [], monsterplans: [], pendingMonsterplans: [], version: 3 } },
  ]);
});

it('lesson.deleted carries the access of every learner the bundle touched', async () => {
  const lesson = await fixture.createLesson();
  const approved = await fixture.approvedForLesson(lesson._id);
  const waiting = await fixture.learner();
  await fixture.requestLesson(waiting, lesson._id);
  expectStatus(await fixture.call('DELETE', `/v1/lessons/${lesson._id}`, { token: fixture.admin }), 204, 'deleting');
  const deleted = await heardAbout('lesson.deleted', (data) => data.lessonId === lesson._id);
  const empty = { lessons: [], pendingLessons: [], monsterplans: [], pendingMonsterplans: [] };
  expect(deleted.data.accessOf).toEqual(
    [
      { userId: approved.id, access: { ...empty, version: 3 } },
      { userId: waiting.id, access: { ...empty, version: 2 } },
    ].sort((a, b) => a.userId.localeCompare(b.userId)),
  );
});

it('a deleted video leaves its bundle and plan; the bundle\'s approved learners keep it approved', async () => {
  const [kept, gone] = await fixture.publishVideos('lesson', 2);
  const lesson = await fixture.createLesson({ videos: [kept!, gone!] });
  const plan = await fixture.createMonsterplan();
  const learner = await fixture.approvedForLesson(lesson._id);
  await fixture.meOnce(learner, (me) => me.lessons.length === 2);

  await fixture.publish('video.deleted', { videoId: gone!, kind: 'lesson' });
  await fixture.publish('video.deleted', { videoId: plan.videos[0]!, kind: 'monsterplan' });

  const changed = await heardAbout('lesson.changed', (data) => data.lessonId === lesson._id);
  expect(changed.data).toMatchObject({ videoIds: [kept], accessOf: [{ userId: learner.id, access: expect.objectContaining({ lessons: [kept] }) }] });
  await heardAbout('monsterplan.changed', (data) => data.monsterplanId === plan._id && data.videoIds.length === plan.videos.length - 1);
  expect((await fixture.call('GET', `/v1/lessons/${lesson._id}`)).body.videos).toEqual([kept]);
  expect((await fixture.call('GET', `/v1/monsterplans/${plan._id}`)).body.videos).toEqual(plan.videos.slice(1));
  expect(await fixture.meOnce(learner, (me) => me.lessons.length === 1)).toMatchObject({ lessons: [kept] });
  const { body } = await fixture.call('GET', `/v1/lessons/${lesson._id}`, { token: learner.token });
  expect(body.populatedVideos[0].url).toEqual(expect.any(String));
});

it('a republished video updates its name and subtitle flag in the read model', async () => {
  const video = await fixture.publishVideo('monsterplan', { name: 'Эхний нэр', hasSubtitle: false });
  const plan = await fixture.createMonsterplan({ videos: [video] });
  await fixture.publish('video.published', { videoId: video, kind: 'monsterplan', name: 'Шинэ нэр', translateUrl: 'https://docs.example.mn/t', hasSubtitle: true });
  const seen = await eventually(async () => {
    const { body } = await fixture.call('GET', `/v1/monsterplans/${plan._id}`);
    return body.populatedVideos[0].videos[0].name === 'Шинэ нэр' && body;
  }, 'the new name shows');
  expect(seen.populatedVideos[0].videos[0]).toMatchObject({ name: 'Шинэ нэр', translateUrl: 'https://docs.example.mn/t' });
  const { body: list } = await fixture.call('GET', '/v1/monsterplans');
  expect(list.find((p: { _id: string }) => p._id === plan._id).populatedVideos[0].videos[0].name).toBe('Шинэ нэр');
});

it('a ladder announced before its video is published is kept: play answers it once the video is in a plan; a deleted video forgets it', async () => {
  const videoId = randomUUID();
  // Media transcodes at upload: video.transcoded often comes before the administrator publishes.
  await fixture.publish('video.transcoded', { videoId, kind: 'monsterplan', renditions: ['360p', 'audio'] });
  const catalogDb = fixture.platform.services.catalog.context.db;
  await eventually(() => catalogDb.selectFrom('video_ladder').select('video_id').where('video_id', '=', videoId).executeTakeFirst(), 'the catalog keeps the ladder');
  await fixture.publish('video.published', { videoId, kind: 'monsterplan', name: 'Шат', translateUrl: '', hasSubtitle: false });
  await eventually(() => catalogDb.selectFrom('video').select('id').where('id', '=', videoId).executeTakeFirst(), 'the catalog knows the video');
  const plan = await fixture.createMonsterplan({ videos: [videoId] });
  const { body } = await fixture.call('GET', `/v1/monsterplans/${plan._id}/play/${videoId}`, { token: fixture.admin });
  expect(body).toEqual({ url: expect.stringMatching(new RegExp(`^/v1/media/hls/\\d+/[\\w-]{43}/${videoId}/master\\.m3u8$`)), sub: null });

  await fixture.publish('video.deleted', { videoId, kind: 'monsterplan' });
  await eventually(async () => !(await catalogDb.selectFrom('video_ladder').select('video_id').where('video_id', '=', videoId).executeTakeFirst()), 'the ladder is forgotten');
});

it('exam.completed shows in /v1/auth/me as the plan\'s exam result', async () => {
  const learner = await fixture.learner();
  const plan = await fixture.createMonsterplan({ exam: true });
  const result = { userId: learner.id, monsterplanId: plan._id, percent: 87.5, correctQuestions: 35, totalQuestions: 40, passed: true };
  await fixture.publish('exam.completed', result, 'exam');
  const me = await fixture.meOnce(learner, (me) => me.monsterplanExam.length === 1);
  expect(me.monsterplanExam).toEqual([{ id: plan._id, percent: 87.5, correctQuestions: 35, totalQuestions: 40 }]);
});
