// The demo content of `npm start` (SEED_DEMO=1) on an empty media service: a small real video with
// WebVTT subtitles and a poster frame under each demo video id of packages/contracts (three committed
// 8-second clips, 40 KB each, made with ffmpeg, and a frame of each made as uploads make theirs,
// shared round-robin), published so the catalog learns their names,
// and the documents: the introduction, the workshop brochure, three brochures and every demo plan's
// per-day read-aloud text (PDFs written here, a few KB each).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { demoClipSeconds, demoDaysPerWeek, demoMonsterplanIds, demoMonsterplanVideos, demoVideos, demoWeeks, type DemoVideo } from '@learning/contracts/demo';
import { transaction } from '@learning/kit/data';
import { recordEvent } from '@learning/kit/events';
import { sql } from 'kysely';
import { aloudDocumentName } from '../documents.js';
import { etagOf, type Files } from '../files.js';
import { recordFile } from '../stored-files.js';
import type { MediaDb } from '../tables.js';
import { demoDocuments, aloudPdf } from './documents.js';

const clips = [1, 2, 3].map((number) => fileURLToPath(new URL(`../../demo/demo-${number}.mp4`, import.meta.url)));
const posters = [1, 2, 3].map((number) => fileURLToPath(new URL(`../../demo/demo-${number}.jpg`, import.meta.url)));

/** A short WebVTT for a demo video: its name, then what the clip shows. */
export function demoSubtitles(video: DemoVideo): string {
  return [
    'WEBVTT',
    '',
    '00:00:00.000 --> 00:00:03.000',
    video.name,
    '',
    '00:00:03.000 --> 00:00:06.000',
    'Listen carefully and repeat after the speaker.',
    '',
    '00:00:06.000 --> 00:00:08.000',
    'Анхааралтай сонсоод давтаарай.',
    '',
  ].join('\n');
}

/** Seeds the demo when media has neither a video nor a document; answers whether it did. */
export async function seedDemo(db: MediaDb, files: Files): Promise<boolean> {
  const clipBytes = await Promise.all(clips.map((clip) => readFile(clip)));
  const posterBytes = await Promise.all(posters.map((poster) => readFile(poster)));
  return transaction(db, async (trx) => {
    // Two instances starting at once on one database seed once.
    await sql`LOCK TABLE video, document IN EXCLUSIVE MODE`.execute(trx);
    const [video, document] = await Promise.all([
      trx.selectFrom('video').select('id').limit(1).executeTakeFirst(),
      trx.selectFrom('document').select('name').limit(1).executeTakeFirst(),
    ]);
    if (video || document) return false;

    for (const [index, demo] of demoVideos.entries()) {
      const bytes = clipBytes[index % clipBytes.length]!;
      const fileKey = `videos/${demo.id}/video`;
      const subtitle = demoSubtitles(demo);
      const subtitleKey = `videos/${demo.id}/subtitle-demo.vtt`;
      await files.storage.putBytes(fileKey, bytes);
      await recordFile(trx, { key: fileKey, contentType: 'video/mp4', size: bytes.length, etag: etagOf(bytes) });
      const poster = posterBytes[index % posterBytes.length]!;
      const posterKey = `videos/${demo.id}/poster.jpg`;
      await files.storage.putBytes(posterKey, poster);
      await recordFile(trx, { key: posterKey, contentType: 'image/jpeg', size: poster.length, etag: etagOf(poster) });
      if (demo.hasSubtitle) {
        await files.storage.putBytes(subtitleKey, subtitle);
        await recordFile(trx, { key: subtitleKey, contentType: 'text/vtt; charset=utf-8', size: Buffer.byteLength(subtitle), etag: etagOf(subtitle) });
      }
      await trx
        .insertInto('video')
        .values({
          id: demo.id,
          kind: demo.kind,
          name: demo.name,
          translate_url: '',
          is_published: true,
          file_key: fileKey,
          poster_key: posterKey,
          subtitle_key: demo.hasSubtitle ? subtitleKey : null,
          duration_seconds: demoClipSeconds,
        })
        .execute();
      await recordEvent(trx, 'video.published', {
        videoId: demo.id,
        kind: demo.kind,
        name: demo.name,
        translateUrl: '',
        hasSubtitle: demo.hasSubtitle,
        durationSeconds: demoClipSeconds,
      });
    }

    const documents: Array<[string, Uint8Array]> = [...demoDocuments()];
    demoMonsterplanIds.forEach((monsterplanId, plan) => {
      demoMonsterplanVideos[plan]!.forEach((_day, index) => {
        const week = Math.floor(index / demoDaysPerWeek) + 1;
        const dayOfWeek = (index % demoDaysPerWeek) + 1;
        if (week <= demoWeeks) documents.push([aloudDocumentName(monsterplanId, week, dayOfWeek), aloudPdf(plan, index)]);
      });
    });
    for (const [name, bytes] of documents) {
      const key = `documents/demo-${name.replaceAll('/', '-')}`;
      await files.storage.putBytes(key, bytes);
      await recordFile(trx, { key, contentType: 'application/pdf', size: bytes.length, etag: etagOf(bytes) });
      await trx.insertInto('document').values({ name, file_key: key }).execute();
    }
    return true;
  });
}
