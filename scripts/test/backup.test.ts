// `npm run backup` and `npm run restore`, as an operator runs them, on the embedded database and on
// PostgreSQL: a backup taken while learners register holds a consistent moment, one taken while
// the platform is quiet restores every table and media file exactly, a token issued before the
// restore is refused by every service afterwards, no secret is inside a backup, a damaged backup
// changes nothing, and a restore is refused while the platform runs.
import { execFile } from 'node:child_process';
import { appendFile, cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import type { AnyDb } from '@learning/kit/data';
import {
  eventually,
  expectStatus,
  mediaInS3,
  startTestPlatform,
  testBankAccountKey,
  testMailLinkSecret,
  testMediaSigningSecret,
  testPayloadSecret,
  testTokenSigningKey,
  uniqueSuffix,
  type TestPlatform,
} from '@learning/testing';
import { catalogFixtureOn } from '@learning/testing/catalog';
import { startS3Server } from '@learning/testing/s3';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const schemas = ['auth', 'catalog', 'media', 'exam'];

/** The secrets of the platform under test, kept apart from its data as an operator keeps them. */
const secrets = {
  PAYLOAD_SECRET: testPayloadSecret,
  MEDIA_SIGNING_SECRET: testMediaSigningSecret,
  MAIL_LINK_SECRET: testMailLinkSecret,
  BANK_ACCOUNT_KEY: testBankAccountKey,
  TOKEN_SIGNING_KEY: testTokenSigningKey(),
};

let folder: string;
let recording: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'backup-test-'));
  recording = join(folder, 'aloud.mp3');
  await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'libmp3lame', recording]);
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** One of the operator's commands, with the platform's settings; its exit code and what it printed. */
async function command(name: 'backup' | 'restore', argument: string, settings: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, argument], {
      cwd: root,
      env: { PATH: process.env.PATH, LOG_LEVEL: 'error', ...settings },
      timeout: 120_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

async function backUp(destination: string, settings: Record<string, string>): Promise<string> {
  const { code, output } = await command('backup', destination, settings);
  expect({ code, output }).toMatchObject({ code: 0, output: expect.stringContaining('Backup written:') });
  return /Backup written: (\S+)/.exec(output)![1]!;
}

/** Every row of every service's table, digested: equal digests, equal data. Restores add only the everyone revocation. */
async function fingerprint(db: AnyDb): Promise<Record<string, string>> {
  const { rows: tables } = await sql<{ table_schema: string; table_name: string }>`
    SELECT table_schema, table_name FROM information_schema.tables
    WHERE table_schema IN (${sql.join(schemas)}) AND table_type = 'BASE TABLE' ORDER BY 1, 2`.execute(db);
  const digests: Record<string, string> = {};
  for (const { table_schema: schema, table_name: table } of tables) {
    const everyoneLeftOut = table === 'revoked_user' ? sql`WHERE t.user_id <> '*'` : sql``;
    const { rows } = await sql<{ digest: string; count: number }>`
      SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest, count(*)::int AS count
      FROM ${sql.table(`${schema}.${table}`)} t ${everyoneLeftOut}`.execute(db);
    digests[`${schema}.${table}`] = `${rows[0]!.count}:${rows[0]!.digest}`;
  }
  return digests;
}

/**
 * The fingerprint once the platform has settled: no mail waiting for auth's sender, no event waiting
 * in an outbox, and nothing changed for a second (the consumers have handled what was published).
 */
async function settled(db: AnyDb): Promise<Record<string, string>> {
  return eventually(async () => {
    const { rows } = await sql<{ waiting: number }>`
      SELECT (SELECT count(*) FROM auth.mail WHERE state = 'waiting')
        + ${sql.join(
          schemas.map((schema) => sql`(SELECT count(*) FROM ${sql.table(`${schema}.outbox`)} WHERE published_at IS NULL)`),
          sql` + `,
        )} AS waiting`.execute(db);
    if (Number(rows[0]!.waiting) > 0) return false;
    const first = await fingerprint(db);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return JSON.stringify(await fingerprint(db)) === JSON.stringify(first) && first;
  }, 'the platform settled', 60_000);
}

async function filesUnder(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files[join(entry.parentPath, entry.name).slice(dir.length + 1)] = (await readFile(join(entry.parentPath, entry.name))).toString('base64');
  }
  return files;
}

