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
  user: { email: string };
  alouds: Array<{ createdAt: string; url: string }>;
}

/** Spec section 9: the read-aloud list's page size is 1. */
export const aloudPageQuery = pageQuery.extend({ perPage: z.coerce.number().int().min(1).max(100).default(1) });
