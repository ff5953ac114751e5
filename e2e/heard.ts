// What one service learns from another's events, waited for before a journey relies on it: the
// learner's grants and exam results in auth (from the catalog and the exam service); a learner, a
// published video and its ladder in the catalog (from auth and media). Each is an event away from the
// call that caused it.
import { eventually, type TestPlatform } from '@learning/testing';

/** Waits until auth's `/v1/auth/me` for the learner satisfies `isDone` (the front-end keeps what it read first). */
export async function authShows(platform: TestPlatform, token: string, isDone: (me: AuthMe) => boolean, what: string): Promise<void> {
  await eventually(async () => isDone((await platform.call('GET', '/v1/auth/me', { token })).body as AuthMe), what);
}

export interface AuthMe {
  lessons: string[];
  pendingLessons: string[];
  monsterplans: string[];
  pendingMonsterplans: string[];
  /** The learner's exam results (from the exam service's `exam.completed`). */
  monsterplanExam: unknown[];
}

/** Waits until the catalog has the registered learner (their email names their requests in the administrator's lists). */
export async function catalogKnowsLearner(platform: TestPlatform, userId: string): Promise<void> {
  const db = platform.services.catalog.context.db;
  await eventually(() => db.selectFrom('learner').select('user_id').where('user_id', '=', userId).executeTakeFirst(), `the catalog knows learner ${userId}`);
}

/** Waits until the catalog has the published video (a plan or a bundle may only hold videos it knows). */
export async function catalogKnowsVideo(platform: TestPlatform, videoId: string): Promise<void> {
  const db = platform.services.catalog.context.db;
  await eventually(() => db.selectFrom('video').select('id').where('id', '=', videoId).executeTakeFirst(), `the catalog knows video ${videoId}`);
}

/** Waits until the catalog knows the video's ladder is ready (media's `video.transcoded`): from then it plays the master playlist. */
export async function catalogKnowsLadder(platform: TestPlatform, videoId: string): Promise<void> {
  const db = platform.services.catalog.context.db;
  await eventually(() => db.selectFrom('video_ladder').select('video_id').where('video_id', '=', videoId).executeTakeFirst(), `the catalog knows the ladder of ${videoId}`);
}
