// What the catalog's, exam's and media's tests and the browser journeys share: the whole platform
// (platform.ts: PGlite and the in-process bus, or PostgreSQL and RabbitMQ when DATABASE_URL and
// AMQP_URL are set), videos published the way the media service will publish them (a
// `video.published` event on the bus), and bundles, plans, learners and requests made through the gateway.
import { randomUUID } from 'node:crypto';
import { examRules, type catalog, type EventData, type EventEnvelope, type EventType } from '@learning/contracts';
import { deleteBusNamespace, expectStatus, startTestPlatform, uniqueSuffix, type TestPlatform } from './platform.js';
import { eventually } from './eventually.js';

export const mediaSigningSecret = 'catalog-test-media-signing-secret';

export type Learner = Awaited<ReturnType<TestPlatform['learner']>>;
export type VideoKind = 'monsterplan' | 'lesson';

export interface CatalogFixture {
  platform: TestPlatform;
  /** An administrator's token. */
  admin: string;
  call: TestPlatform['call'];
  /** Publishes `video.published` as media would, and waits until the catalog knows the video. */
  publishVideo(kind: VideoKind, options?: { name?: string; hasSubtitle?: boolean; translateUrl?: string; durationSeconds?: number | null }): Promise<string>;
  publishVideos(kind: VideoKind, count: number): Promise<string[]>;
  /** Publishes any event on the platform's bus, as its producer would. */
  publish<Type extends EventType>(type: Type, data: EventData<Type>, producer?: string): Promise<void>;
  createLesson(options?: { videos?: string[]; name?: string; price?: string }): Promise<catalog.Lesson>;
  /**
   * A plan made through the API. With `exam: true` it is made as an administrator must: without its
   * exam, then the exam switched on once the catalog has heard (as the exam service would tell it)
   * that the plan's bank can fill one.
   */
  createMonsterplan(options?: Partial<catalog.MonsterplanBody>): Promise<catalog.Monsterplan>;
  /** A learner the catalog already knows (their `user.registered` has arrived). */
  learner(name?: string): Promise<Learner>;
  requestLesson(learner: Learner, lessonId: string): Promise<catalog.LessonRequest>;
  requestMonsterplan(learner: Learner, monsterplanId: string): Promise<catalog.MonsterplanRequest>;
  /** A learner approved for the bundle or plan through the API. */
  approvedForLesson(lessonId: string): Promise<Learner>;
  approvedForMonsterplan(monsterplanId: string): Promise<Learner>;
  /** The learner as GET /v1/auth/me shows them, once `isDone` holds (events are asynchronous). */
  meOnce(learner: Learner, isDone: (me: any) => boolean): Promise<any>;
  close(): Promise<void>;
}

export async function startCatalogFixture(options: { seedDemo?: boolean } = {}): Promise<CatalogFixture> {
  return catalogFixtureOn(await startTestPlatform({ env: { MEDIA_SIGNING_SECRET: mediaSigningSecret, SEED_DEMO: options.seedDemo ? '1' : '0' } }));
}

/** The same helpers on a platform started elsewhere (the browser journeys start their own). */
/** Waits until the catalog has the registered learner (auth's `user.registered`): their email names their requests in the administrator's lists. */
export async function catalogKnowsLearner(platform: TestPlatform, userId: string): Promise<void> {
  const db = platform.services.catalog.context.db;
  await eventually(() => db.selectFrom('learner').select('user_id').where('user_id', '=', userId).executeTakeFirst(), `the catalog knows learner ${userId}`);
}

/** Waits until the catalog has the published video (media's `video.published`): a plan or a bundle may only hold videos it knows. */
export async function catalogKnowsVideo(platform: TestPlatform, videoId: string): Promise<void> {
  const db = platform.services.catalog.context.db;
  await eventually(() => db.selectFrom('video').select('id').where('id', '=', videoId).executeTakeFirst(), `the catalog knows video ${videoId}`);
}

/** Waits until the catalog knows the video's ladder is ready (media's `video.transcoded`): from then it plays the master playlist. */
export async function catalogKnowsLadder(platform: TestPlatform, videoId: string): Promise<void> {
  const db = platform.services.catalog.context.db;
  await eventually(() => db.selectFrom('video_ladder').select('video_id').where('video_id', '=', videoId).executeTakeFirst(), `the catalog knows the ladder of ${videoId}`);
}

