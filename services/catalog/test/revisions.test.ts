// The kept lists are only as fresh as their revisions: every table a list reads must move the
// revision it is kept at when it changes, whichever code writes it. The tables are found from the
// lists' own queries (PostgreSQL's plans of them), so a list that starts reading a new table without
// a trigger on it fails here.
import { randomBytes, randomUUID } from 'node:crypto';
import { openDatabase } from '@learning/kit/data';
import { CompiledQuery, sql, type KyselyPlugin } from 'kysely';
import { migrations } from '../migrations/index.js';
import { listLessons } from '../src/lessons.js';
import { listMonsterplans } from '../src/monsterplans.js';
import { listRequests } from '../src/request-views.js';
import { catalogRevision, createRevisions, requestRevision, type Revisions } from '../src/revisions.js';
import type { CatalogDb } from '../src/tables.js';

const schema = `t${randomBytes(4).toString('hex')}_catalog`;
let db: CatalogDb;

beforeAll(async () => {
  db = await openDatabase({ service: 'catalog', databaseUrl: process.env.DATABASE_URL, dataDir: null, schema, migrations });
  await arrangeOneOfEach(db);
});

afterAll(async () => {
  if (process.env.DATABASE_URL) await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(db);
  await db?.destroy();
});

const lists: Array<{ list: string; read: (db: CatalogDb) => Promise<unknown>; revisionOf: (revisions: Revisions) => string }> = [
  { list: 'GET /v1/lessons', read: listLessons, revisionOf: catalogRevision },
  { list: 'GET /v1/monsterplans', read: listMonsterplans, revisionOf: catalogRevision },
  { list: 'GET /v1/lesson-requests', read: (db) => listRequests(db, 'lesson', { perPage: 10, currentPage: 1 }), revisionOf: requestRevision('lesson') },
  { list: 'GET /v1/monsterplan-requests', read: (db) => listRequests(db, 'monsterplan', { perPage: 10, currentPage: 1 }), revisionOf: requestRevision('monsterplan') },
];

describe.each(lists)('$list', ({ read, revisionOf }) => {
  it('reads tables that each move its revision when their rows change', async () => {
    // The revisions' own tables are written by the triggers alone.
    const tables = (await tablesReadBy(read)).filter((table) => !revisionTables.includes(table));
    expect(tables.length).toBeGreaterThan(0);
    const unmoved: string[] = [];
    for (const table of tables) {
      // Changed and rolled back, so each table is tried on the same rows.
      await db
        .transaction()
        .execute(async (trx) => {
          const revisions = createRevisions(trx);
          const before = revisionOf(await revisions());
          await touchRows(trx, table);
          if (revisionOf(await revisions()) === before) unmoved.push(table);
          throw new RolledBack();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RolledBack)) throw error;
        });
    }
    expect(unmoved).toEqual([]);
  });
});

const revisionTables = ['catalog_revision', 'request_tally'];

class RolledBack extends Error {}

/** The tables of this schema that the plans of a list's queries read. */
async function tablesReadBy(read: (db: CatalogDb) => Promise<unknown>): Promise<string[]> {
  const queries: CompiledQuery[] = [];
  const recorder: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      queries.push(db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  await read(db.withPlugin(recorder));
  const tables = new Set<string>();
  for (const query of queries) {
    const { rows } = await db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${query.sql}`, [...query.parameters]));
    const plan = rows[0]!['QUERY PLAN'];
    collectRelations(typeof plan === 'string' ? JSON.parse(plan) : plan, tables);
  }
  return [...tables].sort();
}

function collectRelations(plan: unknown, into: Set<string>): void {
  if (Array.isArray(plan)) plan.forEach((part) => collectRelations(part, into));
  else if (plan && typeof plan === 'object') {
    for (const [key, value] of Object.entries(plan)) {
      if (key === 'Relation Name' && typeof value === 'string') into.add(value);
      else collectRelations(value, into);
    }
  }
}

/** Updates the table's rows to what they already hold: a write, with nothing changed. */
async function touchRows(db: CatalogDb, table: string): Promise<void> {
  const { rows } = await sql<{ column_name: string }>`
    SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table} ORDER BY ordinal_position LIMIT 1`.execute(db);
  const column = sql.id(rows[0]!.column_name);
  const { numAffectedRows } = await sql`UPDATE ${sql.table(table)} SET ${column} = ${column}`.execute(db);
  if (!numAffectedRows) throw new Error(`${table} has no row to change`);
}

/** A learner, a video of each kind, a bundle and a plan holding them, and a request for each with its QPay invoice and payment. */
async function arrangeOneOfEach(db: CatalogDb): Promise<void> {
  const learner = randomUUID();
  await sql`INSERT INTO learner (user_id, email) VALUES (${learner}, 'learner@test.mn')`.execute(db);
  await sql`INSERT INTO video (id, kind, name, translate_url, has_subtitle) VALUES ('lesson-video', 'lesson', 'Lesson 1', '', false), ('plan-video', 'monsterplan', 'Day 1', '', false)`.execute(db);
  const { rows: lessons } = await sql<{ id: string }>`INSERT INTO lesson (name, price) VALUES ('Grammar', '10000') RETURNING id`.execute(db);
  await sql`INSERT INTO lesson_video (lesson_id, video_id, position) VALUES (${lessons[0]!.id}, 'lesson-video', 0)`.execute(db);
  const { rows: plans } = await sql<{ id: string }>`
    INSERT INTO monsterplan (name, price, is_active, has_exam) VALUES ('Monster plan', '50000', true, true) RETURNING id`.execute(db);
  await sql`INSERT INTO monsterplan_video (monsterplan_id, video_id, week, day_of_week, monster_words, position) VALUES (${plans[0]!.id}, 'plan-video', 1, 1, 'word', 0)`.execute(db);
  await sql`INSERT INTO question_bank (monsterplan_id, question_count, questions_per_exam, as_of) VALUES (${plans[0]!.id}, 40, 40, now())`.execute(db);
  await sql`
    INSERT INTO access_request (kind, user_id, lesson_id, monsterplan_id, price)
    VALUES ('lesson', ${learner}, ${lessons[0]!.id}, NULL, '10000'), ('monsterplan', ${learner}, NULL, ${plans[0]!.id}, '50000')`.execute(db);
  // Each request's QPay invoice and a payment of it, which the administrator's lists show.
  const { rows: requests } = await sql<{ id: string; kind: string; bundle_id: string }>`
    SELECT id, kind, coalesce(lesson_id, monsterplan_id) AS bundle_id FROM access_request`.execute(db);
  for (const [index, request] of requests.entries()) {
    const { rows: invoices } = await sql<{ id: string }>`
      INSERT INTO qpay_invoice (request_id, kind, user_id, bundle_id, bundle_name, amount, qpay_invoice_id, qr_text, qr_image, urls, expires_at, next_check_at)
      VALUES (${request.id}, ${request.kind}, ${learner}, ${request.bundle_id}, 'Bundle', 10000, ${`qpay-${index}`}, 'qr', 'png', '[]', now() + interval '1 hour', now())
      RETURNING id`.execute(db);
    await sql`INSERT INTO qpay_payment (payment_id, invoice_id, amount, paid_at, outcome)
      VALUES (${`payment-${index}`}, ${invoices[0]!.id}, 5000, now(), 'partial')`.execute(db);
  }
}
