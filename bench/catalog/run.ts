// The administrator's paged request list and the Monster plan list under load, through the gateway,
// on a catalog the size of a busy season: 10,000 learners, 200 lesson bundles (and 10 Monster plans),
// 100,000 requests. Goal: p99 under 50 ms at 100 concurrent connections.
// The auth service (for the administrator's token), the catalog and the gateway run as their own
// processes, as in production; the data is seeded straight into the catalog's schema with bulk SQL.
// Beside the gateway, in the same run: nginx in front of the same catalog (deploy/nginx.conf, the
// reference any proxy hop is measured against; goal: the gateway keeps ≥ 20 % of its throughput with a
// p99 at most 2.5 times its), and with BENCH_GATEWAY_BEFORE=<git ref> the gateway as it was at that ref.
// Needs DATABASE_URL (a PostgreSQL the bench may create and drop schemas on), h2load (bench/load.ts)
// and nginx. Each gateway's CPU time per call is given too: on a shared machine it moves far less than
// req/s. BENCH_CPU_PROF=<folder> has each server write a V8 CPU profile there when it stops (see
// bench/processes.ts; bench/profile.ts says where the time went).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPayload, payloadKey } from '@learning/contracts';
import { dropSchemas, uniqueSuffix } from '@learning/testing';
import { findNginx, startNginx, type RunningNginx } from '../../scripts/nginx.js';
import { hasH2load, load, type LoadFigures } from '../load.js';
import { checkoutAt, startProcess, stopProcess as stop, whenReady as ready } from '../processes.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('bench/catalog needs DATABASE_URL: it seeds 100,000 requests into PostgreSQL (e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/platform_test).');
  process.exit(1);
}
if (!hasH2load()) {
  console.error('bench/catalog loads the servers with h2load: apt-get install -y nghttp2-client.');
  process.exit(1);
}
if (!findNginx()) {
  console.error('bench/catalog measures the gateway against an nginx hop: apt-get install -y nginx.');
  process.exit(1);
}

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const sizes = { learners: 10_000, lessons: 200, videosPerLesson: 5, monsterplans: 10, daysPerPlan: 10, lessonRequestsPerLearner: 9, approvedShare: 0.7 };
/** The administrator pages through the newest requests: each client asks the first pagesBrowsed in turn. */
const pagesBrowsed = 100;
const payloadSecret = 'bench-payload-secret';
const admin = { email: 'bench-admin@test.mn', password: 'bench-admin-password' };
const schemaPrefix = `bench${uniqueSuffix()}`;
const catalogSchema = `${schemaPrefix}_catalog`;
const gatewayBefore = process.env.BENCH_GATEWAY_BEFORE;
const urls = {
  auth: 'http://127.0.0.1:4111',
  catalog: 'http://127.0.0.1:4112',
  gateway: 'http://127.0.0.1:8190',
  nginx: 'http://127.0.0.1:8191',
  gatewayBefore: 'http://127.0.0.1:8192',
};

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-catalog-'));
const before = gatewayBefore ? await checkoutAt(gatewayBefore, 'gateway') : undefined;
const common = { LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, AUTH_URL: urls.auth };
const asGateway = { ...common, CATALOG_URL: urls.catalog, PAYLOAD_SECRET: payloadSecret, RATE_LIMIT_AUTH: '1000' };
const gateway = start('gateway/src/main.ts', { ...asGateway, PORT: '8190' });
const gatewayAtBefore = before ? start(before.entry, { ...asGateway, PORT: '8192' }) : undefined;
const children = [
  start('services/auth/src/main.ts', { ...common, PORT: '4111', DATABASE_SCHEMA: `${schemaPrefix}_auth`, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }),
  start('services/catalog/src/main.ts', { ...common, PORT: '4112', DATABASE_SCHEMA: catalogSchema, SEED_DEMO: '0', MEDIA_SIGNING_SECRET: 'bench-media-signing-secret', BANK_ACCOUNT_KEY: 'bench-bank-account-key' }),
  gateway,
  ...(gatewayAtBefore ? [gatewayAtBefore] : []),
];
let nginx: RunningNginx | undefined;

