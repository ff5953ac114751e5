// A service's database opens and migrates in its own schema, whatever other schemas of the same
// database do meanwhile: several services, or several test runs, share one PostgreSQL.
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dropSchema } from '../src/data/db.js';
import type { AnyDb } from '../src/data/index.js';
import { databaseUrl, openTestDatabase } from './bus-fixtures.js';

const migrations: Record<string, Migration> = {
  '0001': { up: (db) => db.schema.createTable('note').addColumn('id', 'serial', (column) => column.primaryKey()).execute() },
};

it('migrates into a new schema and records each migration it ran', async () => {
  const opened = await openTestDatabase<{ note: { id: number } }>(migrations);
  try {
    await sql`INSERT INTO note DEFAULT VALUES`.execute(opened.db);
    const { rows } = await sql<{ name: string }>`SELECT name FROM migration`.execute(opened.db);
    expect(rows.map(({ name }) => name)).toEqual(['0001']);
  } finally {
    await opened.close();
  }
});

// Kysely's own introspector reads every schema's columns: a schema dropped while it reads them made
// the migration fail with "schema … does not exist" (seen with two test workers on one server).
(databaseUrl ? it : it.skip)('a schema dropped meanwhile by another service does not fail a migration (PostgreSQL only: PGlite has one session)', async () => {
  let isChurning = true;
  const churn = (async () => {
    const other = await openTestDatabase<unknown>(migrations);
    const db = other.db as AnyDb;
    try {
      for (let round = 0; isChurning; round += 1) {
        const schema = `churn_${process.pid}_${round}`;
        await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(db);
        await sql`CREATE TABLE ${sql.id(schema, 'filler')} (id serial PRIMARY KEY, body text)`.execute(db);
        await dropSchema(db, schema);
      }
    } finally {
      await other.close();
    }
  })();
  try {
    for (let opening = 0; opening < 15; opening += 1) {
      const opened = await openTestDatabase<unknown>(migrations);
      await opened.close();
    }
  } finally {
    isChurning = false;
    await churn;
  }
});
