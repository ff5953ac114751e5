// Tables the kit keeps in every service's schema: the outbox of events to publish, the inbox of
// events already applied, and the tokens revoked before they expired (one at a time, or all of a user's).
import { sql, type ColumnType, type Generated, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export interface OutboxTable {
  id: string;
  type: string;
  version: number;
  occurred_at: ColumnType<Date, Date | string, never>;
  producer: string;
  data: ColumnType<unknown, string, never>;
  position: Generated<string>;
  published_at: ColumnType<Date | null, never, Date>;
  /** The W3C traceparent of the request that recorded the event, so its relay continues that trace. */
  traceparent: ColumnType<string | null, string | null | undefined, never>;
}

export interface InboxTable {
  event_id: string;
  type: string;
  processed_at: Generated<Date>;
}

export interface RevokedTokenTable {
  token_id: string;
  expires_at: ColumnType<Date, Date, never>;
  /** When this service wrote the row: auth serves its revocations since a time to the other services. */
  recorded_at: Generated<Date>;
}

/** A user whose tokens issued before `not_before` (a whole second) are refused. */
export interface RevokedUserTable {
  user_id: string;
  not_before: Date;
  expires_at: Date;
  /** When this service last wrote the row (a later revocation moves it forward). */
  recorded_at: Generated<Date>;
}

export interface KitTables {
  outbox: OutboxTable;
  inbox: InboxTable;
  revoked_token: RevokedTokenTable;
  revoked_user: RevokedUserTable;
}

export const kitMigrations: Record<string, Migration> = {
  '0001_outbox_inbox_revocations': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('outbox')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
        .addColumn('producer', 'text', (c) => c.notNull())
        .addColumn('data', 'jsonb', (c) => c.notNull())
        .addColumn('position', 'bigserial', (c) => c.notNull().unique())
        .addColumn('published_at', 'timestamptz')
        .execute();
      await sql`CREATE INDEX outbox_unpublished ON outbox (position) WHERE published_at IS NULL`.execute(db);
      await db.schema
        .createTable('inbox')
        .addColumn('event_id', 'uuid', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('revoked_token')
        .addColumn('token_id', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  '0002_revoked_users': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('revoked_user')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('not_before', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  '0003_outbox_traceparent': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('outbox').addColumn('traceparent', 'text').execute();
    },
  },
  // The time at the write, not at the transaction's start, so that it lies close to the commit.
  '0004_revocations_recorded_at': {
    async up(db: Kysely<unknown>) {
      for (const table of ['revoked_token', 'revoked_user']) {
        await db.schema
          .alterTable(table)
          .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
          .execute();
        await db.schema.createIndex(`${table}_recorded_at`).on(table).column('recorded_at').execute();
      }
    },
  },
};
