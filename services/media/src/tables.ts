import type { ColumnType, Generated } from 'kysely';
import type { Db } from '@learning/kit/data';

export type VideoKind = 'monsterplan' | 'lesson';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** bigint columns come back as strings from PostgreSQL. */
type ByteCount = ColumnType<string, number | string, number | string>;

export interface MediaTables {
  /** Every file media keeps: its place in the storage and what an answer needs to describe it. */
  stored_file: {
    key: string;
    content_type: string;
    size: ByteCount;
    etag: string;
    created_at: CreatedAt;
  };
  video: {
    id: Generated<string>;
    kind: VideoKind;
    name: string;
    translate_url: string;
    is_published: boolean;
    file_key: string;
    poster_key: string | null;
    subtitle_key: string | null;
    duration_seconds: number | null;
    created_at: CreatedAt;
  };
  document: { name: string; file_key: string; updated_at: ColumnType<Date, Date | string | undefined, Date | string> };
  aloud: {
    id: Generated<string>;
    user_id: string;
    file_key: string;
    /** An older recording's mp3 rendition, kept beside the file as sent; newer ones are stored in one form (file_key). */
    mp3_key: string | null;
    /** The plan day the learner sent it for: all three or none. */
    monsterplan_id: string | null;
    week: number | null;
    day_of_week: number | null;
    created_at: CreatedAt;
  };
  /** A read-aloud upload under way: it holds a place in the learner's day until it is kept or fails. */
  aloud_reservation: { id: string; user_id: string; created_at: CreatedAt };
  learner: { user_id: string; email: string };
  /** A video's transcoding job: its HLS ladder, queued and leased in transcoding-queue.ts, made by the worker (transcoding.ts). */
  transcoding: {
    video_id: string;
    state: TranscodingState;
    progress: ColumnType<number, number | undefined, number>;
    /** Why it failed, fit for the administrator (Mongolian). */
    reason: string | null;
    /** The renditions of a ready ladder, lowest first. */
    renditions: ColumnType<string[] | null, string | null, string | null>;
    ladder_keys: ColumnType<string[] | null, string | null, string | null>;
    attempts: ColumnType<number, number | undefined, number>;
    /** The worker running the job, and until when it holds it (its heartbeat extends this): past it, another worker may take the job over. */
    worker_id: string | null;
    lease_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  };
}

export type TranscodingState = 'queued' | 'transcoding' | 'ready' | 'failed';

export type MediaDb = Db<MediaTables>;
