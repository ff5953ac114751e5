// One catalog the size of a busy season (10,000 learners, 200 lesson bundles and 10 Monster plans,
// 100,000 requests), seeded straight into its schema with bulk SQL, behind each proxy the load
// benchmarks compare: the gateway; nginx (deploy/nginx.conf with the catalog where the gateway would
// be: the reference any proxy hop of ours is measured against); and, with BENCH_GATEWAY_BEFORE=<git
// ref>, the gateway as it was at that ref. Each deployable runs as its own process, as in production,
// on an in-process bus of its own. Needs DATABASE_URL (a PostgreSQL the bench may create and drop
// schemas on), h2load (bench/load.ts) and nginx.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { dropSchemas, testMailLinkSecret, testTokenSigningKey, uniqueSuffix } from '@learning/testing';
import { findNginx, startNginx, type RunningNginx } from '../scripts/nginx.js';
import { hasH2load, type LoadFigures } from './load.js';
import { benchAdmin, checkoutAt, startProcess, stopProcess, whenReady } from './processes.js';

export const payloadSecret = 'bench-payload-secret';

export interface CatalogBehindProxies {
  urls: { catalog: string; gateway: string; nginx: string; gatewayBefore?: string; auth?: string };
  gateway: ChildProcess;
  /** The gateway at BENCH_GATEWAY_BEFORE, and that ref. */
  before?: { gateway: ChildProcess; ref: string };
  /** What the seeding made, for the log. */
  seeded: string;
  /** Stops every process, removes the files and drops the schemas. */
  stop(): Promise<void>;
}

const sizes = { learners: 10_000, lessons: 200, videosPerLesson: 5, monsterplans: 10, daysPerPlan: 10, lessonRequestsPerLearner: 9, approvedShare: 0.7 };
const ports = { auth: 4111, catalog: 4112, gateway: 8190, nginx: 8191, gatewayBefore: 8192 };

/**
 * Exits with what is missing unless DATABASE_URL, h2load and nginx are there, then starts and seeds
 * it all. `withAuth`: the auth service too (with `benchAdmin`), for calls that need a token.
 * `gatewayLogLevel`: the gateways' LOG_LEVEL (every process logs only warnings otherwise).
 */
