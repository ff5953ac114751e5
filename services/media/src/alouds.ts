// Learners' read-aloud recordings: each stored in one form every browser plays (an mp3, as the spec's
// administrator list asks for mpeg audio; a recording sent as mp3 is kept as sent), a bounded number
// per learner a day, listed for the administrator grouped by learner. Each names the plan day it was
// sent for, when the learner's page said; `aloud.recorded` tells the catalog, which judges whether it
// came on time.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { media, Page, PageQuery } from '@learning/contracts';
import { transaction } from '@learning/kit/data';
import { forgetLearnerEmail, recordEvent } from '@learning/kit/events';
import { HttpError, isUuid } from '@learning/kit/http';
import { sql } from 'kysely';
import type { Files } from './files.js';
import type { SpooledFile } from './spool.js';
import { findFile, forgetFiles, recordFile, removeBytes, type StoredFile } from './stored-files.js';
import type { MediaDb } from './tables.js';

export const notAudio = () => new HttpError(415, 'not_audio', 'Зөвхөн аудио файл (mp3, m4a, webm, ogg, wav) илгээнэ үү.');
const tooManyAlouds = (perDay: number) =>
  new HttpError(429, 'too_many_alouds', `24 цагийн дотор ${perDay}-аас олон бичлэг илгээх боломжгүй. Дараа дахин илгээнэ үү.`);

/**
 * How long a reservation holds its place. An upload ends, kept or refused, long before; a reservation
 * a crashed instance left behind then stops counting, and the check as the record is written still
 * bounds the learner.
 */
const reservationLifetime = sql`interval '1 hour'`;

