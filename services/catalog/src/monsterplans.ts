// Monster plans: a focused-listening programme of weekly video lessons (spec sections 1, 3 and 7).
// Each video has its place in the plan (a week and a day) and the day's words; the administrator
// sets them here. `monsterplan.changed` tells the exam service a plan's name, exam flag and state.
// Every write of monsterplan or monsterplan_video moves the catalog's revision (a trigger,
// revisions.ts), so the kept public list and request pages (list-cache.ts) are built again after it.
import type { catalog, EventData } from '@learning/contracts';
import type { Principal } from '@learning/kit/auth';
import { transaction } from '@learning/kit/data';
import { recordEvent } from '@learning/kit/events';
import { forbidden, isUuid, notFound } from '@learning/kit/http';
import type { Selectable } from 'kysely';
import { changeAccess, isApprovedForMonsterplan, learnersWithRequests, lockAccess, type LearnerAccess } from './access.js';
import { openAloudWindow } from './aloud-windows.js';
import { openPlanDay } from './assignments.js';
import { playUrl, type MediaSigner } from './media-urls.js';
import { assertBankCanFillExam, examQuestionsOf } from './question-banks.js';
import type { CatalogDb, CatalogTables } from './tables.js';
import { groupBy } from './group-by.js';
import { requireVideos } from './videos.js';

type MonsterplanRow = Selectable<CatalogTables['monsterplan']>;

export const monsterplanNotFound = () => notFound('Monster plan олдсонгүй.', 'monsterplan_not_found');

/** A plan's week has at most seven days (`dayOfWeek` 1–7). */
export const daysPerWeek = 7;

export interface Slot {
  videoId: string;
  week: number;
  dayOfWeek: number;
  monsterWords: string;
}

/** Every plan, oldest first. */
export async function listMonsterplans(db: CatalogDb): Promise<catalog.Monsterplan[]> {
  const plans = await db.selectFrom('monsterplan').selectAll().orderBy('created_at').orderBy('id').execute();
  return monsterplanViews(db, plans);
}

export async function findMonsterplan(db: CatalogDb, id: string): Promise<catalog.Monsterplan> {
  const plan = isUuid(id) ? await db.selectFrom('monsterplan').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
  if (!plan) throw monsterplanNotFound();
  const [view] = await monsterplanViews(db, [plan]);
  return view!;
}

export async function createMonsterplan(db: CatalogDb, body: catalog.MonsterplanBody): Promise<catalog.Monsterplan> {
  // A new plan has no question bank yet: its exam is switched on once the bank is imported.
  if (body.exam) await assertBankCanFillExam(db, undefined);
  return transaction(db, async (trx) => {
    const plan = await insertMonsterplan(trx, body);
    const [view] = await monsterplanViews(trx, [plan]);
    return view!;
  });
}

/**
 * Inserts a plan with its videos' places and records `monsterplan.changed`, in the caller's
 * transaction. `id` is for the demo plans, whose ids the exam service knows too.
 */
