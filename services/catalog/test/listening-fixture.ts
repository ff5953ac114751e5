// What the progress tests share: plans and bundles of videos with known durations, learners approved
// for them, reports through the gateway, and the progress.* events the catalog's outbox holds.
import type { catalog, EventType } from '@learning/contracts';
import { expectStatus } from '@learning/testing';
import { type CatalogFixture, type Learner } from '@learning/testing/catalog';

export interface Report {
  monsterplan?: string;
  lesson?: string;
  ranges: Array<[number, number]>;
  position: number;
}

/** A plan whose days hold videos of these durations: `[[20, 20], [30]]` is day 1 with two videos, then day 2 with one. */
export async function planOfDays(fixture: CatalogFixture, days: number[][]): Promise<{ plan: catalog.Monsterplan; videos: string[][] }> {
  const videos = await Promise.all(days.map((day) => Promise.all(day.map((durationSeconds) => fixture.publishVideo('monsterplan', { durationSeconds })))));
  const placements = videos.flatMap((day, index) => day.map((_id) => ({ _id, week: Math.floor(index / 7) + 1, dayOfWeek: (index % 7) + 1, monsterWords: '' })));
  const plan = await fixture.createMonsterplan({ videos: placements });
  return { plan, videos };
}

/** A bundle of lecture videos of these durations. */
export async function lessonOf(fixture: CatalogFixture, durations: number[]): Promise<{ lesson: catalog.Lesson; videos: string[] }> {
  const videos = await Promise.all(durations.map((durationSeconds) => fixture.publishVideo('lesson', { durationSeconds })));
  return { lesson: await fixture.createLesson({ videos }), videos };
}

export function report(fixture: CatalogFixture, learner: Learner, videoId: string, body: Report) {
  return fixture.call('POST', `/v1/progress/videos/${videoId}`, { token: learner.token, body });
}

export async function reported(fixture: CatalogFixture, learner: Learner, videoId: string, body: Report) {
  return expectStatus(await report(fixture, learner, videoId, body), 200, `reporting ${videoId}`);
}

/** The data of the events of `type` the catalog recorded about the learner. */
export async function recordedEvents(fixture: CatalogFixture, type: EventType, userId: string): Promise<any[]> {
  const db = fixture.platform.services.catalog.context.db;
  const rows = await db.selectFrom('outbox').select('data').where('type', '=', type).orderBy('position').execute();
  return rows.map((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data)).filter((data) => data.userId === userId);
}