export async function startCatalogBehindProxies({ bench, withAuth, gatewayLogLevel = 'warn' }: { bench: string; withAuth: boolean; gatewayLogLevel?: string }): Promise<CatalogBehindProxies> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error(`${bench} needs DATABASE_URL: it seeds 100,000 requests into PostgreSQL (e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/platform_test).`);
    process.exit(1);
  }
  if (!hasH2load()) {
    console.error(`${bench} loads the servers with h2load: apt-get install -y nghttp2-client.`);
    process.exit(1);
  }
  if (!findNginx()) {
    console.error(`${bench} measures the gateway against an nginx hop: apt-get install -y nginx.`);
    process.exit(1);
  }
  const url = (port: number) => `http://127.0.0.1:${port}`;
  const urls: CatalogBehindProxies['urls'] = { catalog: url(ports.catalog), gateway: url(ports.gateway), nginx: url(ports.nginx) };
  const schemaPrefix = `bench${uniqueSuffix()}`;
  const catalogSchema = `${schemaPrefix}_catalog`;
  const beforeRef = process.env.BENCH_GATEWAY_BEFORE;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-catalog-'));
  const before = beforeRef ? await checkoutAt(beforeRef, 'gateway') : undefined;

  const common = { LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, AUTH_URL: url(ports.auth) };
  const asGateway = { ...common, LOG_LEVEL: gatewayLogLevel, CATALOG_URL: urls.catalog, PAYLOAD_SECRET: payloadSecret, RATE_LIMIT_AUTH: '1000' };
  const gateway = start('gateway/src/main.ts', { ...asGateway, PORT: String(ports.gateway) });
  const gatewayBefore = before ? start(before.entry, { ...asGateway, PORT: String(ports.gatewayBefore) }, before.cwd) : undefined;
  if (before) urls.gatewayBefore = url(ports.gatewayBefore);
  const children = [
    start('services/catalog/src/main.ts', { ...common, PORT: String(ports.catalog), DATABASE_SCHEMA: catalogSchema, SEED_DEMO: '0', MEDIA_SIGNING_SECRET: 'bench-media-signing-secret', BANK_ACCOUNT_KEY: 'bench-bank-account-key' }),
    gateway,
    ...(gatewayBefore ? [gatewayBefore] : []),
  ];
  if (withAuth) {
    urls.auth = url(ports.auth);
    children.push(
      start('services/auth/src/main.ts', {
        ...common,
        PORT: String(ports.auth),
        DATABASE_SCHEMA: `${schemaPrefix}_auth`,
        ADMIN_EMAIL: benchAdmin.email,
        ADMIN_PASSWORD: benchAdmin.password,
        TOKEN_SIGNING_KEY: testTokenSigningKey(),
        MAIL_LINK_SECRET: testMailLinkSecret,
      }),
    );
  }
  let nginx: RunningNginx | undefined;
  const stop = async () => {
    await Promise.all([...children.map(stopProcess), nginx?.stop()]);
    await rm(dataDir, { recursive: true, force: true });
    if (before) await rm(before.dir, { recursive: true, force: true });
    await dropSchemas(databaseUrl, schemaPrefix);
  };

  try {
    // deploy/nginx.conf itself, with the catalog where the gateway would be: kept-alive connections to
    // it, no buffering, as production runs its hop.
    nginx = await startNginx({ workDir: dataDir, port: ports.nginx, inFrontOf: { gatewayUrls: [urls.catalog], mediaFilesDir: dataDir } });
    // The gateway's /readyz waits for every service; only auth and the catalog run here, so its liveness is enough.
    await Promise.all([
      whenReady(`${urls.catalog}/readyz`),
      whenReady(`${urls.gateway}/healthz`),
      ...(urls.auth ? [whenReady(`${urls.auth}/readyz`)] : []),
      ...(urls.gatewayBefore ? [whenReady(`${urls.gatewayBefore}/healthz`)] : []),
    ]);
    const startedSeeding = Date.now();
    const requests = await seed(databaseUrl, catalogSchema);
    const seeded = `seeded ${sizes.learners} learners, ${sizes.lessons} bundles, ${sizes.monsterplans} plans, ${requests} requests in ${((Date.now() - startedSeeding) / 1000).toFixed(1)} s`;
    return { urls, gateway, ...(gatewayBefore ? { before: { gateway: gatewayBefore, ref: beforeRef! } } : {}), seeded, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Each process on its own in-process bus: the benches need no events, and leave a shared RabbitMQ alone. */
function start(entry: string, env: Record<string, string>, cwd?: string): ChildProcess {
  const { AMQP_URL: _ignored, ...inherited } = process.env;
  return startProcess(entry, env, inherited, cwd);
}

/** A proxy's CPU time per call is what a shared machine disturbs least: compare proxies by it. */
export function figures({ requestsPerSecond, p50, p99, cpuMicrosPerRequest }: LoadFigures): string {
  const cpu = cpuMicrosPerRequest === undefined ? '' : `  CPU ${cpuMicrosPerRequest.toFixed(0).padStart(4)} µs/call`;
  return `${requestsPerSecond.toFixed(0).padStart(5)} req/s  p50 ${p50.toFixed(1).padStart(5)} ms  p99 ${p99.toFixed(1).padStart(5)} ms${cpu}`;
}

/** A proxy's throughput as a share of the nginx hop's. */
export function shareOfHop(proxy: LoadFigures, hop: LoadFigures): string {
  return `${((proxy.requestsPerSecond / hop.requestsPerSecond) * 100).toFixed(0).padStart(3)} % of nginx`;
}

/** Bulk SQL straight into the catalog's schema (the service has made its tables); returns the requests made. */
async function seed(databaseUrl: string, catalogSchema: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path="${catalogSchema}"` });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO learner (user_id, email) SELECT gen_random_uuid(), 'learner-' || i || '@bench.mn' FROM generate_series(1, $1) AS i`,
      [sizes.learners],
    );
    await client.query(
      `INSERT INTO video (id, kind, name, translate_url, has_subtitle)
       SELECT 'lesson-video-' || i, 'lesson', 'Лекц ' || i, '', false FROM generate_series(1, $1) AS i
       UNION ALL
       SELECT 'plan-video-' || i, 'monsterplan', 'Өдөр ' || i, 'https://docs.example.mn/' || i, true FROM generate_series(1, $2) AS i`,
      [sizes.lessons * sizes.videosPerLesson, sizes.monsterplans * sizes.daysPerPlan],
    );
    await client.query(
      `INSERT INTO lesson (name, price, created_at)
       SELECT 'Багц хичээл ' || i, '59,000₮', now() - make_interval(days => 400 - i) FROM generate_series(1, $1) AS i`,
      [sizes.lessons],
    );
    await client.query(
      `INSERT INTO lesson_video (lesson_id, video_id, position)
       SELECT l.id, 'lesson-video-' || ((l.n - 1) * $1 + p + 1), p
       FROM (SELECT id, row_number() OVER (ORDER BY created_at) AS n FROM lesson) AS l, generate_series(0, $1 - 1) AS p`,
      [sizes.videosPerLesson],
    );
    await client.query(
      `INSERT INTO monsterplan (name, price, is_active, has_exam, created_at)
       SELECT 'Monster plan ' || i, '49,000₮', i % 4 <> 0, i % 2 = 0, now() - make_interval(days => 400 - i) FROM generate_series(1, $1) AS i`,
      [sizes.monsterplans],
    );
    await client.query(
      `INSERT INTO monsterplan_video (monsterplan_id, video_id, week, day_of_week, monster_words, position)
       SELECT m.id, 'plan-video-' || ((m.n - 1) * $1 + d + 1), d / 5 + 1, d % 5 + 1, 'abandon, ability, able, about, above', d
       FROM (SELECT id, row_number() OVER (ORDER BY created_at) AS n FROM monsterplan) AS m, generate_series(0, $1 - 1) AS d`,
      [sizes.daysPerPlan],
    );
    // Each learner asks for 9 distinct bundles (23 is prime to 200, so k * 23 mod 200 never repeats
    // for k < 9) and for one plan: 90,000 + 10,000 requests over the last 90 days, 70 % approved.
    await client.query(
      `INSERT INTO access_request (kind, user_id, lesson_id, is_approved, created_at, price)
       SELECT 'lesson', u.user_id, l.id, random() < $3, now() - random() * interval '90 days', l.price
       FROM (SELECT user_id, row_number() OVER (ORDER BY user_id) - 1 AS n FROM learner) AS u
       CROSS JOIN generate_series(0, $1 - 1) AS k
       JOIN (SELECT id, price, row_number() OVER (ORDER BY created_at) - 1 AS n FROM lesson) AS l ON l.n = (u.n * 7 + k * 23) % $2`,
      [sizes.lessonRequestsPerLearner, sizes.lessons, sizes.approvedShare],
    );
    await client.query(
      `INSERT INTO access_request (kind, user_id, monsterplan_id, is_approved, created_at, price)
       SELECT 'monsterplan', u.user_id, m.id, random() < $2, now() - random() * interval '90 days', m.price
       FROM (SELECT user_id, row_number() OVER (ORDER BY user_id) - 1 AS n FROM learner) AS u
       JOIN (SELECT id, price, row_number() OVER (ORDER BY created_at) - 1 AS n FROM monsterplan) AS m ON m.n = u.n % $1`,
      [sizes.monsterplans, sizes.approvedShare],
    );
    await client.query(`UPDATE access_request SET approved_at = created_at + interval '1 hour' WHERE is_approved`);
    await client.query('COMMIT');
    // As autovacuum would after such a load: statistics, and the visibility map that index-only scans need.
    await client.query('VACUUM ANALYZE');
    const { rows } = await client.query<{ count: string }>('SELECT count(*) FROM access_request');
    return Number(rows[0]!.count);
  } finally {
    await client.end();
  }
}
