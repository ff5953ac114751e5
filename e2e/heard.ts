// What the catalog learns from other services' events, waited for before a journey relies on it: a
// learner (from auth), a published video and its ladder (from media). Each is an event away from the
// call that caused it; auth's view of a learner is waited for with the platform's meOnce.
import { eventually, type TestPlatform } from '@learning/testing';

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
