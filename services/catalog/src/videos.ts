// The catalog's read model of videos (name, kind, translation link, whether it has subtitles, the
// probed duration), kept from media's `video.published` events, and whether its HLS ladder is ready
// (`video.transcoded`; `video.deleted` is applied in events.ts); bundles and plans list their videos from it and may only hold videos it knows.
// Every write of video moves the catalog's revision (a trigger, revisions.ts): the kept lists show
// the videos' names (list-cache.ts).
import type { EventOf } from '@learning/kit/events';
import { badRequest } from '@learning/kit/http';
import type { CatalogDb, VideoKind } from './tables.js';

/** An event from before media sent durations leaves the duration the catalog has. */
export async function applyVideoPublished(trx: CatalogDb, event: EventOf<'video.published'>): Promise<void> {
  const { videoId, kind, name, translateUrl, hasSubtitle, durationSeconds } = event.data;
  const changes = { kind, name, translate_url: translateUrl, has_subtitle: hasSubtitle, ...(durationSeconds === undefined ? {} : { duration_seconds: durationSeconds }) };
  await trx
    .insertInto('video')
    .values({ id: videoId, ...changes })
    .onConflict((c) => c.column('id').doUpdateSet(changes))
    .execute();
}

/**
 * Media made the video's HLS ladder: from now on play answers its master playlist. It may come before
 * the video is published (media transcodes at upload), so it is kept apart from the video's row.
 */
export async function applyVideoTranscoded(trx: CatalogDb, event: EventOf<'video.transcoded'>): Promise<void> {
  await trx.insertInto('video_ladder').values({ video_id: event.data.videoId }).onConflict((c) => c.column('video_id').doNothing()).execute();
}

/** Which of these videos have their HLS ladder ready. */
export async function videosWithLadder(db: CatalogDb, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('video_ladder').select('video_id').where('video_id', 'in', ids).execute();
  return new Set(rows.map((row) => row.video_id));
}

const videoKindNames: Record<VideoKind, string> = { monsterplan: 'Monster plan-ы', lesson: 'багц хичээлийн' };

/**
 * Checks that every chosen video is known and of the bundle's kind; answers the ids once each, in
 * the order given. A video chosen twice counts once.
 */
export async function requireVideos(db: CatalogDb, ids: readonly string[], kind: VideoKind): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await db.selectFrom('video').select(['id', 'kind']).where('id', 'in', unique).execute();
  const kinds = new Map(found.map((video) => [video.id, video.kind]));
  const missing = unique.find((id) => !kinds.has(id));
  if (missing !== undefined) throw badRequest(`Сонгосон видео олдсонгүй (${missing}).`, 'video_not_found');
  const foreign = unique.find((id) => kinds.get(id) !== kind);
  if (foreign !== undefined) throw badRequest(`Сонгосон видео ${videoKindNames[kind]} видео биш байна (${foreign}).`, 'video_wrong_kind');
  return unique;
}
