import { serviceEnv } from '@learning/kit/service';
import { z } from 'zod';
import { defaultConversions } from './conversions.js';

const s3Settings = ['MEDIA_S3_BUCKET', 'MEDIA_S3_ACCESS_KEY_ID', 'MEDIA_S3_SECRET_ACCESS_KEY'] as const;

export const mediaEnv = z
  .object({
    ...serviceEnv,
    PORT: serviceEnv.PORT.default(4003),
    /**
     * Where the files live on the local disk; `<DATA_DIR>/media-files` by default (`<DATA_DIR>/media` is
     * the embedded database's). With MEDIA_STORAGE=s3 only the upload spool and the transcoding job's
     * folder are here.
     */
    MEDIA_FILES_DIR: z.string().optional(),
    /** `disk` (MEDIA_FILES_DIR) or `s3`: an S3-compatible store (MinIO, AWS S3, R2), so several media instances share the files. */
    MEDIA_STORAGE: z.enum(['disk', 's3'], { error: 'disk or s3' }).default('disk'),
    MEDIA_S3_BUCKET: z.string().optional(),
    /** AWS's region of the bucket; MinIO takes any (us-east-1 is its own), R2 wants `auto`. */
    MEDIA_S3_REGION: z.string().default('us-east-1'),
    /** The store's URL for MinIO or R2 (`https://<account>.r2.cloudflarestorage.com`); AWS S3's own when unset. */
    MEDIA_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'an http(s):// URL of the S3-compatible store, e.g. http://minio:9000' }).optional(),
    MEDIA_S3_ACCESS_KEY_ID: z.string().optional(),
    MEDIA_S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** '1': the bucket in the path (`http://minio:9000/<bucket>/<key>`), as MinIO wants; '0': in the host name, as AWS S3 prefers. */
    MEDIA_S3_FORCE_PATH_STYLE: z.enum(['0', '1'], { error: '0 or 1' }).default('0'),
    /** Put before every key (`media/`), so one bucket can hold more than media's files. */
    MEDIA_S3_PREFIX: z.string().regex(/^(?:[a-z0-9][a-z0-9._-]*\/)+$/i, { error: 'folders ending in /, e.g. media/' }).optional(),
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
     * ffmpeg and ffprobe: durations, posters, recordings' mp3, and the check that an upload holds the
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
     * '0' turns the transcoding of uploaded videos into HLS ladders off: videos then play
     * from their uploaded file only. Without ffmpeg there is no transcoding either.
     */
    MEDIA_TRANSCODE: z.enum(['0', '1']).default('1'),
    /** Ladders this worker makes at once; each ffmpeg uses every core, so one keeps the platform responsive. */
    MEDIA_TRANSCODE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
    /**
     * Uploads' conversions (a recording's mp3, a video's poster) one media instance runs at once;
     * the rest wait in line. Half the cores by default, at least one. The HLS ladders are bounded
     * apart, by MEDIA_TRANSCODE_CONCURRENCY.
     */
    MEDIA_CONVERSIONS: z.coerce.number().int().min(1).max(64).default(defaultConversions),
    /** '1' seeds the demo videos, subtitles and documents into an empty media service. */
    SEED_DEMO: z.enum(['0', '1']).default('0'),
  })
  .superRefine((env, context) => {
    if (env.MEDIA_STORAGE !== 's3') return;
    for (const name of s3Settings) {
      if (env[name] === undefined) context.addIssue({ code: 'custom', path: [name], message: 'required with MEDIA_STORAGE=s3 (the bucket and the credentials media keeps its files with)' });
    }
  });
export type MediaConfig = z.infer<typeof mediaEnv>;

export function filesDir(config: MediaConfig): string {
  return config.MEDIA_FILES_DIR ?? `${config.DATA_DIR}/media-files`;
}

/**
 * The internal location media hands its files over to (X-Accel-Redirect), only while they are on the
 * local disk: nginx, or the gateway on the all-in-one start, sends them from that folder. Files in S3
 * are sent by media itself, reading their ranges from the store.
 */
export function handOverLocation(config: MediaConfig): string | undefined {
  return config.MEDIA_STORAGE === 'disk' ? config.MEDIA_ACCEL_REDIRECT : undefined;
}