export async function insertMonsterplan(trx: CatalogDb, body: catalog.MonsterplanBody, id?: string): Promise<MonsterplanRow> {
  await requireVideos(trx, videoIdsOf(body.videos), 'monsterplan');
  const plan = await trx
    .insertInto('monsterplan')
    .values({
      ...(id ? { id } : {}),
      name: body.name,
      price: body.price,
      early_price: body.earlyPrice ?? null,
      early_price_until: body.earlyPriceUntil ?? null,
      is_active: body.isActive ?? true,
      has_exam: body.exam ?? false,
      payment_instructions: body.paymentInstructions ?? '',
      release_daily: body.releaseDaily ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await insertSlots(trx, plan.id, placeVideos(body.videos, []));
  await recordEvent(trx, 'monsterplan.changed', await monsterplanChangedEvent(trx, plan.id, { isDeleted: false, accessOf: [] }));
  return plan;
}

/**
 * Changes a plan. Fields the body leaves out (isActive, exam, the early price, the payment
 * instructions, releaseDaily) keep their values;
 * a video sent as a plain id keeps its place. Access does not change: it is granted per plan.
 */
export async function updateMonsterplan(db: CatalogDb, id: string, body: catalog.MonsterplanBody): Promise<catalog.Monsterplan> {
  if (!isUuid(id)) throw monsterplanNotFound();
  return transaction(db, async (trx) => {
    const existing = await trx.selectFrom('monsterplan').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!existing) throw monsterplanNotFound();
    if (body.exam && !existing.has_exam) await assertBankCanFillExam(trx, id);
    await requireVideos(trx, videoIdsOf(body.videos), 'monsterplan');
    const slots = placeVideos(body.videos, await slotsOf(trx, id));
    const plan = await trx
      .updateTable('monsterplan')
      .set({
        name: body.name,
        price: body.price,
        ...(body.earlyPrice === undefined ? {} : { early_price: body.earlyPrice }),
        ...(body.earlyPriceUntil === undefined ? {} : { early_price_until: body.earlyPriceUntil }),
        ...(body.isActive === undefined ? {} : { is_active: body.isActive }),
        ...(body.exam === undefined ? {} : { has_exam: body.exam }),
        ...(body.paymentInstructions === undefined ? {} : { payment_instructions: body.paymentInstructions }),
        ...(body.releaseDaily === undefined ? {} : { release_daily: body.releaseDaily }),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('monsterplan_video').where('monsterplan_id', '=', id).execute();
    await insertSlots(trx, id, slots);
    await recordEvent(trx, 'monsterplan.changed', await monsterplanChangedEvent(trx, id, { isDeleted: false, accessOf: [] }));
    const [view] = await monsterplanViews(trx, [plan]);
    return view!;
  });
}

/** Deletes a plan with its requests and the access they gave, and tells every service. */
export async function deleteMonsterplan(db: CatalogDb, id: string): Promise<void> {
  if (!isUuid(id)) throw monsterplanNotFound();
  await transaction(db, async (trx) => {
    const existing = await trx.selectFrom('monsterplan').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!existing) throw monsterplanNotFound();
    const learners = await learnersWithRequests(trx, { monsterplanId: id });
    await lockAccess(trx, learners);
    const event = await monsterplanChangedEvent(trx, id, { isDeleted: true, accessOf: [] });
    // Its videos' places and its requests go with it (foreign keys cascade).
    await trx.deleteFrom('monsterplan').where('id', '=', id).execute();
    await recordEvent(trx, 'monsterplan.changed', { ...event, accessOf: await changeAccess(trx, learners) });
  });
}

/**
 * A signed URL to one video of a plan (its HLS ladder once media has made it, else the MP4), and to
 * its subtitles when it has them: only for a learner approved for the plan (or an administrator).
 * An unknown plan, or a video not in it, is 404.
 * A learner's first play of a day assigns it (assignments.ts); a releaseDaily plan's day not yet
 * released is 403. An administrator previewing is never locked and assigns nothing.
 */
export async function playMonsterplanVideo(
  db: CatalogDb,
  signer: MediaSigner,
  monsterplanId: string,
  videoId: string,
  viewer: Principal,
  now: Date = new Date(),
): Promise<catalog.PlayResult> {
  if (!isUuid(monsterplanId)) throw monsterplanNotFound();
  const plan = await db.selectFrom('monsterplan').select('id').where('id', '=', monsterplanId).executeTakeFirst();
  if (!plan) throw monsterplanNotFound();
  const video = await db
    .selectFrom('monsterplan_video as mv')
    .innerJoin('video as v', 'v.id', 'mv.video_id')
    .leftJoin('video_ladder as l', 'l.video_id', 'v.id')
    .select(['v.id', 'v.has_subtitle', 'mv.week', 'mv.day_of_week', 'l.video_id as ladder_of'])
    .where('mv.monsterplan_id', '=', monsterplanId)
    .where('mv.video_id', '=', videoId)
    .executeTakeFirst();
  if (!video) throw notFound('Энэ видео тухайн Monster plan-д байхгүй байна.', 'video_not_in_monsterplan');
  if (!viewer.isAdmin) {
    if (!(await isApprovedForMonsterplan(db, viewer.id, monsterplanId))) {
      throw forbidden('Энэ хичээлийг үзэхийн тулд Monster plan-д хамрагдах хүсэлтээ админаар баталгаажуулна уу.', 'monsterplan_not_approved');
    }
    const day = { week: video.week, dayOfWeek: video.day_of_week };
    await transaction(db, async (trx) => {
      const assignedAt = await openPlanDay(trx, viewer.id, monsterplanId, day, now);
      if (assignedAt) await openAloudWindow(trx, viewer.id, monsterplanId, day, assignedAt, now);
    });
  }
  return {
    url: await playUrl(signer, { id: video.id, hasLadder: video.ladder_of !== null }),
    sub: video.has_subtitle ? await signer.subtitleUrl(video.id) : null,
  };
}

/**
 * Where each video of the body goes: a placement is taken as given; a plain id keeps its current
 * place, or takes the day after the plan's last day (the eighth day is the next week's first).
 * A video listed twice keeps its first place.
 */
export function placeVideos(videos: catalog.MonsterplanBody['videos'], current: readonly Slot[]): Slot[] {
  const currentById = new Map(current.map((slot) => [slot.videoId, slot]));
  const seen = new Set<string>();
  const placed: Array<Slot | string> = [];
  for (const video of videos) {
    const videoId = typeof video === 'string' ? video : video._id;
    if (seen.has(videoId)) continue;
    seen.add(videoId);
    if (typeof video !== 'string') placed.push({ videoId, week: video.week, dayOfWeek: video.dayOfWeek, monsterWords: video.monsterWords });
    else placed.push(currentById.get(videoId) ?? videoId);
  }
  const fixed = placed.filter((slot): slot is Slot => typeof slot !== 'string');
  let last = fixed.reduce((max, slot) => Math.max(max, dayNumber(slot)), 0);
  return placed.map((slot) => {
    if (typeof slot !== 'string') return slot;
    last += 1;
    return { videoId: slot, week: Math.ceil(last / daysPerWeek), dayOfWeek: ((last - 1) % daysPerWeek) + 1, monsterWords: '' };
  });
}

const dayNumber = (slot: Slot) => (slot.week - 1) * daysPerWeek + slot.dayOfWeek;

const videoIdsOf = (videos: catalog.MonsterplanBody['videos']) => videos.map((video) => (typeof video === 'string' ? video : video._id));

export async function monsterplanChangedEvent(
  trx: CatalogDb,
  id: string,
  { isDeleted, accessOf }: { isDeleted: boolean; accessOf: LearnerAccess[] },
): Promise<EventData<'monsterplan.changed'>> {
  const plan = await trx.selectFrom('monsterplan').select(['name', 'is_active', 'has_exam']).where('id', '=', id).executeTakeFirstOrThrow();
  const slots = await slotsOf(trx, id);
  return {
    monsterplanId: id,
    name: plan.name,
    isActive: plan.is_active,
    exam: plan.has_exam,
    videoIds: slots.map((slot) => slot.videoId),
    isDeleted,
    accessOf,
  };
}

async function slotsOf(db: CatalogDb, monsterplanId: string): Promise<Slot[]> {
  const rows = await db
    .selectFrom('monsterplan_video')
    .select(['video_id', 'week', 'day_of_week', 'monster_words'])
    .where('monsterplan_id', '=', monsterplanId)
    .orderBy('week')
    .orderBy('day_of_week')
    .orderBy('position')
    .execute();
  return rows.map((row) => ({ videoId: row.video_id, week: row.week, dayOfWeek: row.day_of_week, monsterWords: row.monster_words }));
}

async function insertSlots(trx: CatalogDb, monsterplanId: string, slots: Slot[]) {
  if (slots.length === 0) return;
  await trx
    .insertInto('monsterplan_video')
    .values(
      slots.map((slot, position) => ({
        monsterplan_id: monsterplanId,
        video_id: slot.videoId,
        week: slot.week,
        day_of_week: slot.dayOfWeek,
        monster_words: slot.monsterWords,
        position,
      })),
    )
    .execute();
}

async function monsterplanViews(db: CatalogDb, plans: MonsterplanRow[]): Promise<catalog.Monsterplan[]> {
  if (plans.length === 0) return [];
  const videos = await db
    .selectFrom('monsterplan_video as mv')
    .innerJoin('video as v', 'v.id', 'mv.video_id')
    .select(['mv.monsterplan_id', 'mv.week', 'mv.day_of_week', 'mv.monster_words', 'v.id', 'v.name', 'v.translate_url'])
    .where('mv.monsterplan_id', 'in', plans.map((plan) => plan.id))
    .orderBy('mv.monsterplan_id')
    .orderBy('mv.week')
    .orderBy('mv.day_of_week')
    .orderBy('mv.position')
    .execute();
  const videosByPlan = groupBy(videos, (video) => video.monsterplan_id);
  const banks = await examQuestionsOf(db, plans.map((plan) => plan.id));
  return plans.map((plan) => {
    const own = videosByPlan.get(plan.id) ?? [];
    const weeks = new Map<number, catalog.PlanVideo[]>();
    for (const video of own) {
      const week = weeks.get(video.week) ?? [];
      week.push({ _id: video.id, name: video.name, dayOfWeek: video.day_of_week, translateUrl: video.translate_url, monsterWords: video.monster_words });
      weeks.set(video.week, week);
    }
    return {
      _id: plan.id,
      name: plan.name,
      price: plan.price,
      earlyPrice: plan.early_price,
      earlyPriceUntil: plan.early_price_until?.toISOString() ?? null,
      paymentInstructions: plan.payment_instructions,
      releaseDaily: plan.release_daily,
      videos: own.map((video) => video.id),
      isActive: plan.is_active,
      exam: plan.has_exam,
      examQuestions: banks.get(plan.id)!,
      populatedVideos: [...weeks].map(([week, weekVideos]) => ({ week, videos: weekVideos })),
    };
  });
}
