// The media service's payloads: videos of both kinds, documents and read-aloud recordings.
import { z } from 'zod';
import { pageQuery } from './common.js';
import { isSafeLink } from './links.js';

export { isSafeLink };

export type VideoKind = 'monsterplan' | 'lesson';

export interface Video {
  _id: string;
  kind: VideoKind;
  name: string;
  translateUrl: string;
  /** Set by the administrator's PUT (spec: "Publish"); only published videos are known to bundles and plans. */
  isPublished: boolean;
  hasSubtitle: boolean;
  /** Bytes. */
  size: number;
  /** Seconds, when ffprobe could tell. */
  duration: number | null;
  contentType: string;
  hasPoster: boolean;
  createdAt: string;
  /** Its HLS ladder's job; null for a video uploaded before, or with transcoding off or ffmpeg missing. */
  transcoding: Transcoding | null;
}

export type TranscodingState = 'queued' | 'transcoding' | 'ready' | 'failed';

/** A video's transcoding job as the administrator sees it: the MP4 plays until the ladder is `ready`. */
export interface Transcoding {
  state: TranscodingState;
  /** 0–100. */
  progress: number;
  /** Why it failed (Mongolian); null unless `failed`. */
  reason: string | null;
}

/** PUT /v1/files/{kind}-videos/{id}: the spec's client sends `{id, name, translateUrl}`; the path names the video. */
export const videoUpdateBody = z.object({
  id: z.string().optional(),
  name: z.string().trim().min(1, 'Видеоны нэрийг оруулна уу.').max(200, 'Видеоны нэр 200 тэмдэгтээс ихгүй байна.'),
  translateUrl: z
    .string()
    .trim()
    .max(2000)
    .refine((url) => url === '' || isSafeLink(url), 'Орчуулгын холбоос http(s):// хаяг эсвэл сайтын зам (/...) байх ёстой.')
    .default(''),
});
export type VideoUpdateBody = z.infer<typeof videoUpdateBody>;

export interface MediaDocument {
  name: string;
  size: number;
  updatedAt: string;
  url: string;
}

export interface AloudEntry {
  user: { _id: string; email: string };
  alouds: Aloud[];
}

/** A recording, with the plan day the learner sent it for (null for one sent without, or before recordings were tied to days). */
export interface Aloud {
  _id: string;
  createdAt: string;
  url: string;
  monsterplanId: string | null;
  week: number | null;
  dayOfWeek: number | null;
}

/** Spec section 9: the read-aloud list's page size is 1. `user` (a learner's id) lists that learner's recordings only. */
export const aloudPageQuery = pageQuery.extend({
  perPage: z.coerce.number().int().min(1).max(100).default(1),
  user: z.uuid('Хэрэглэгчийн дугаар буруу байна.').optional(),
});

/** A multipart text field left empty is a field not sent. */
const optionalField = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const wrongWeek = 'Долоо хоногийн дугаар 1-52 байна.';
const wrongDay = 'Гарагийн дугаар 1-7 байна.';

/**
 * The upload's optional text fields (multipart, beside the file): the plan day the recording was made
 * for, all three or none.
 */
export const aloudUploadFields = z
  .object({
    monsterplan: optionalField(z.uuid('Төлөвлөгөөний дугаар буруу байна.')),
    week: optionalField(z.coerce.number({ error: wrongWeek }).int(wrongWeek).min(1, wrongWeek).max(52, wrongWeek)),
    dayOfWeek: optionalField(z.coerce.number({ error: wrongDay }).int(wrongDay).min(1, wrongDay).max(7, wrongDay)),
  })
  .transform((fields, context) => {
    const given = [fields.monsterplan, fields.week, fields.dayOfWeek].filter((value) => value !== undefined).length;
    if (given === 0) return null;
    if (given < 3) {
      context.addIssue({ code: 'custom', message: 'Төлөвлөгөө, долоо хоног, гарагийг хамтад нь илгээнэ үү.' });
      return z.NEVER;
    }
    return { monsterplanId: fields.monsterplan!, week: fields.week!, dayOfWeek: fields.dayOfWeek! };
  });
/** The plan day of a recording, or null when the learner sent none. */
export type AloudPlanDay = z.output<typeof aloudUploadFields>;
