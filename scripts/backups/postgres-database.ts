// The services' schemas on PostgreSQL out of and into a backup, with PostgreSQL's own tools: pg_dump
// (one snapshot of every schema, so the dump is consistent while the platform writes) and pg_restore
// in one transaction. A restore renames the schemas there aside first, so a failure leaves them as
// they were, and a success keeps them beside (`<schema>_before_restore`) until the operator drops them.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { BackupRefused } from './manifest.js';
import { endEverySession, servicesWithSchemas } from './sessions-end.js';

const run = promisify(execFile);

const asideOf = (schema: string) => `${schema}_before_restore`;

export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  await postgresTool('pg_dump', databaseUrl, ['--format=custom', '--no-owner', ...servicesWithSchemas.map((schema) => `--schema=${schema}`), `--file=${file}`]);
}

/** Restores the dump in place of the services' schemas and ends every session; names the schemas kept aside. */
export async function restorePostgres(databaseUrl: string, file: string, tokenTtlSeconds: number): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  try {
    await refuseWhileRunning(db);
    const present = await schemasPresent(db);
    await renameSchemas(db, present, (schema) => [schema, asideOf(schema)], { dropTargets: true });
    try {
      await postgresTool('pg_restore', databaseUrl, ['--single-transaction', '--exit-on-error', '--no-owner', file]);
    } catch (error) {
      await renameSchemas(db, present, (schema) => [asideOf(schema), schema], { dropTargets: true });
      throw error;
    }
    await endEverySession(db, tokenTtlSeconds);
    return present.map(asideOf);
  } finally {
    await db.destroy();
  }
}

/** Each service names its connections after its schema (application_name), so a running one shows. */
async function refuseWhileRunning(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ application_name: string }>`
    SELECT DISTINCT application_name FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name IN (${sql.join([...servicesWithSchemas])})`.execute(db);
  if (rows.length === 0) return;
  const running = rows.map((row) => row.application_name).join(', ');
  throw new BackupRefused(`Платформ ажиллаж байна (${running}): сэргээхийн өмнө бүх үйлчилгээг зогсооно уу.`, `The platform is running (${running}): stop every service before restoring.`);
}

async function schemasPresent(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ nspname: string }>`SELECT nspname FROM pg_namespace WHERE nspname IN (${sql.join([...servicesWithSchemas])})`.execute(db);
  return rows.map((row) => row.nspname);
}

async function renameSchemas(db: Kysely<unknown>, schemas: string[], names: (schema: string) => [string, string], { dropTargets }: { dropTargets: boolean }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const schema of schemas) {
      const [from, to] = names(schema);
      if (dropTargets) await sql`DROP SCHEMA IF EXISTS ${sql.id(to)} CASCADE`.execute(trx);
      await sql`ALTER SCHEMA ${sql.id(from)} RENAME TO ${sql.id(to)}`.execute(trx);
    }
  });
}

/** Runs the tool on the database; its password goes in the environment, where no process list shows it. */
async function postgresTool(tool: 'pg_dump' | 'pg_restore', databaseUrl: string, args: string[]): Promise<void> {
  const address = new URL(databaseUrl);
  const password = decodeURIComponent(address.password);
  address.password = '';
  try {
    await run(tool, [...args, `--dbname=${address.href}`], { maxBuffer: 16 * 1024 * 1024, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } });
  } catch (error) {
    const { code, stderr } = error as NodeJS.ErrnoException & { stderr?: string };
    if (code === 'ENOENT') {
      throw new BackupRefused(
        `${tool} олдсонгүй: PostgreSQL-ийн серверийнхтэй ижил буюу шинэ хувилбарын клиент суулгана уу (жишээ нь postgresql-client).`,
        `${tool} was not found: install PostgreSQL's client tools of the server's version or newer (e.g. postgresql-client).`,
      );
    }
    throw new BackupRefused(`${tool} амжилтгүй боллоо: ${stderr?.trim() ?? String(error)}`, `${tool} failed: ${stderr?.trim() ?? String(error)}`);
  }
}