/** Accounts, an approved plan, a recording and its file: the data a restore must bring back. */
async function arrange(platform: TestPlatform) {
  const catalog = await catalogFixtureOn(platform);
  const plan = await catalog.createMonsterplan();
  const learner = await catalog.approvedForMonsterplan(plan._id);
  const form = new FormData();
  form.append('video', new Blob([await readFile(recording)], { type: 'audio/mpeg' }), 'aloud.mp3');
  const sent = await fetch(`${platform.url}/v1/monsterplans/aloud`, { method: 'POST', headers: { authorization: `Bearer ${learner.token}` }, body: form });
  expect(sent.status).toBe(201);
  return { learner, plan };
}

/** Learners registering one after another until stopped: the emails acknowledged, in order. */
function keepRegistering(platform: TestPlatform) {
  const acknowledged: string[] = [];
  let stopped = false;
  const done = (async () => {
    for (let index = 0; !stopped; index += 1) {
      const email = `writer-${index}-${uniqueSuffix()}@test.mn`;
      const body = { email, name: `Бичигч ${index}`, password: 'writer-password-1', repeatPassword: 'writer-password-1' };
      expectStatus(await platform.call('POST', '/v1/auth/register', { body }), 201, 'registering');
      acknowledged.push(email);
    }
  })();
  return {
    acknowledged,
    async stop() {
      stopped = true;
      await done;
    },
  };
}

/** A call of each service an administrator may make: 200 while the token works, 401 once refused. */
const adminCalls = ['/v1/auth/me', '/v1/monsterplan-requests', '/v1/monsterplans/exam-results?perPage=10&currentPage=1', '/v1/documents'];

async function statusesOf(platform: TestPlatform, token: string): Promise<number[]> {
  return Promise.all(adminCalls.map(async (path) => (await platform.call('GET', path, { token })).status));
}

/** Where media keeps its files in a variant: the folder on disk, or an S3 bucket (s3rver). */
interface MediaStore {
  settings: Record<string, string>;
  /** Every file, by its key, with its bytes. */
  files(platform: TestPlatform): Promise<Record<string, string>>;
  close(): Promise<void>;
}

const onDisk = async (): Promise<MediaStore> => ({ settings: {}, files: (platform) => filesUnder(platform.mediaFilesDir), close: async () => {} });

async function inS3(): Promise<MediaStore> {
  const s3 = await startS3Server();
  return {
    settings: { ...mediaInS3(s3), MEDIA_S3_PREFIX: 'centre/' },
    files: async () => Object.fromEntries(await Promise.all((await s3.keys('media')).map(async (key) => [key, (await s3.bytesOf('media', key))!.toString('base64')]))),
    close: () => s3.close(),
  };
}

