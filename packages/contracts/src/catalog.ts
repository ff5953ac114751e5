// /v1/lessons, /v1/monsterplans and their request families (spec sections 3 and 7).
import { z } from 'zod';
import { id } from './common.js';

const name = z.string({ error: 'Нэрээ оруулна уу.' }).trim().min(1, 'Нэрээ оруулна уу.').max(200, 'Нэр хэтэрхий урт байна.');
/** Price is free text in the spec ("49,000₮", "Үнэгүй"); only its presence is required. */
const price = z.union([z.string(), z.number()], { error: 'Үнээ оруулна уу.' })
  .transform((value) => String(value).trim())
  .pipe(z.string().min(1, 'Үнээ оруулна уу.').max(50, 'Үнэ хэтэрхий урт байна.'));
const videoIds = z.array(id, { error: 'Дор хаяж нэг видео сонгоно уу.' }).min(1, 'Дор хаяж нэг видео сонгоно уу.');

export const lessonBody = z.object({ name, price, videos: videoIds });
export type LessonBody = z.infer<typeof lessonBody>;

/** Where a video sits in a plan: its week and day, and the day's words (monsterWords). */
export const placement = z.object({
  _id: id,
  week: z.coerce.number().int().min(1).max(52),
  dayOfWeek: z.coerce.number().int().min(1).max(7),
  monsterWords: z.string().max(20_000).default(''),
});
export type Placement = z.infer<typeof placement>;

/**
 * A plan's videos: plain ids as the spec's client sends them (a video keeps its place, a new one
 * takes the next free day), or placements with week, day and words set by the administrator.
 */
export const monsterplanBody = z.object({
  name,
  price,
  videos: z.array(z.union([id, placement]), { error: 'Дор хаяж нэг видео сонгоно уу.' }).min(1, 'Дор хаяж нэг видео сонгоно уу.'),
  isActive: z.boolean().optional(),
  exam: z.boolean().optional(),
  /** The early price and the moment it ends (spec section 9): data, not code. */
  earlyPrice: z.string().trim().max(50).nullable().optional(),
  earlyPriceUntil: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type MonsterplanBody = z.infer<typeof monsterplanBody>;

export const lessonRequestBody = z.object({ lesson: id });
export const monsterplanRequestBody = z.object({ monsterplan: id });

export interface PopulatedLessonVideo {
  _id: string;
  name: string;
  /** A short-lived signed URL to stream it; null unless the caller is approved for the bundle. */
  url: string | null;
}

export interface Lesson {
  _id: string;
  name: string;
  price: string;
  videos: string[];
  populatedVideos: PopulatedLessonVideo[];
}

export interface PlanVideo {
  _id: string;
  name: string;
  dayOfWeek: number;
  translateUrl: string;
  monsterWords: string;
}

export interface Monsterplan {
  _id: string;
  name: string;
  price: string;
  earlyPrice: string | null;
  earlyPriceUntil: string | null;
  videos: string[];
  isActive: boolean;
  exam: boolean;
  /** The plan's videos grouped by week number, weeks and days in order. */
  populatedVideos: Array<{ week: number; videos: PlanVideo[] }>;
}

export interface LessonRequest {
  _id: string;
  createdAt: string;
  user: { _id: string; email: string };
  lesson: { _id: string; name: string; videos: string[] };
  isApproved: boolean;
}

export interface MonsterplanRequest {
  _id: string;
  createdAt: string;
  user: { _id: string; email: string };
  monsterplan: { _id: string; name: string; videos: string[] };
  isApproved: boolean;
}

export interface PlayResult {
  url: string;
  sub: string | null;
}

/** A learner's access, as GET /v1/auth/me shows it; `version` grows with every change. */
export const access = z.object({
  lessons: z.array(z.string()),
  pendingLessons: z.array(z.string()),
  monsterplans: z.array(z.string()),
  pendingMonsterplans: z.array(z.string()),
  version: z.number().int().nonnegative(),
});
export type Access = z.infer<typeof access>;
