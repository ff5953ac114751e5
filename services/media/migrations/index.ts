// The media service's schema: the stored files, the videos of both kinds with their poster and
// subtitles, the documents by name, learners' read-aloud recordings and the learners' emails (from
// auth's `user.registered`), the plan day each recording was sent for, and each video's transcoding
// job (its HLS ladder), held by its worker under a lease.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migrations: Record<string, Migration> = {
  '0001_media': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('stored_file')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('etag', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
        .execute();

      // A file row goes only with what refers to it: the domain deletes the row and then the bytes.
      await db.schema
        .createTable('video')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('monsterplan', 'lesson')`))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('translate_url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_published', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('file_key', 'text', (c) => c.notNull().references('stored_file.key'))
        .addColumn('poster_key', 'text', (c) => c.references('stored_file.key'))
        .addColumn('subtitle_key', 'text', (c) => c.references('stored_file.key'))
        .addColumn('duration_seconds', 'double precision')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
        .execute();
      await sql`CREATE INDEX video_newest ON video (kind, created_at DESC, id DESC)`.execute(db);

      await db.schema
        .createTable('document')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('file_key', 'text', (c) => c.notNull().references('stored_file.key'))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
        .execute();

      await db.schema
        .createTable('aloud')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('file_key', 'text', (c) => c.notNull().references('stored_file.key'))
        .addColumn('mp3_key', 'text', (c) => c.references('stored_file.key'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
        .execute();
      await sql`CREATE INDEX aloud_by_learner ON aloud (user_id, created_at DESC)`.execute(db);

      await db.schema
        .createTable('learner')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .execute();
    },
  },

  '0002_aloud_plan_day': {
    async up(db: Kysely<unknown>) {
      // The plan day the learner named when sending (all three or none); the catalog judges whether it was on time.
      await sql`ALTER TABLE aloud ADD COLUMN monsterplan_id uuid, ADD COLUMN week integer, ADD COLUMN day_of_week integer`.execute(db);
      await sql`ALTER TABLE aloud ADD CONSTRAINT aloud_plan_day CHECK ((monsterplan_id IS NULL) = (week IS NULL) AND (week IS NULL) = (day_of_week IS NULL))`.execute(db);
    },
  },

  '0003_transcoding': {
    async up(db: Kysely<unknown>) {
      // One job per video, made with the upload; the ladder's stored_file rows are written only when it is ready.
      await db.schema
        .createTable('transcoding')
        .addColumn('video_id', 'uuid', (c) => c.primaryKey().references('video.id').onDelete('cascade'))
        .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('queued', 'transcoding', 'ready', 'failed')`))
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reason', 'text')
        .addColumn('renditions', 'jsonb')
        // What an attempt put into the storage (or is putting): removed when it fails or is interrupted.
        .addColumn('ladder_keys', 'jsonb')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
        .execute();
      await sql`CREATE INDEX transcoding_queued ON transcoding (updated_at) WHERE state = 'queued'`.execute(db);
    },
  },

  '0004_transcoding_lease': {
    async up(db: Kysely<unknown>) {
      // A running job is its worker's while the worker's heartbeat keeps extending its lease; once the
      // lease has run out, any media instance may take the job over (several share one database).
      await sql`ALTER TABLE transcoding ADD COLUMN worker_id text, ADD COLUMN lease_expires_at timestamptz`.execute(db);
    },
  },

  '0005_aloud_reservation': {
    async up(db: Kysely<unknown>) {
      // A read-aloud's place in the learner's day, taken before its body is read and converted, and
      // given back when the upload fails or becomes a recording: parallel sends cannot pass the bound.
      await db.schema
        .createTable('aloud_reservation')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await sql`CREATE INDEX aloud_reservation_user ON aloud_reservation (user_id, created_at)`.execute(db);
    },
  },
};