/** A fresh database on the test's PostgreSQL, for schemas of the services' own names; dropped after. */
async function aDatabase(databaseUrl: string) {
  const name = `backup_${uniqueSuffix()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

describe.each([
  ['the embedded database, media in S3', false, inS3],
  ['PostgreSQL, media on disk', true, onDisk],
] as const)('%s', (_, onPostgres, mediaStore) => {
  const databaseUrl = process.env.DATABASE_URL;
  const maybe = onPostgres && !databaseUrl ? it.skip : it;

  maybe('a quiet backup restores every table and file exactly, after refusing a damaged one; tokens from before are refused after', async () => {
    const database = onPostgres ? await aDatabase(databaseUrl!) : undefined;
    const media = await mediaStore();
    const dataDir = await mkdtemp(join(folder, 'data-'));
    const backups = join(folder, `backups-${onPostgres ? 'postgresql' : 'embedded'}`);
    const platformSettings = { DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', AMQP_URL: '', SEED_DEMO: '0', ...media.settings, ...secrets };
    const start = () => startTestPlatform({ dataDir, schemaPrefix: '', env: platformSettings });
    let platform = await start();
    const settings = () => ({ ...platformSettings, PORT: new URL(platform.url).port, HOST: '127.0.0.1' });
    try {
      const { learner } = await arrange(platform);

      // The embedded database, while learners register one after another: the dump is PGlite's own,
      // taken between two transactions.
      let duringWrites: { backup: string; written: string[]; acknowledgedBefore: string[] } | undefined;
      if (!onPostgres) {
        const writer = keepRegistering(platform);
        while (writer.acknowledged.length < 3) await new Promise((resolve) => setTimeout(resolve, 50));
        const acknowledgedBefore = [...writer.acknowledged];
        const backup = await backUp(backups, settings());
        await writer.stop();
        duringWrites = { backup, written: [...writer.acknowledged], acknowledgedBefore };
      }

      // Quiet: the data does not change while the backup is taken, so the backup must hold exactly it.
      const db = platform.services.auth.context.db as AnyDb;
      const before = await settled(db);
      const quiet = await backUp(backups, settings());
      expect(await fingerprint(db)).toEqual(before);
      const filesBefore = await media.files(platform);
      expect(Object.keys(filesBefore).some((file) => file.includes('alouds/'))).toBe(true);
      const adminToken = await platform.adminToken();
      expect(await statusesOf(platform, adminToken)).toEqual([200, 200, 200, 200]);
      expect((await platform.call('GET', '/v1/auth/me', { token: learner.token })).status).toBe(200);

      // No secret is in it, in any form the platform holds one.
      const everything = Buffer.concat(
        await Promise.all((await readdir(quiet, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => readFile(join(entry.parentPath, entry.name)))),
      );
      const unpacked = onPostgres ? everything : Buffer.concat([everything, gunzipSync(await readFile(join(quiet, 'database.tar.gz')))]);
      const keyBody = secrets.TOKEN_SIGNING_KEY.split('\n')[1]!;
      for (const secret of [...Object.values(secrets).filter((value) => !value.startsWith('-----')), keyBody]) expect(unpacked.includes(secret)).toBe(false);

      // Changes after the backup, which the restore must undo: a new account, another recording.
      await arrange(platform);
      expect(await fingerprint(db)).not.toEqual(before);
      expect(await media.files(platform)).not.toEqual(filesBefore);

      // A restore is refused while the platform runs, and changes nothing.
      const refused = await command('restore', quiet, settings());
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/Платформ ажиллаж байна.*The platform is running/s);
      await platform.close();

      // A damaged backup, or one of the other kind of database, is refused before anything changes.
      const damaged = join(folder, `damaged-${uniqueSuffix()}`);
      await cp(quiet, damaged, { recursive: true });
      const manifest = JSON.parse(await readFile(join(damaged, 'backup.json'), 'utf8'));
      await appendFile(join(damaged, manifest.database.file), 'x');
      expect(await command('restore', damaged, settings())).toMatchObject({ code: 1, output: expect.stringContaining('The backup is damaged') });
      const otherKind = onPostgres ? { ...settings(), DATABASE_URL: '' } : { ...settings(), DATABASE_URL: 'postgres://127.0.0.1:1/none' };
      expect(await command('restore', quiet, otherKind)).toMatchObject({ code: 1, output: expect.stringContaining('This backup is of the') });

      const restored = await command('restore', quiet, settings());
      expect(restored).toMatchObject({ code: 0, output: expect.stringContaining('Restored:') });
      platform = await start();
      expect(await fingerprint(platform.services.auth.context.db as AnyDb)).toEqual(before);
      expect(await media.files(platform)).toEqual(filesBefore);
      // Every token from before the restore is refused by every service; signing in again works.
      expect(await statusesOf(platform, adminToken)).toEqual([401, 401, 401, 401]);
      expect((await platform.call('GET', '/v1/auth/me', { token: learner.token })).body).toMatchObject({ code: 'token_revoked' });
      expect(await statusesOf(platform, await platform.adminToken())).toEqual([200, 200, 200, 200]);
      expectStatus(await platform.call('GET', '/v1/auth/me', { token: await platform.signIn(learner.email, learner.password) }), 200, 'the learner signed in again');

      if (duringWrites) {
        // The backup taken during the writes: every learner acknowledged before it began, and the
        // ones after it up to one moment, with none missing between.
        await platform.close();
        expect((await command('restore', duringWrites.backup, settings())).code).toBe(0);
        platform = await start();
        const { rows } = await sql<{ email: string }>`SELECT email FROM auth.account WHERE email LIKE 'writer-%'`.execute(platform.services.auth.context.db as AnyDb);
        const present = new Set(rows.map((row) => row.email));
        const kept = duringWrites.written.filter((email) => present.has(email));
        expect(kept).toEqual(duringWrites.written.slice(0, kept.length));
        expect(kept.length).toBeGreaterThanOrEqual(duringWrites.acknowledgedBefore.length);
        expect(present.size).toBeLessThanOrEqual(duringWrites.written.length + 1);
        console.log(`embedded: ${duringWrites.written.length} learners registered during the backup's run, ${kept.length} in it`);
      }
    } finally {
      // Already closed when a failure came between a close and the next start.
      await platform.close().catch(() => undefined);
      await media.close();
      await database?.drop();
    }
  }, 240_000);
});

it('tells how to use it when no folder is named', async () => {
  for (const name of ['backup', 'restore'] as const) {
    const { code, output } = await command(name, '', { DATA_DIR: folder });
    expect(code).toBe(2);
    expect(output).toContain(`Usage: npm run ${name} --`);
  }
});
