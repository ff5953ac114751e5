// Tables the kit keeps in every service's schema: the outbox of events to publish, the inbox of
// events already applied, and the tokens revoked before they expired.
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
}

export interface InboxTable {
  event_id: string;
  type: string;
  processed_at: Generated<Date>;
}

export interface RevokedTokenTable {
  token_id: string;
  expires_at: ColumnType<Date, Date, never>;
}

export interface KitTables {
  outbox: OutboxTable;
  inbox: InboxTable;
  revoked_token: RevokedTokenTable;
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
};
