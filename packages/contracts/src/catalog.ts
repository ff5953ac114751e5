// /v1/lessons, /v1/monsterplans and their request families (spec sections 3 and 7).
import { z } from 'zod';
import { id } from './common.js';

const name = z.string({ error: 'Нэрээ оруулна уу.' }).trim().min(1, 'Нэрээ оруулна уу.').max(200, 'Нэр хэтэрхий урт байна.');
/** Price is free text in the spec ("49,000₮", "Үнэгүй"); only its presence is required. */
const price = z.union([z.string(), z.number()], { error: 'Үнээ оруулна уу.' })
  .transform((value) => String(value).trim())
  .pipe(z.string().min(1, 'Үнээ оруулна уу.').max(50, 'Үнэ хэтэрхий урт байна.'));
const videoIds = z.array(id, { error: 'Дор хаяж нэг видео сонгоно уу.' }).min(1, 'Дор хаяж нэг видео сонгоно уу.');
/** How to pay for a plan or bundle (bank account, QPay, cash at the centre): the administrator's free text. */
const paymentInstructions = z
  .string({ error: 'Төлбөрийн заавар текст байх ёстой.' })
  .trim()
  .max(2000, 'Төлбөрийн заавар 2000 тэмдэгтээс ихгүй байна.')
  .optional();

/** The early price and the moment it ends (spec section 9): data, not code. A request made before then records it. */
const earlyPrice = z.string().trim().max(50, 'Эрт үнэ хэтэрхий урт байна.').nullable().optional();
const earlyPriceUntil = z.iso.datetime({ offset: true, error: 'Эрт үнийн дуусах огноо буруу байна.' }).nullable().optional();

export const lessonBody = z.object({ name, price, videos: videoIds, paymentInstructions, earlyPrice, earlyPriceUntil });
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
  earlyPrice,
  earlyPriceUntil,
  /** Absent: '' on create, unchanged on update (as `releaseDaily`). */
  paymentInstructions,
  /** Days released one a day from the approval date at 00:00 Asia/Ulaanbaatar, instead of all at once. */
  releaseDaily: z.boolean({ error: 'releaseDaily нь true эсвэл false байна.' }).optional(),
});
export type MonsterplanBody = z.infer<typeof monsterplanBody>;

export const lessonRequestBody = z.object({ lesson: id });
export const monsterplanRequestBody = z.object({ monsterplan: id });

// The answers. Strict: a test's faked answer with a field the wire does not carry fails to parse.
export const populatedLessonVideo = z.strictObject({
  _id: z.string(),
  name: z.string(),
  /** A short-lived signed URL to stream it; null unless the caller is approved for the bundle. */
  url: z.string().nullable(),
});
export type PopulatedLessonVideo = z.infer<typeof populatedLessonVideo>;

export const lesson = z.strictObject({
  _id: z.string(),
  name: z.string(),
  price: z.string(),
  earlyPrice: z.string().nullable(),
  earlyPriceUntil: z.string().nullable(),
  paymentInstructions: z.string(),
  videos: z.array(z.string()),
  populatedVideos: z.array(populatedLessonVideo),
});
export type Lesson = z.infer<typeof lesson>;

export const planVideo = z.strictObject({
  _id: z.string(),
  name: z.string(),
  dayOfWeek: z.number().int(),
  translateUrl: z.string(),
  monsterWords: z.string(),
});
export type PlanVideo = z.infer<typeof planVideo>;

export const monsterplan = z.strictObject({
  _id: z.string(),
  name: z.string(),
  price: z.string(),
  earlyPrice: z.string().nullable(),
  earlyPriceUntil: z.string().nullable(),
  paymentInstructions: z.string(),
  releaseDaily: z.boolean(),
  videos: z.array(z.string()),
  isActive: z.boolean(),
  /** The administrator's switch; the exam is offered to learners only while `examQuestions` can fill it. */
  exam: z.boolean(),
  /** The plan's question bank as the exam service last told: how many it holds, and how many one exam asks. */
  examQuestions: z.strictObject({ count: z.number().int(), needed: z.number().int() }),
  /** The plan's videos grouped by week number, weeks and days in order. */
  populatedVideos: z.array(z.strictObject({ week: z.number().int(), videos: z.array(planVideo) })),
});
export type Monsterplan = z.infer<typeof monsterplan>;

const requester = z.strictObject({ _id: z.string(), email: z.string() });

/** How an approved request was paid: QPay's payment, or by hand (the administrator's Approve); null while pending. */
const requestPayment = z
  .discriminatedUnion('method', [
    z.strictObject({ method: z.literal('qpay'), paymentId: z.string(), amount: z.number(), paidAt: z.string() }),
    z.strictObject({ method: z.literal('manual'), approvedAt: z.string() }),
  ])
  .nullable();

/** What QPay says of a request: its open invoice, and payments that came but could not approve it. */
const requestQpay = {
  openInvoice: z.strictObject({ _id: z.string(), amount: z.number(), expiresAt: z.string() }).nullable(),
  flaggedPayments: z.array(
    z.strictObject({
      paymentId: z.string(),
      amount: z.number(),
      invoiceAmount: z.number(),
      outcome: z.enum(['received', 'partial', 'excess', 'request_gone']),
      paidAt: z.string(),
    }),
  ),
};
const requestedBundle = z.strictObject({ _id: z.string(), name: z.string(), videos: z.array(z.string()) });

export const lessonRequest = z.strictObject({
  _id: z.string(),
  createdAt: z.string(),
  user: requester,
  lesson: requestedBundle,
  isApproved: z.boolean(),
  /** The price that applied when the request was made (the early one before its deadline): what the learner pays. */
  price: z.string(),
  payment: requestPayment,
  ...requestQpay,
});
export type LessonRequest = z.infer<typeof lessonRequest>;

export const monsterplanRequest = z.strictObject({
  _id: z.string(),
  createdAt: z.string(),
  user: requester,
  monsterplan: requestedBundle,
  isApproved: z.boolean(),
  /** The price that applied when the request was made (the early one before its deadline): what the learner pays. */
  price: z.string(),
  payment: requestPayment,
  ...requestQpay,
});
export type MonsterplanRequest = z.infer<typeof monsterplanRequest>;

export const playResult = z.strictObject({ url: z.string(), sub: z.string().nullable() });
export type PlayResult = z.infer<typeof playResult>;

/** A learner's access, as GET /v1/auth/me shows it; `version` grows with every change. */
export const access = z.object({
  lessons: z.array(z.string()),
  pendingLessons: z.array(z.string()),
  monsterplans: z.array(z.string()),
  pendingMonsterplans: z.array(z.string()),
  version: z.number().int().nonnegative(),
});
export type Access = z.infer<typeof access>;

/** Where the catalog answers learners' accesses to the other services, on its own port: the gateway routes only /v1. */
export const accessesPath = '/internal/accesses';

/**
 * `GET /internal/accesses?after=<cursor>`: the whole access of each learner whose access changed since
 * the cursor, as the access events carry it, so the services that keep accesses learn of a change
 * while the broker that carries those events is away.
 */
export const accessesAnswer = z.object({
  accesses: z.array(z.object({ userId: z.string(), access })),
  /** What the next call passes as `after`; null while no learner's access ever changed. */
  cursor: z.iso.datetime().nullable(),
});
export type AccessesAnswer = z.infer<typeof accessesAnswer>;
