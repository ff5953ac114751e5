// The all-in-one start's one embedded database: each service in its own schema on one PGlite, with
// its unqualified names in its own schema whatever the others do, and the services' transactions
// one after another on PGlite's single session, never interleaved.
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { earlierDatabaseFolders, openDatabase, openSharedPglite, transaction, type Db, type SharedPglite } from '../src/data/index.js';

interface NoteTables {
  note: { id: number; text: string };
}

// The same table in every schema, as the kit's own tables are.
const migrations: Record<string, Migration> = {
  '0001_note': {
    up: async (db) => {
      await db.schema.createTable('note').addColumn('id', 'integer', (column) => column.primaryKey()).addColumn('text', 'text', (column) => column.notNull()).execute();
    },
  },
};

const notesIn = (db: Db<NoteTables>) => db.selectFrom('note').select('text').orderBy('id').execute().then((rows) => rows.map((row) => row.text));

describe('services sharing one embedded database', () => {
  let shared: SharedPglite;
  let auth: Db<NoteTables>;
  let catalog: Db<NoteTables>;

  beforeAll(async () => {
    shared = await openSharedPglite(null);
    const open = (service: string) => openDatabase<NoteTables>({ service, dataDir: null, sharedPglite: shared, migrations });
    auth = await open('auth');
    catalog = await open('catalog');
  });

  afterAll(async () => {
    await auth.destroy();
    await catalog.destroy();
    await shared.close();
  });

  beforeEach(async () => {
    await auth.deleteFrom('note').execute();
    await catalog.deleteFrom('note').execute();
  });

  it('gives each service its own schema, in which its unqualified names and raw SQL resolve', async () => {
    await auth.insertInto('note').values({ id: 1, text: 'auth' }).execute();
    await catalog.insertInto('note').values({ id: 1, text: 'catalog' }).execute();
    expect(await notesIn(auth)).toEqual(['auth']);
    expect(await notesIn(catalog)).toEqual(['catalog']);
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(catalog);
    expect(rows[0]!.schema).toBe('catalog');
  });

  it('runs one service’s transaction whole before another service’s statement, which sees only committed rows', async () => {
    const order: string[] = [];
    const slowAuthChange = transaction(auth, async (trx) => {
      await trx.insertInto('note').values({ id: 1, text: 'first' }).execute();
      order.push('auth wrote');
      await sleep(50);
      await trx.insertInto('note').values({ id: 2, text: 'second' }).execute();
      order.push('auth done');
    });
    await sleep(10);
    const catalogMeanwhile = notesIn(catalog).then((notes) => order.push(`catalog read ${notes.length}`));
    const authMeanwhile = notesIn(auth).then((notes) => order.push(`auth read ${notes.length}`));
    await Promise.all([slowAuthChange, catalogMeanwhile, authMeanwhile]);
    expect(order.slice(0, 2)).toEqual(['auth wrote', 'auth done']);
    expect(order.slice(2).sort()).toEqual(['auth read 2', 'catalog read 0']);
  });

  it('keeps each service in its schema after another’s transaction rolled back', async () => {
    await expect(
      transaction(auth, async (trx) => {
        await trx.insertInto('note').values({ id: 1, text: 'undone' }).execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await catalog.insertInto('note').values({ id: 1, text: 'catalog' }).execute();
    await expect(auth.insertInto('note').values({ id: 1, text: 'auth' }).execute()).resolves.toBeDefined();
    expect(await notesIn(auth)).toEqual(['auth']);
    expect(await notesIn(catalog)).toEqual(['catalog']);
  });

  it('leaves the shared database open when one service closes its handle', async () => {
    const exam = await openDatabase<NoteTables>({ service: 'exam', dataDir: null, sharedPglite: shared, migrations });
    await exam.destroy();
    expect(await notesIn(auth)).toEqual([]);
  });
});

it('dumps its folder between two transactions: the dump, opened, holds every committed one whole and none under way', async () => {
  const folder = await mkdtemp(path.join(tmpdir(), 'shared-dump-'));
  const shared = await openSharedPglite(path.join(folder, 'platform'));
  const auth = await openDatabase<NoteTables>({ service: 'auth', dataDir: null, sharedPglite: shared, migrations });
  try {
    // Each transaction writes two notes, with a pause between them in which the dump may be asked for.
    let id = 0;
    const writeTwo = () =>
      transaction(auth, async (trx) => {
        await trx.insertInto('note').values({ id: (id += 1), text: 'first' }).execute();
        await sleep(5);
        await trx.insertInto('note').values({ id: (id += 1), text: 'second' }).execute();
      });
    const writes = (async () => {
      for (let count = 0; count < 20; count += 1) await writeTwo();
    })();
    await sleep(30);
    const dump = await shared.dump();
    await writes;

    const { PGlite } = await import('@electric-sql/pglite');
    const opened = await PGlite.create(path.join(folder, 'opened'), { loadDataDir: dump });
    const { rows } = await opened.query<{ count: number }>('SELECT count(*)::int AS count FROM auth.note');
    await opened.close();
    expect(rows[0]!.count % 2).toBe(0);
    expect(rows[0]!.count).toBeGreaterThan(0);
    expect(rows[0]!.count).toBeLessThan(40);
  } finally {
    await auth.destroy();
    await shared.close();
    await rm(folder, { recursive: true, force: true });
  }
});

describe('the databases of the layout before the shared one', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'earlier-layout-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('are found by their PostgreSQL data folders, so the start can say they are no longer read', async () => {
    await mkdir(path.join(dataDir, 'auth'));
    await writeFile(path.join(dataDir, 'auth', 'PG_VERSION'), '17\n');
    await mkdir(path.join(dataDir, 'media-files'));
    expect(earlierDatabaseFolders(dataDir, ['auth', 'catalog', 'media'])).toEqual([path.join(dataDir, 'auth')]);
  });
});