try {
  // deploy/nginx.conf itself, with the catalog where the gateway would be: kept-alive connections to
  // it, no buffering, as production runs its hop.
  nginx = await startNginx({ workDir: dataDir, port: Number(new URL(urls.nginx).port), inFrontOf: { gatewayUrls: [urls.catalog], mediaFilesDir: dataDir } });
  // The gateway's /readyz waits for every service; only auth and catalog run here, so its liveness is enough.
  await Promise.all([ready(`${urls.auth}/readyz`), ready(`${urls.catalog}/readyz`), ready(`${urls.gateway}/healthz`), ...(before ? [ready(`${urls.gatewayBefore}/healthz`)] : [])]);
  const seeded = Date.now();
  await seed();
  console.log(`seeded ${sizes.learners} learners, ${sizes.lessons} bundles, ${sizes.monsterplans} plans, ${await requestCount()} requests in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
  const token = await adminToken();

  const asAdministrator = { authorization: `Bearer ${token}` };
  const pages = Array.from({ length: pagesBrowsed }, (_, index) => `/v1/lesson-requests?perPage=10&currentPage=${index + 1}`);
  const targets = [
    { title: `GET /v1/lesson-requests?perPage=10&currentPage=1…${pagesBrowsed} (administrator)`, paths: pages, headers: asAdministrator },
    { title: 'GET /v1/monsterplans (guest)', paths: ['/v1/monsterplans'], headers: {} },
    { title: 'GET /v1/lesson-requests/total-new-requests (administrator)', paths: ['/v1/lesson-requests/total-new-requests'], headers: asAdministrator },
  ];

  console.log(`${connections} connections, ${seconds} s each after 2 s of warm-up; through the gateway (payloads encrypted), through nginx (the reference hop) and straight at the catalog`);
  for (const { title, paths, headers } of targets) {
    const at = (base: string, cpuOf?: number) => load({ urls: paths.map((path) => base + path), headers, connections, seconds, cpuOf });
    const viaGateway = await at(urls.gateway, gateway.pid);
    const viaNginx = await at(urls.nginx);
    const viaGatewayBefore = gatewayAtBefore ? await at(urls.gatewayBefore, gatewayAtBefore.pid) : undefined;
    const direct = await at(urls.catalog);
    console.log(title);
    console.log(`  gateway  ${figures(viaGateway)}  ${againstHop(viaGateway, viaNginx)}  (p99 < 50 ms: ${viaGateway.p99 < 50 ? 'met' : 'missed'})`);
    if (viaGatewayBefore) console.log(`  before   ${figures(viaGatewayBefore)}  ${againstHop(viaGatewayBefore, viaNginx)}  (the gateway at ${gatewayBefore})`);
    console.log(`  nginx    ${figures(viaNginx)}`);
    console.log(`  direct   ${figures(direct)}`);
  }
} finally {
  await Promise.all([...children.map(stop), nginx?.stop()]);
  await rm(dataDir, { recursive: true, force: true });
  if (before) await rm(before.dir, { recursive: true, force: true });
  await dropSchemas(databaseUrl, schemaPrefix);
}

/** A proxy's CPU time per call is what a shared machine disturbs least: compare proxies by it. */
function figures({ requestsPerSecond, p50, p99, cpuMicrosPerRequest }: LoadFigures): string {
  const cpu = cpuMicrosPerRequest === undefined ? '' : `  CPU ${cpuMicrosPerRequest.toFixed(0).padStart(4)} µs/call`;
  return `${requestsPerSecond.toFixed(0).padStart(5)} req/s  p50 ${p50.toFixed(1).padStart(5)} ms  p99 ${p99.toFixed(1).padStart(5)} ms${cpu}`;
}

/** Goal of a proxy hop of ours: ≥ 20 % of nginx's throughput, with a p99 at most 2.5 times nginx's. */
function againstHop(proxy: LoadFigures, hop: LoadFigures): string {
  const share = proxy.requestsPerSecond / hop.requestsPerSecond;
  const slower = proxy.p99 / hop.p99;
  const verdict = share >= 0.2 && slower <= 2.5 ? 'met' : 'missed';
  return `= ${(share * 100).toFixed(0).padStart(3)} % of nginx, p99 ${slower.toFixed(1)}× (goal ≥ 20 %, ≤ 2.5×: ${verdict})`;
}

/** Bulk SQL straight into the catalog's schema (the service has made its tables). */
async function seed() {
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
  } finally {
    await client.end();
  }
}

async function requestCount(): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path="${catalogSchema}"` });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>('SELECT count(*) FROM access_request');
    return Number(rows[0]!.count);
  } finally {
    await client.end();
  }
}

async function adminToken(): Promise<string> {
  const key = await payloadKey(payloadSecret);
  const response = await fetch(`${urls.gateway}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const { payload } = (await response.json()) as { payload: string };
  return JSON.parse(await openPayload(key, payload)).token;
}

/** Each process on its own in-process bus: the bench needs no events, and leaves a shared RabbitMQ alone. */
function start(entry: string, env: Record<string, string>) {
  const { AMQP_URL: _ignored, ...inherited } = process.env;
  return startProcess(entry, env, inherited);
}