/** Serialises the learner's reservations and records, across media instances sharing the database. */
async function lockLearner(trx: MediaDb, userId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`aloud:${userId}`}))`.execute(trx);
}

/**
 * Refuses a learner whose recordings of the last 24 hours and uploads under way reach `perDay`: one
 * account cannot fill the disk or the conversions' pool.
 */
export async function ensureAloudAllowed(db: MediaDb, userId: string, perDay: number): Promise<void> {
  const [{ count: kept }, { count: underWay }] = await Promise.all([
    db
      .selectFrom('aloud')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .where('created_at', '>', sql<Date>`now() - interval '24 hours'`)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('aloud_reservation')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .where('created_at', '>', sql<Date>`now() - ${reservationLifetime}`)
      .executeTakeFirstOrThrow(),
  ]);
  if (Number(kept) + Number(underWay) >= perDay) throw tooManyAlouds(perDay);
}

/**
 * Takes a place in the learner's day for an upload about to be read, or refuses (429) at once: under
 * a lock on the learner, so of uploads sent together only those the day still has room for pass.
 */
export async function reserveAloud(db: MediaDb, userId: string, perDay: number): Promise<string> {
  return transaction(db, async (trx) => {
    await lockLearner(trx, userId);
    await ensureAloudAllowed(trx, userId, perDay);
    const id = randomUUID();
    await trx.insertInto('aloud_reservation').values({ id, user_id: userId }).execute();
    return id;
  });
}

/** Gives an upload's place back (it was refused, cut off, or failed); a kept recording's went with its record. */
export async function releaseAloud(db: MediaDb, reservationId: string): Promise<void> {
  await db.deleteFrom('aloud_reservation').where('id', '=', reservationId).execute();
}

/**
 * Keeps a recording the probe finds to be sound without picture, in the place `reservationId` holds,
 * for the plan day the learner named (or none). A recording that is not mp3 is converted in the
 * conversions' pool and only the mp3 is kept; one ffmpeg cannot read is refused.
 */
export async function createAloud(
  db: MediaDb,
  files: Files,
  userId: string,
  upload: SpooledFile,
  planDay: media.AloudPlanDay,
  perDay: number,
  reservationId: string,
): Promise<{ _id: string; createdAt: string }> {
  const probe = await files.tools.probe(upload.path);
  if (probe && (probe.hasVideo || !probe.hasAudio)) throw notAudio();
  const id = randomUUID();
  const mp3Spool = `${upload.path}.mp3`;
  let kept: Omit<StoredFile, 'createdAt'>;
  try {
    // Without ffprobe (no probe) there is no ffmpeg either: the recording is kept as sent.
    if (upload.contentType !== 'audio/mpeg' && probe) {
      if (!(await files.conversions.run(userId, () => files.tools.mp3(upload.path, mp3Spool)))) throw notAudio();
      kept = { key: `alouds/${id}/recording.mp3`, contentType: 'audio/mpeg', size: (await stat(mp3Spool)).size, etag: await etagOfFile(mp3Spool) };
      await files.storage.putFile(kept.key, mp3Spool);
    } else {
      kept = { key: `alouds/${id}/recording`, contentType: upload.contentType, size: upload.size, etag: upload.etag };
      await files.storage.putFile(kept.key, upload.path);
    }
  } finally {
    await rm(mp3Spool, { force: true });
  }
  try {
    const row = await transaction(db, async (trx) => {
      // The reservation passed the bound; checked again in case it outlived its lifetime.
      await lockLearner(trx, userId);
      await releaseAloud(trx, reservationId);
      await ensureAloudAllowed(trx, userId, perDay);
      await recordFile(trx, kept);
      const inserted = await trx
        .insertInto('aloud')
        .values({
          id,
          user_id: userId,
          file_key: kept.key,
          mp3_key: null,
          monsterplan_id: planDay?.monsterplanId ?? null,
          week: planDay?.week ?? null,
          day_of_week: planDay?.dayOfWeek ?? null,
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      await recordEvent(trx, 'aloud.recorded', {
        aloudId: inserted.id,
        userId,
        monsterplanId: planDay?.monsterplanId ?? null,
        week: planDay?.week ?? null,
        dayOfWeek: planDay?.dayOfWeek ?? null,
        recordedAt: inserted.created_at.toISOString(),
      });
      return inserted;
    });
    return { _id: row.id, createdAt: row.created_at.toISOString() };
  } catch (error) {
    await removeBytes(files.storage, [kept.key]);
    throw error;
  }
}

async function etagOfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return `"${hash.digest('base64url').slice(0, 32)}"`;
}

/**
 * Forgets a deleted learner's recordings (and email): the rows go in the caller's transaction, which
 * answers the keys of the files whose bytes to remove once it has committed.
 */
export async function forgetRecordingsOf(trx: MediaDb, userId: string): Promise<string[]> {
  if (!isUuid(userId)) return [];
  const recordings = await trx.deleteFrom('aloud').where('user_id', '=', userId).returning(['file_key', 'mp3_key']).execute();
  await forgetLearnerEmail(trx, 'learner', userId);
  return forgetFiles(trx, recordings.flatMap((recording) => [recording.file_key, recording.mp3_key]));
}

/** What a recording's URL serves: its one stored form, or an older recording's mp3 rendition. */
export async function aloudFile(db: MediaDb, id: string): Promise<StoredFile | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db.selectFrom('aloud').select(['file_key', 'mp3_key']).where('id', '=', id).executeTakeFirst();
  return row ? findFile(db, row.mp3_key ?? row.file_key) : undefined;
}

/**
 * The administrator's list: one entry per learner, the learner who recorded last first, each with
 * every recording, newest first. `total` counts learners, as the pages do. `user` keeps one learner's.
 */
export async function listAlouds(
  db: MediaDb,
  signUrl: (aloudId: string) => Promise<string>,
  { perPage, currentPage, user }: PageQuery & { user?: string | undefined },
): Promise<Page<media.AloudEntry>> {
  const recordingsOfAll = () => db.selectFrom('aloud').$if(user !== undefined, (query) => query.where('user_id', '=', user!));
  const [readers, count] = await Promise.all([
    recordingsOfAll()
      .select(['user_id'])
      .select((eb) => eb.fn.max('created_at').as('latest'))
      .groupBy('user_id')
      .orderBy('latest', 'desc')
      .orderBy('user_id')
      .limit(perPage)
      .offset((currentPage - 1) * perPage)
      .execute(),
    recordingsOfAll().select((eb) => eb.fn.count<string>('user_id').distinct().as('total')).executeTakeFirstOrThrow(),
  ]);
  const userIds = readers.map((reader) => reader.user_id);
  if (userIds.length === 0) return { result: [], total: Number(count.total) };
  const [recordings, learners] = await Promise.all([
    db
      .selectFrom('aloud')
      .select(['id', 'user_id', 'created_at', 'monsterplan_id', 'week', 'day_of_week'])
      .where('user_id', 'in', userIds)
      .orderBy('created_at', 'desc')
      .execute(),
    db.selectFrom('learner').select(['user_id', 'email']).where('user_id', 'in', userIds).execute(),
  ]);
  const emails = new Map(learners.map((learner) => [learner.user_id, learner.email]));
  const result = await Promise.all(
    userIds.map(async (userId) => ({
      user: { _id: userId, email: emails.get(userId) ?? '' },
      alouds: await Promise.all(
        recordings
          .filter((recording) => recording.user_id === userId)
          .map(async (recording) => ({
            _id: recording.id,
            createdAt: recording.created_at.toISOString(),
            url: await signUrl(recording.id),
            monsterplanId: recording.monsterplan_id,
            week: recording.week,
            dayOfWeek: recording.day_of_week,
          })),
      ),
    })),
  );
  return { result, total: Number(count.total) };
}
