import { serviceEnv } from '@learning/kit';
import { z } from 'zod';

export const mediaEnv = z.object({
  ...serviceEnv,
  PORT: serviceEnv.PORT.default(4003),
  /** Where the files live on the local disk; `<DATA_DIR>/media-files` by default (`<DATA_DIR>/media` is the embedded database's). */
  MEDIA_FILES_DIR: z.string().optional(),
  /** Shared with the catalog, which signs the play URLs that media checks (packages/contracts/src/media-urls.ts). */
  MEDIA_SIGNING_SECRET: z.string({ error: 'required: the catalog signs play URLs with the same secret (npm start makes one under DATA_DIR)' }).min(16),
  /** Lifetime of the read-aloud URLs media signs for the administrator's list. */
  MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(24 * 60 * 60).default(4 * 60 * 60),
  /** Largest video or document upload in bytes; 2 GB by default. */
  MEDIA_UPLOAD_LIMIT_BYTES: z.coerce.number().int().positive().default(2 * 1024 ** 3),
  /** Largest read-aloud recording in bytes; 50 MB by default (55 minutes of 128 kbit/s mp3, 5 of stereo wav). */
  MEDIA_ALOUD_LIMIT_BYTES: z.coerce.number().int().positive().default(50 * 1024 ** 2),
  /**
   * Recordings one learner may send in any 24 hours. An upload names no plan, so this bounds the
   * learner: five a day for each of the three plans one can hold.
   */
  MEDIA_ALOUDS_PER_DAY: z.coerce.number().int().positive().default(15),
  /**
   * ffmpeg and ffprobe: durations, posters, mp3 renditions, and the check that an upload holds the
   * sound or picture it claims. Without them media still works, judging uploads by their first bytes.
   */
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
  /**
   * An internal location of an nginx in front of the gateway (e.g. `/media-files/`, mapped there with
   * `alias` to MEDIA_FILES_DIR). When set, a valid signed URL is answered with `X-Accel-Redirect`
   * and nginx sends the bytes itself (sendfile, ranges); media then only checks the signature.
   */
  MEDIA_ACCEL_REDIRECT: z
    .string()
    .regex(/^\/(?:[\w-]+\/)+$/, 'a path that begins and ends with /, e.g. /media-files/')
    .optional(),
  /**
   * '0' turns the transcoding of uploaded videos into HLS ladders off (issue 22): videos then play
   * from their uploaded file only. Without ffmpeg there is no transcoding either.
   */
  MEDIA_TRANSCODE: z.enum(['0', '1']).default('1'),
  /** Ladders this worker makes at once; each ffmpeg uses every core, so one keeps the platform responsive. */
  MEDIA_TRANSCODE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** '1' seeds the demo videos, subtitles and documents into an empty media service. */
  SEED_DEMO: z.enum(['0', '1']).default('0'),
});
export type MediaConfig = z.infer<typeof mediaEnv>;

export function filesDir(config: MediaConfig): string {
  return config.MEDIA_FILES_DIR ?? `${config.DATA_DIR}/media-files`;
}