export async function catalogFixtureOn(platform: TestPlatform): Promise<CatalogFixture> {
  const admin = await platform.adminToken();
  const bus = platform.services.catalog.context.bus;
  const { call } = platform;

  const publish: CatalogFixture['publish'] = async (type, data, producer = 'media') => {
    const event: EventEnvelope = { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), producer, data };
    await bus.publish(event);
  };

  const publishVideo: CatalogFixture['publishVideo'] = async (kind, { name, hasSubtitle = kind === 'monsterplan', translateUrl = '', durationSeconds } = {}) => {
    const videoId = randomUUID();
    await publish('video.published', { videoId, kind, name: name ?? `Видео ${uniqueSuffix()}`, translateUrl, hasSubtitle, ...(durationSeconds === undefined ? {} : { durationSeconds }) });
    await catalogKnowsVideo(platform, videoId);
    return videoId;
  };

  const fixture: CatalogFixture = {
    platform,
    admin,
    call,
    publish,
    publishVideo,
    publishVideos: (kind, count) => Promise.all(Array.from({ length: count }, () => publishVideo(kind))),

    async createLesson({ videos, name = `Багц ${uniqueSuffix()}`, price = '59,000₮' } = {}) {
      const body = { name, price, videos: videos ?? (await fixture.publishVideos('lesson', 2)) };
      return expectStatus(await call('POST', '/v1/lessons', { token: admin, body }), 201, 'creating a lesson');
    },

    async createMonsterplan(options = {}) {
      const body = { name: `Monster plan ${uniqueSuffix()}`, price: '49,000₮', ...options, videos: options.videos ?? (await fixture.publishVideos('monsterplan', 3)) };
      const plan: catalog.Monsterplan = expectStatus(await call('POST', '/v1/monsterplans', { token: admin, body: { ...body, exam: false } }), 201, 'creating a Monster plan');
      if (!options.exam) return plan;
      const needed = examRules.questionCount;
      await publish('question-bank.changed', { monsterplanId: plan._id, questionCount: needed, questionsPerExam: needed }, 'exam');
      await eventually(async () => (await call('GET', `/v1/monsterplans/${plan._id}`)).body?.examQuestions?.count === needed, `the catalog knows plan ${plan._id}'s bank`);
      return expectStatus(await call('PUT', `/v1/monsterplans/${plan._id}`, { token: admin, body }), 200, 'switching the plan\'s exam on');
    },

    async learner(name) {
      const learner = await platform.learner(name);
      await catalogKnowsLearner(platform, learner.id);
      return learner;
    },

    async requestLesson(learner, lessonId) {
      return expectStatus(await call('POST', '/v1/lesson-requests', { token: learner.token, body: { lesson: lessonId } }), 201, 'requesting a lesson');
    },

    async requestMonsterplan(learner, monsterplanId) {
      const answer = await call('POST', '/v1/monsterplan-requests', { token: learner.token, body: { monsterplan: monsterplanId } });
      return expectStatus(answer, 201, 'requesting a Monster plan');
    },

    async approvedForLesson(lessonId) {
      const learner = await fixture.learner();
      const request = await fixture.requestLesson(learner, lessonId);
      expectStatus(await call('PUT', `/v1/lesson-requests/${request._id}`, { token: admin }), 200, 'approving a lesson request');
      return learner;
    },

    async approvedForMonsterplan(monsterplanId) {
      const learner = await fixture.learner();
      const request = await fixture.requestMonsterplan(learner, monsterplanId);
      expectStatus(await call('PUT', `/v1/monsterplan-requests/${request._id}`, { token: admin }), 200, 'approving a Monster plan request');
      return learner;
    },

    meOnce: (learner, isDone) => platform.meOnce(learner, isDone),

    close: () => platform.close(),
  };
  return fixture;
}

/** Removes a test listener's queue from a shared RabbitMQ (the platform removes its own). */
export async function deleteListenerQueue(platform: TestPlatform, listener: string): Promise<void> {
  if (process.env.AMQP_URL) await deleteBusNamespace(process.env.AMQP_URL, platform.schemaPrefix, [listener]).catch(() => undefined);
}
