// Every setting of the configuration table (docs/operating.md) reaches its service under `npm start`'s way of
// starting (launchSettings, then startPlatform, as scripts/start.ts does): the platform is started
// with a value other than the default for each, and each probe shows the behaviour that value
// causes. A row without a probe, or a probe without a row, fails the test.
import { spawnSync } from 'node:child_process';
import { createPublicKey, randomInt, randomUUID } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { openPayload, payloadKey, signMediaUrl } from '@learning/contracts';
import { createLogger } from '@learning/kit/observability';
import { loadConfig } from '@learning/kit/service';
import amqp from 'amqplib';
import pg from 'pg';
import { createClient } from 'redis';
import { gatewayEnv } from '../../gateway/src/config.js';
import { startGateway } from '../../gateway/src/server.js';
import { type GoogleStandIn, startGoogleStandIn } from '@learning/testing/google';
import { qpayEnv, startQpayStandIn, type QpayStandIn } from '@learning/testing/qpay';
import { startS3Server, type S3TestServer } from '@learning/testing/s3';
import { startPushStandIn, trustStandIn, type PushStandIn } from '@learning/testing/push';
import { startSmtpServer, type TestSmtpServer } from '@learning/testing/smtp';
import type { Kysely } from 'kysely';
import type { KitTables } from '@learning/kit/data';
import webpush from 'web-push';
import { vapidOf } from '../../services/auth/src/reminders/push.js';
import { authEnv } from '../../services/auth/src/config.js';
import { createAccountSeal } from '../../services/catalog/src/bank-accounts.js';
import { linkSigner } from '../../services/auth/src/mail/links.js';
import { deleteBusNamespace, dropSchemas, eventually, freePort, testTokenSigningKey, uniqueSuffix } from '@learning/testing';
import { keptSecretFile, launchSettings } from '../launch-settings.js';
import { startPlatform, type Platform } from '../platform.js';

(import.meta as ImportMeta & { jest?: { setTimeout(ms: number): void } }).jest?.setTimeout(60_000);

/**
 * The clients' addresses of this run: the rate limits count per address, and with REDIS_URL their
 * counts outlive the run in Redis, so each run calls from addresses of its own.
 */
const clientNet = `10.${randomInt(256)}.${randomInt(256)}`;

const operating = await readFile(new URL('../../docs/operating.md', import.meta.url), 'utf8');

/** The variables named in the first column of the configuration table (docs/operating.md). */
function documentedVariables(): string[] {
  const section = operating.split(/^## /m).find((part) => part.startsWith('Configuration'))!;
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  return rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!));
}

interface Started {
  platform: Platform;
  settings: Record<string, string>;
  /** Calls the gateway as the browser does, opening sealed answers with the configured secret. */
  call(method: string, path: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
  adminToken(): Promise<string>;
}

const schemaPrefix = `cfg${uniqueSuffix()}`;
let folder: string;
let google: GoogleStandIn;
let qpay: QpayStandIn;
let started: Started;
let ffmpegCalls: string;
let smtp: TestSmtpServer;
let push: PushStandIn;
let distrustPush: (() => void) | undefined;
const vapidPrivateKey = webpush.generateVAPIDKeys().privateKey;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'configuration-'));
  smtp = await startSmtpServer();
  push = await startPushStandIn();
  distrustPush = trustStandIn(push);
  google = await startGoogleStandIn();
  qpay = await startQpayStandIn();
  qpay.slowMs = 2_500;
  ffmpegCalls = join(folder, 'ffmpeg-calls.log');
  // ffmpeg and ffprobe behind wrappers that note each call, so the probes see which binary media ran.
  for (const tool of ['ffmpeg', 'ffprobe']) {
    await writeFile(join(folder, `my-${tool}`), `#!/bin/sh\necho ${tool} >> '${ffmpegCalls}'\nexec ${tool} "$@"\n`);
    await chmod(join(folder, `my-${tool}`), 0o755);
  }
  await mkdir(join(folder, 'static'));
  await writeFile(join(folder, 'static', 'index.html'), '<!doctype html><title>configured static dir</title>');
  await mkdir(join(folder, 'remotes', 'home'), { recursive: true });
  await writeFile(join(folder, 'remotes', 'home', 'mf-manifest.json'), '{"name":"configured-home"}');
  const { settings } = launchSettings({
    PORT: String(await freePort()),
    HOST: '127.0.0.2',
    DATA_DIR: join(folder, 'data'),
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    REDIS_URL: process.env.REDIS_URL ?? '',
    DATABASE_POOL_SIZE: '1',
    AMQP_URL: process.env.AMQP_URL ?? '',
    PAYLOAD_SECRET: 'configured-payload-secret',
    MEDIA_SIGNING_SECRET: 'configured-media-signing-secret',
    BANK_ACCOUNT_KEY: 'configured-bank-account-key',
    MAIL_LINK_SECRET: 'configured-mail-link-secret',
    TOKEN_SIGNING_KEY: testTokenSigningKey().replaceAll('\n', '\\n'),
    VAPID_PRIVATE_KEY: vapidPrivateKey,
    VAPID_SUBJECT: 'https://configured.example.mn/contact',
    REMINDER_CHECK_SECONDS: '0.5',
    PUBLIC_URL: 'https://configured.example.mn',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Configured Centre <office@configured.mn>',
    MAIL_RETRY_SECONDS: '0.3',
    ADMIN_NOTIFY_EMAIL: 'configured-office@test.mn',
    CENTRE_NAME: 'Configured Centre',
    CENTRE_PHONE: '+976 7000-0000',
    CENTRE_EMAIL: 'info@configured.mn',
    CENTRE_ADDRESS: 'Улаанбаатар, Сүхбаатар дүүрэг',
    CENTRE_FACEBOOK_URL: 'https://www.facebook.com/configured.centre',
    CENTRE_LOGO_URL: 'https://static.configured.mn/logo.png',
    ADMIN_EMAIL: 'configured-admin@test.mn',
    ADMIN_PASSWORD: 'configured-admin-password',
    TOKEN_TTL_SECONDS: '120',
    TOKEN_ISSUER: 'configured-issuer',
    TOKEN_AUDIENCE: 'configured-audience',
    GOOGLE_ISSUER: google.issuer,
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    MEDIA_URL_TTL_SECONDS: '600',
    MEDIA_FILES_DIR: join(folder, 'files'),
    MEDIA_UPLOAD_LIMIT_BYTES: '60000',
    MEDIA_ALOUD_LIMIT_BYTES: '30000',
    MEDIA_ALOUDS_PER_DAY: '1',
    MEDIA_ACCEL_REDIRECT: '/media-files/',
    FFMPEG_PATH: join(folder, 'my-ffmpeg'),
    FFPROBE_PATH: join(folder, 'my-ffprobe'),
    MEDIA_TRANSCODE: '0',
    MEDIA_TRANSCODE_CONCURRENCY: '2',
    MEDIA_CONVERSIONS: '3',
    SEED_DEMO: '1',
    EXAM_QUESTION_COUNT: '1',
    EXAM_ANSWER_ALLOWANCE_SECONDS: '0.5',
    REFUND_AMOUNT_MNT: '7000',
    STREAK_MINUTES: '25',
    OFFLINE_DAYS: '3',
    OFFLINE_BUDGET_MB: '120',
    ...qpayEnv(qpay),
    QPAY_INVOICE_MINUTES: '7',
    QPAY_CHECK_SECONDS: '2',
    QPAY_TIMEOUT_SECONDS: '1',
    QPAY_EBARIMT: '1',
    RATE_LIMIT_AUTH: '3',
    RATE_LIMIT_QPAY_CALLBACK: '2',
    RATE_LIMIT_WINDOW_MS: '7200000',
    TRUST_PROXY: 'loopback',
    METRICS_TOKEN: 'configured-metrics-token',
    INTERNAL_TOKEN: 'configured-internal-token',
    REVOCATION_POLL_SECONDS: '1',
    STATIC_DIR: join(folder, 'static'),
    REMOTES_DIR: join(folder, 'remotes'),
    REMOTE_MONSTER_URL: 'https://cdn.example.mn/monster/mf-manifest.json',
    REMOTE_LESSONS_URL: 'https://cdn.example.mn/lessons/mf-manifest.json',
    REMOTE_ADMIN_URL: 'https://cdn.example.mn/admin/mf-manifest.json',
    LOG_LEVEL: 'error',
  });
  started = await start(settings);
  qpay.callbacksReach = started.platform.url;
}, 120_000);

afterAll(async () => {
  await (await onS3)?.started.platform.close();
  await s3?.close();
  await started?.platform.close();
  await google?.close();
  await qpay?.close();
  await smtp?.stop();
  await push?.close();
  distrustPush?.();
  for (const prefix of [schemaPrefix, `${schemaPrefix}s3`]) {
    if (process.env.DATABASE_URL) await dropSchemas(process.env.DATABASE_URL, prefix);
    if (process.env.AMQP_URL) await deleteBusNamespace(process.env.AMQP_URL, prefix, ['auth', 'catalog', 'media', 'exam']);
  }
  await rm(folder, { recursive: true, force: true });
});

async function start(settings: Record<string, string>, prefix = schemaPrefix): Promise<Started> {
  const platform = await startPlatform({ env: settings, schemaPrefix: prefix });
  const key = await payloadKey(settings.PAYLOAD_SECRET!);
  // Each caller its own client address (TRUST_PROXY=loopback believes X-Forwarded-For), so the low sign-in limit is the rate limit probe's alone.
  const call: Started['call'] = async (method, path, { body, token, headers = { 'x-forwarded-for': `${clientNet}.1` } } = {}) => {
    const response = await fetch(platform.url + path, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    if (response.headers.get('x-payload-encryption')) parsed = JSON.parse(await openPayload(key, parsed.payload));
    return { status: response.status, body: parsed, headers: response.headers };
  };
  // Signed in once: the sign-in rate limit here is three calls.
  let token: Promise<string> | undefined;
  const adminToken = () => (token ??= signInAsAdministrator());
  const signInAsAdministrator = async () => {
    const { status, body } = await call('POST', '/v1/auth/login', { body: { email: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD }, headers: { 'x-forwarded-for': `${clientNet}.2` } });
    if (status !== 200) throw new Error(`the configured administrator could not sign in: ${status}`);
    return body.token as string;
  };
  return { platform, settings, call, adminToken };
}

const onPostgres = Boolean(process.env.DATABASE_URL);
const onRabbit = Boolean(process.env.AMQP_URL);

function upload(path: string, field: string, bytes: Buffer, name: string, token: string) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), name);
  return fetch(started.platform.url + path, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': `${clientNet}.3` } });
}

function madeWithFfmpeg(name: string, args: string[]): Promise<Buffer> {
  const file = join(folder, name);
  const made = spawnSync('ffmpeg', ['-y', '-loglevel', 'error', ...args, file]);
  if (made.status !== 0) throw new Error(`ffmpeg failed: ${made.stderr}`);
  return readFile(file);
}

async function firstDemoVideoId(): Promise<string> {
  const { body } = await started.call('GET', '/v1/files/monsterplan-videos?perPage=1&currentPage=1', { token: await started.adminToken() });
  return body.result[0]._id as string;
}

async function learnerToken(): Promise<string> {
  return (await learner()).token;
}

async function learner(): Promise<{ email: string; token: string }> {
  const email = `learner-${uniqueSuffix()}@test.mn`;
  const password = 'learner-password-1';
  const client = { 'x-forwarded-for': `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
  await started.call('POST', '/v1/auth/register', { body: { email, name: 'Сурагч', password, repeatPassword: password }, headers: client });
  return { email, token: (await started.call('POST', '/v1/auth/login', { body: { email, password }, headers: client })).body.token as string };
}

/** A learner approved for the first demo plan with an exam, once every service has heard of it. */
async function learnerWithExam(): Promise<{ token: string; monsterplanId: string }> {
  const admin = await started.adminToken();
  const plans = (await started.call('GET', '/v1/monsterplans')).body as Array<{ _id: string; exam: boolean }>;
  const monsterplanId = plans.find((plan) => plan.exam)!._id;
  const token = await learnerToken();
  let request: { status: number; body: any } = { status: 0, body: null };
  for (let tries = 0; tries < 200 && request.status !== 201; tries++) {
    request = await started.call('POST', '/v1/monsterplan-requests', { body: { monsterplan: monsterplanId }, token });
    if (request.status !== 201) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { _id, user } = request.body;
  await started.call('PUT', `/v1/monsterplan-requests/${_id}`, { token: admin, body: { id: _id, user, monsterplan: monsterplanId, isApproved: true } });
  let exam = { status: 0 } as { status: number };
  for (let tries = 0; tries < 200 && exam.status !== 200; tries++) {
    exam = await started.call('GET', `/v1/monsterplans/${monsterplanId}/exam`, { token });
    if (exam.status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { token, monsterplanId };
}

/** A new learner's QPay invoice for the first demo plan they asked for. */
async function pendingInvoice(): Promise<{ token: string; invoice: any }> {
  const plans = (await started.call('GET', '/v1/monsterplans')).body as Array<{ _id: string; isActive: boolean }>;
  const monsterplan = plans.find((plan) => plan.isActive)!._id;
  const token = await learnerToken();
  // The catalog knows the learner once auth's user.registered arrives.
  await eventually(async () => (await started.call('POST', '/v1/monsterplan-requests', { body: { monsterplan }, token })).status === 201, 'the request');
  const answer = await started.call('POST', '/v1/payments/qpay/invoices', { body: { monsterplan }, token });
  expect(answer.status).toBe(201);
  return { token, invoice: answer.body };
}

type Probe = () => Promise<void>;

/** A password-reset mail for a new learner, as the configured SMTP server took it. */
async function resetMail() {
  const { email } = await learner();
  await started.call('POST', '/v1/auth/password-reset', { body: { email }, headers: { 'x-forwarded-for': `10.0.1.${Math.floor(Math.random() * 250)}` } });
  const [mail] = await smtp.waitForMails(email);
  return mail!;
}

let s3: S3TestServer | undefined;
let onS3: Promise<{ started: Started; videoId: string }> | undefined;
/**
 * A second platform, media's files in an S3-compatible store (s3rver behind a relay that checks
 * signatures and notes requests), with one video the administrator uploaded there.
 */
function platformOnS3() {
  return (onS3 ??= (async () => {
    s3 = await startS3Server({ buckets: ['configured-bucket'] });
    const { settings } = launchSettings({
      ...started.settings,
      PORT: String(await freePort()),
      DATA_DIR: join(folder, 'data-s3'),
      MEDIA_FILES_DIR: join(folder, 'files-s3'),
      MEDIA_ACCEL_REDIRECT: '',
      MEDIA_UPLOAD_LIMIT_BYTES: '',
      SEED_DEMO: '0',
      MEDIA_STORAGE: 's3',
      MEDIA_S3_BUCKET: 'configured-bucket',
      MEDIA_S3_REGION: 'mn-ulaanbaatar-1',
      MEDIA_S3_ENDPOINT: s3.endpoint,
      MEDIA_S3_ACCESS_KEY_ID: s3.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      MEDIA_S3_FORCE_PATH_STYLE: '1',
      MEDIA_S3_PREFIX: 'platform/media/',
    });
    const onIt = await start(settings, `${schemaPrefix}s3`);
    const video = await madeWithFfmpeg('kept-in-s3.mp4', ['-f', 'lavfi', '-i', 'testsrc2=duration=1:size=160x90:rate=10', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']);
    const form = new FormData();
    form.append('video', new Blob([new Uint8Array(video)]), 'kept-in-s3.mp4');
    const answer = await fetch(`${onIt.platform.url}/v1/files/lesson-videos`, { method: 'POST', body: form, headers: { authorization: `Bearer ${await onIt.adminToken()}` } });
    expect(answer.status).toBe(201);
    const { body } = await onIt.call('GET', '/v1/files/lesson-videos?perPage=1&currentPage=1', { token: await onIt.adminToken() });
    return { started: onIt, videoId: (body as { result: Array<{ _id: string }> }).result[0]!._id };
  })());
}
/** What media asked of the store for its upload. */
const uploadRequests = async () => {
  const { videoId } = await platformOnS3();
  return s3!.requests.filter((request) => request.method === 'PUT' && request.url.includes(videoId));
};

/**
 * What each setting does, as someone outside the platform sees it. Where nothing outside can tell
 * (the pool size, the log level) the probe asks the running service.
 */
const probes: Record<string, Probe> = {
  async PORT() {
    expect(new URL(started.platform.url).port).toBe(started.settings.PORT);
  },
  async HOST() {
    expect(new URL(started.platform.url).hostname).toBe('127.0.0.2');
    await expect(fetch(started.platform.url.replace('127.0.0.2', '127.0.0.1') + '/healthz')).rejects.toThrow();
  },
  async DATA_DIR() {
    const dataDir = started.settings.DATA_DIR!;
    // The embedded database, every service's schema in one, lives there (on PostgreSQL there is none)…
    if (!onPostgres) expect(await readdir(dataDir)).toEqual(expect.arrayContaining(['platform']));
    // …and the secrets the launcher makes when none is given.
    const { settings } = launchSettings({ DATA_DIR: dataDir });
    expect(await readFile(keptSecretFile(dataDir, 'MEDIA_SIGNING_SECRET'), 'utf8')).toBe(settings.MEDIA_SIGNING_SECRET);
  },
  async DATABASE_URL() {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query('SELECT schema_name FROM information_schema.schemata WHERE starts_with(schema_name, $1)', [`${schemaPrefix}_`]);
    await client.end();
    expect(rows.map((row) => row.schema_name).sort()).toEqual(['auth', 'catalog', 'exam', 'media'].map((name) => `${schemaPrefix}_${name}`));
  },
  async DATABASE_POOL_SIZE() {
    // Twenty users read at once: with one connection auth runs them one after another.
    const admin = await started.adminToken();
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await Promise.all(Array.from({ length: 20 }, () => started.call('GET', '/v1/users?perPage=10&currentPage=1', { token: admin })));
    const { rows } = await client.query('SELECT count(*)::int AS open FROM pg_stat_activity WHERE application_name = $1', [`${schemaPrefix}_auth`]);
    await client.end();
    expect(rows[0].open).toBe(1);
  },
  async AMQP_URL() {
    const connection = await amqp.connect(process.env.AMQP_URL!);
    const channel = await connection.createChannel();
    const queue = await channel.checkQueue(`${schemaPrefix}.auth.events`);
    await connection.close();
    expect(queue.queue).toBe(`${schemaPrefix}.auth.events`);
  },
  async PAYLOAD_SECRET() {
    const response = await fetch(`${started.platform.url}/v1/monsterplans`);
    const { payload } = (await response.json()) as { payload: string };
    expect(Array.isArray(JSON.parse(await openPayload(await payloadKey('configured-payload-secret'), payload)))).toBe(true);
  },
  async ADMIN_EMAIL() {
    const me = await started.call('GET', '/v1/auth/me', { token: await started.adminToken() });
    expect([me.body.email, me.body.isAdmin]).toEqual(['configured-admin@test.mn', true]);
  },
  async ADMIN_PASSWORD() {
    expect(decodeJwt(await started.adminToken()).sub).toBeTruthy();
  },
  async TOKEN_TTL_SECONDS() {
    const claims = decodeJwt(await started.adminToken());
    expect(claims.exp! - claims.iat!).toBe(120);
  },
  async TOKEN_ISSUER() {
    expect(decodeJwt(await started.adminToken()).iss).toBe('configured-issuer');
  },
  async TOKEN_AUDIENCE() {
    expect(decodeJwt(await started.adminToken()).aud).toBe('configured-audience');
    // …and every other service takes it: the administrator's list of plan requests is the catalog's.
    expect((await started.call('GET', '/v1/monsterplan-requests?perPage=10&currentPage=1', { token: await started.adminToken() })).status).toBe(200);
  },
  async GOOGLE_CLIENT_ID() {
    expect((await started.call('GET', '/v1/auth/google')).body).toEqual({ isConfigured: true });
  },
  async GOOGLE_CLIENT_SECRET() {
    expect((await started.call('GET', '/v1/auth/google')).body).toEqual({ isConfigured: true });
  },
  async GOOGLE_ISSUER() {
    google.allowRedirect('http://127.0.0.2/callback/google');
    const { status, body } = await started.call('POST', '/v1/auth/google/start', { body: { redirectUri: 'http://127.0.0.2/callback/google' } });
    expect(status).toBe(200);
    expect(JSON.stringify(body)).toContain(new URL(google.issuer).host);
  },
  async MEDIA_SIGNING_SECRET() {
    const videoId = await firstDemoVideoId();
    const expires = Math.floor(Date.now() / 1000) + 60;
    const mine = await fetch(started.platform.url + (await signMediaUrl('configured-media-signing-secret', 'video', videoId, expires)));
    expect(mine.status).toBe(200);
    await mine.body?.cancel();
    const another = await fetch(started.platform.url + (await signMediaUrl('test-media-signing-secret', 'video', videoId, expires)));
    expect(another.status).toBe(403);
  },
  async MEDIA_URL_TTL_SECONDS() {
    const videoId = await firstDemoVideoId();
    // Ten minutes and the rounding to five: an hour ahead is further than such a link may live.
    const inAnHour = await fetch(started.platform.url + (await signMediaUrl('configured-media-signing-secret', 'video', videoId, Math.floor(Date.now() / 1000) + 3600)));
    expect(inAnHour.status).toBe(403);
  },
  async MEDIA_FILES_DIR() {
    expect((await readdir(join(folder, 'files'))).length).toBeGreaterThan(0);
  },
  async MEDIA_ACCEL_REDIRECT() {
    const videoId = await firstDemoVideoId();
    const answer = await fetch(started.platform.url + (await signMediaUrl('configured-media-signing-secret', 'video', videoId, Math.floor(Date.now() / 1000) + 60)));
    expect(answer.headers.get('x-accel-redirect')).toMatch(/^\/media-files\//);
  },
  async MEDIA_UPLOAD_LIMIT_BYTES() {
    const answer = await upload('/v1/files/monsterplan-videos', 'video', Buffer.alloc(70_000), 'big.mp4', await started.adminToken());
    expect(answer.status).toBe(413);
  },
  async FFPROBE_PATH() {
    await rm(ffmpegCalls, { force: true });
    const video = await madeWithFfmpeg('film.mp4', ['-f', 'lavfi', '-i', 'testsrc2=duration=1:size=160x90:rate=10', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']);
    expect((await upload('/v1/files/monsterplan-videos', 'video', video, 'film.mp4', await started.adminToken())).status).toBe(201);
    expect(await readFile(ffmpegCalls, 'utf8')).toContain('ffprobe');
  },
  async FFMPEG_PATH() {
    // The upload of FFPROBE_PATH's probe made its poster frame with ffmpeg.
    expect(await readFile(ffmpegCalls, 'utf8')).toContain('ffmpeg\n');
  },
  async MEDIA_TRANSCODE() {
    // Off: an upload gets no HLS ladder's job, and plays as uploaded.
    const video = await madeWithFfmpeg('lesson.mp4', ['-f', 'lavfi', '-i', 'testsrc2=duration=1:size=160x90:rate=10', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']);
    const token = await started.adminToken();
    expect((await upload('/v1/files/lesson-videos', 'video', video, 'lesson.mp4', token)).status).toBe(201);
    const { body } = await started.call('GET', '/v1/files/lesson-videos?perPage=1&currentPage=1', { token });
    expect((body as { result: Array<{ _id: string }> }).result).toEqual([expect.objectContaining({ name: 'lesson', transcoding: null })]);
    // Nor can one be asked for: no worker would ever take it.
    const [{ _id }] = (body as { result: Array<{ _id: string }> }).result as [{ _id: string }];
    const retry = await started.call('POST', `/v1/files/lesson-videos/${_id}/transcoding`, { token });
    expect([retry.status, (retry.body as { code: string }).code]).toEqual([409, 'transcoding_off']);
  },
  async MEDIA_TRANSCODE_CONCURRENCY() {
    const metrics = await fetch(`${started.platform.url}/metrics`, { headers: { authorization: 'Bearer configured-metrics-token' } });
    expect(await metrics.text()).toMatch(/^media_transcoding_concurrency 2$/m);
  },
  async MEDIA_CONVERSIONS() {
    const metrics = await fetch(`${started.platform.url}/metrics`, { headers: { authorization: 'Bearer configured-metrics-token' } });
    expect(await metrics.text()).toMatch(/^media_conversions_size 3$/m);
  },
  async MEDIA_ALOUD_LIMIT_BYTES() {
    const long = await madeWithFfmpeg('long.wav', ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'pcm_s16le']);
    expect(long.length).toBeGreaterThan(30_000);
    expect((await upload('/v1/monsterplans/aloud', 'video', long, 'long.wav', await learnerToken())).status).toBe(413);
  },
  async MEDIA_ALOUDS_PER_DAY() {
    const short = await madeWithFfmpeg('short.mp3', ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'libmp3lame']);
    const learner = await learnerToken();
    expect((await upload('/v1/monsterplans/aloud', 'video', short, 'short.mp3', learner)).status).toBe(201);
    expect((await upload('/v1/monsterplans/aloud', 'video', short, 'short.mp3', learner)).status).toBe(429);
  },
  async SEED_DEMO() {
    expect(((await started.call('GET', '/v1/monsterplans')).body as unknown[]).length).toBeGreaterThan(0);
  },
  async EXAM_QUESTION_COUNT() {
    const { token, monsterplanId } = await learnerWithExam();
    const { body } = await started.call('POST', `/v1/monsterplans/${monsterplanId}/exam/questions/1`, { token });
    expect([body.totalQuestions, body.remaining]).toEqual([1, 0]);
  },
  async EXAM_ANSWER_ALLOWANCE_SECONDS() {
    const { token, monsterplanId } = await learnerWithExam();
    const { body: revealed } = await started.call('POST', `/v1/monsterplans/${monsterplanId}/exam/questions/1`, { token });
    // Revealed 10 s ago: in time with the default 2 s allowance, late with 0.5 s.
    const exam = started.platform.services.exam.context.db;
    await exam.updateTable('revealed_question').set({ revealed_at: new Date(Date.now() - 10_000) }).where('monsterplan_id', '=', monsterplanId).execute();
    const body = { answer: revealed.question.answers[0].identifier };
    const answer = await started.call('POST', `/v1/monsterplans/${monsterplanId}/exam/questions/1/answer`, { token, body });
    expect([answer.status, answer.body.answer, answer.body.isOnTime]).toEqual([200, 999, false]);
  },
  async BANK_ACCOUNT_KEY() {
    // The account a learner gives is kept sealed under the configured key, and opens with it alone.
    const token = await learnerToken();
    const userId = decodeJwt(token).sub!;
    const account = { bankName: 'Хаан банк', accountNumber: '5012345678', accountHolder: 'Тохируулга' };
    expect((await started.call('PUT', '/v1/me/bank-account', { token, body: account })).status).toBe(200);
    const { sealed } = await started.platform.services.catalog.context.db.selectFrom('bank_account').select('sealed').where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(createAccountSeal('configured-bank-account-key').open(userId, sealed)).toEqual(account);
    expect(() => createAccountSeal('test-bank-account-key').open(userId, sealed)).toThrow();
  },
  async STREAK_MINUTES() {
    // The streak's goal is the configured minutes a day.
    const { token } = await learner();
    expect((await started.call('GET', '/v1/progress/mine', { token })).body.streak).toEqual({ days: 0, todayMinutes: 0, goalMinutes: 25 });
  },
  async REFUND_AMOUNT_MNT() {
    // A passed exam, as the exam service reports it: the catalog's ledger owes the configured amount.
    const { token, monsterplanId } = await learnerWithExam();
    const userId = decodeJwt(token).sub!;
    const data = { userId, monsterplanId, percent: 100, correctQuestions: 1, totalQuestions: 1, passed: true };
    await started.platform.services.catalog.context.bus.publish({ id: randomUUID(), type: 'exam.completed', version: 1, occurredAt: new Date().toISOString(), producer: 'exam', data });
    const admin = await started.adminToken();
    let report: any;
    for (let tries = 0; tries < 200 && !report?.result.some((entry: any) => entry.user._id === userId); tries++) {
      if (report) await new Promise((resolve) => setTimeout(resolve, 50));
      report = (await started.call('GET', `/v1/monsterplans/${monsterplanId}/refunds?perPage=100`, { token: admin })).body;
    }
    const owed = report.result.find((entry: any) => entry.user._id === userId);
    expect([report.amountPerItem, owed?.items[0].amount]).toEqual([7000, 7000]);
  },
  async QPAY_CLIENT_ID() {
    // The stand-in takes only its own credentials and invoice code, and is reached only at QPAY_BASE_URL.
    const before = qpay.invoices.size;
    await pendingInvoice();
    expect(qpay.invoices.size).toBe(before + 1);
  },
  async QPAY_CLIENT_SECRET() {
    await probes.QPAY_CLIENT_ID!();
    expect(qpay.calls).toContain('POST /v2/auth/token');
  },
  async QPAY_INVOICE_CODE() {
    const { invoice } = await pendingInvoice();
    expect(qpay.invoiceOf(invoice.request._id)!.invoiceCode).toBe(qpay.invoiceCode);
  },
  async QPAY_BASE_URL() {
    const before = qpay.calls.length;
    await pendingInvoice();
    expect(qpay.calls.slice(before)).toContain('POST /v2/invoice');
  },
  async QPAY_INVOICE_MINUTES() {
    const { invoice } = await pendingInvoice();
    expect(Date.parse(invoice.expiresAt) - Date.parse(invoice.createdAt)).toBe(7 * 60_000);
  },
  async QPAY_CHECK_SECONDS() {
    // Paid with no callback: the poller finds it within a few of its 2 s rounds.
    const { token, invoice } = await pendingInvoice();
    await qpay.pay(qpay.invoiceOf(invoice.request._id)!.invoiceId, { callback: 'never' });
    const paidAt = Date.now();
    await eventually(async () => (await started.call('GET', `/v1/payments/qpay/invoices/${invoice._id}`, { token })).body.status === 'paid', 'the poller found the payment');
    expect(Date.now() - paidAt).toBeLessThan(15_000);
  },
  async QPAY_TIMEOUT_SECONDS() {
    const token = await learnerToken();
    // The invoice's call only: the poller's checks of earlier probes' invoices go on meanwhile.
    qpay.failNext('slow', 1, 'POST /v2/invoice');
    const plans = (await started.call('GET', '/v1/monsterplans')).body as Array<{ _id: string; isActive: boolean }>;
    const monsterplan = plans.find((plan) => plan.isActive)!._id;
    await eventually(async () => (await started.call('POST', '/v1/monsterplan-requests', { body: { monsterplan }, token })).status === 201, 'the request');
    const asked = Date.now();
    const answer = await started.call('POST', '/v1/payments/qpay/invoices', { body: { monsterplan }, token });
    // Given up after 1 s, before the stand-in's answer at 2.5 s.
    expect([answer.status, answer.body.code]).toEqual([502, 'qpay_unavailable']);
    expect(Date.now() - asked).toBeLessThan(2_500);
  },
  async QPAY_EBARIMT() {
    const { token, invoice } = await pendingInvoice();
    const payment = await qpay.pay(qpay.invoiceOf(invoice.request._id)!.invoiceId);
    const paid = await eventually(async () => {
      const seen = (await started.call('GET', `/v1/payments/qpay/invoices/${invoice._id}`, { token })).body;
      return seen.receipt ? seen : undefined;
    }, 'the e-receipt');
    expect(paid.receipt.number).toBe(qpay.receipts.get(payment.paymentId)!.receiptId);
  },
  async RATE_LIMIT_QPAY_CALLBACK() {
    const client = { 'x-forwarded-for': `${clientNet}.6` };
    const statuses = [];
    for (let call = 0; call < 3; call++) statuses.push((await started.call('GET', `/v1/payments/qpay/callback/${randomUUID()}`, { headers: client })).status);
    expect(statuses).toEqual([404, 404, 429]);
  },
  async OFFLINE_DAYS() {
    const { body } = await started.call('GET', '/config.json');
    expect(body.offline.days).toBe(3);
  },
  async OFFLINE_BUDGET_MB() {
    const { body } = await started.call('GET', '/config.json');
    expect(body.offline.budgetMb).toBe(120);
  },
  async REDIS_URL() {
    // The gateway counts each client's sign-in calls in Redis, where every gateway reads them.
    const client = { 'x-forwarded-for': `${clientNet}.5` };
    await started.call('POST', '/v1/auth/check-email', { body: { email: 'nobody@test.mn' }, headers: client });
    const redis = createClient({ url: process.env.REDIS_URL });
    await redis.connect();
    try {
      expect(Number(await redis.get(`rl:auth/check-email:${clientNet}.5`))).toBeGreaterThanOrEqual(1);
    } finally {
      await redis.close();
    }
  },
  async RATE_LIMIT_AUTH() {
    const client = { 'x-forwarded-for': `${clientNet}.9` };
    const statuses = [];
    for (let call = 0; call < 4; call++) statuses.push((await started.call('POST', '/v1/auth/check-email', { body: { email: 'nobody@test.mn' }, headers: client })).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
  },
  async RATE_LIMIT_WINDOW_MS() {
    const client = { 'x-forwarded-for': `${clientNet}.8` };
    let answer = await started.call('POST', '/v1/auth/check-email', { body: { email: 'nobody@test.mn' }, headers: client });
    for (let call = 0; call < 3; call++) answer = await started.call('POST', '/v1/auth/check-email', { body: { email: 'nobody@test.mn' }, headers: client });
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(3600);
  },
  async TRUST_PROXY() {
    // Another address behind the same proxy is another client: its own three sign-in calls.
    const answer = await started.call('POST', '/v1/auth/check-email', { body: { email: 'nobody@test.mn' }, headers: { 'x-forwarded-for': `${clientNet}.7` } });
    expect(answer.status).toBe(404);
  },
  async METRICS_TOKEN() {
    // The gateway's /metrics and each service's ask for it, even of a caller on this machine.
    for (const url of [started.platform.url, ...Object.values(started.platform.services).map((service) => service.url)]) {
      const refused = await fetch(`${url}/metrics`);
      const answered = await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer configured-metrics-token' } });
      expect([refused.status, answered.status, (await answered.text()).includes('http_requests_total')]).toEqual([401, 200, true]);
      await refused.body?.cancel();
    }
    // One process, one registry: the gateway's port answers for the services beside it.
    const gateway = await fetch(`${started.platform.url}/metrics`, { headers: { authorization: 'Bearer configured-metrics-token' } });
    expect(await gateway.text()).toMatch(/^outbox_backlog_events\{service="catalog"\} \d+$/m);
  },
  async INTERNAL_TOKEN() {
    // Auth's and the catalog's internal calls ask for it, even of a caller on this machine.
    const calls = [
      { url: `${started.platform.services.auth.url}/internal/revocations`, answer: { tokens: expect.any(Array), users: expect.any(Array) } },
      { url: `${started.platform.services.catalog.url}/internal/accesses`, answer: { accesses: expect.any(Array) } },
    ];
    for (const { url, answer } of calls) {
      const refused = await fetch(url);
      const answered = await fetch(url, { headers: { authorization: 'Bearer configured-internal-token' } });
      expect([refused.status, answered.status]).toEqual([401, 200]);
      expect(await answered.json()).toMatchObject(answer);
      await refused.body?.cancel();
    }
    // On the embedded database, the gateway's dump for `npm run backup` asks for it too.
    if (!process.env.DATABASE_URL) {
      const dump = `${started.platform.url}/internal/database-dump`;
      const dumpRefused = await fetch(dump);
      const dumpAnswered = await fetch(dump, { headers: { authorization: 'Bearer configured-internal-token' } });
      expect([dumpRefused.status, dumpAnswered.status]).toEqual([401, 200]);
      await Promise.all([dumpRefused.body?.cancel(), dumpAnswered.body?.cancel()]);
    }
  },
  async REVOCATION_POLL_SECONDS() {
    // Catalog, media and the exam each ask auth every second, and the exam the catalog, presenting
    // INTERNAL_TOKEN (auth and the catalog refuse them otherwise): over a wait shorter than the default
    // interval each asks at least twice, where the default would let each ask once at most.
    const calls = async (service: string, route: string) => {
      const text = await (await fetch(`${started.platform.url}/metrics`, { headers: { authorization: 'Bearer configured-metrics-token' } })).text();
      const answered = (line: string) => line.includes(`service="${service}"`) && line.includes(`route="${route}"`) && line.includes('status_class="2xx"');
      const lines = text.split('\n').filter((line) => line.startsWith('http_requests_total{') && answered(line));
      return lines.reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
    };
    const asked = async () => [await calls('auth', '/internal/revocations'), await calls('catalog', '/internal/accesses')];
    const before = await asked();
    await sleep(3_500);
    const after = await asked();
    expect([after[0]! - before[0]! >= 6, after[1]! - before[1]! >= 2]).toEqual([true, true]);
  },
  async STATIC_DIR() {
    expect(await (await fetch(started.platform.url + '/')).text()).toContain('configured static dir');
  },
  async REMOTES_DIR() {
    expect(await (await fetch(`${started.platform.url}/remotes/home/mf-manifest.json`)).json()).toEqual({ name: 'configured-home' });
  },
  async REMOTE_MONSTER_URL() {
    expect(JSON.stringify(await (await fetch(`${started.platform.url}/remotes.json`)).json())).toContain('https://cdn.example.mn/monster/mf-manifest.json');
  },
  async REMOTE_LESSONS_URL() {
    expect(JSON.stringify(await (await fetch(`${started.platform.url}/remotes.json`)).json())).toContain('https://cdn.example.mn/lessons/mf-manifest.json');
  },
  async REMOTE_ADMIN_URL() {
    expect(JSON.stringify(await (await fetch(`${started.platform.url}/remotes.json`)).json())).toContain('https://cdn.example.mn/admin/mf-manifest.json');
  },
  async LOG_LEVEL() {
    for (const service of Object.values(started.platform.services)) expect(service.context.logger.level).toBe('error');
  },
  // Last: the second platform shares this process's metrics registry with the first.
  async MEDIA_STORAGE() {
    // s3: the upload is in the bucket, and the files folder holds only the (empty) spool.
    const { videoId } = await platformOnS3();
    expect(await s3!.keys('configured-bucket')).toEqual(expect.arrayContaining([`platform/media/videos/${videoId}/video`]));
    expect(await readdir(join(folder, 'files-s3'))).toEqual(['.spool']);
  },
  async MEDIA_S3_BUCKET() {
    expect((await uploadRequests()).map((request) => request.url.split('/')[1])).toContain('configured-bucket');
  },
  async MEDIA_S3_REGION() {
    expect(new Set((await uploadRequests()).map((request) => request.region))).toEqual(new Set(['mn-ulaanbaatar-1']));
  },
  async MEDIA_S3_ENDPOINT() {
    expect((await uploadRequests()).map((request) => request.host)).toContain(new URL(s3?.endpoint ?? 'http://unset').host);
  },
  async MEDIA_S3_ACCESS_KEY_ID() {
    expect(new Set((await uploadRequests()).map((request) => request.accessKeyId))).toEqual(new Set(['S3RVER']));
  },
  async MEDIA_S3_SECRET_ACCESS_KEY() {
    // The relay refuses a signature made with another secret: the upload went in, so the signatures held.
    const { videoId } = await platformOnS3();
    expect(await s3!.bytesOf('configured-bucket', `platform/media/videos/${videoId}/video`)).toBeDefined();
  },
  async MEDIA_S3_PREFIX() {
    // Every key media put in the bucket is under the prefix.
    const { videoId } = await platformOnS3();
    const keys = await s3!.keys('configured-bucket');
    expect(keys).toContain(`platform/media/videos/${videoId}/video`);
    expect(keys.filter((key) => !key.startsWith('platform/media/'))).toEqual([]);
  },
  async SMTP_URL() {
    await resetMail();
  },
  async MAIL_FROM() {
    expect((await resetMail()).headers.get('from')).toMatchObject({ text: expect.stringContaining('office@configured.mn') });
  },
  async PUBLIC_URL() {
    expect((await resetMail()).links[0]).toMatch(/^https:\/\/configured\.example\.mn\/reset-password#token=[\w-]{43}$/);
    const { invoice } = await pendingInvoice();
    expect(qpay.invoiceOf(invoice.request._id)!.callbackUrl).toBe(`https://configured.example.mn/v1/payments/qpay/callback/${invoice._id}`);
  },
  async MAIL_LINK_SECRET() {
    // The link's token is the reset's id signed with the configured secret.
    const mail = await resetMail();
    const token = new URL(mail.links[0]!).hash.replace('#token=', '');
    const resets = await started.platform.services.auth.context.db.selectFrom('password_reset').select('id').execute();
    expect(resets.map((reset) => linkSigner('configured-mail-link-secret').resetToken(reset.id))).toContain(token);
  },
  async TOKEN_SIGNING_KEY() {
    // Auth signs with the key given (here on one line, its breaks written as \n): its JWKS publishes that key's public half.
    const { keys } = await fetch(`${started.platform.services.auth.url}/v1/auth/jwks`).then((response) => response.json());
    expect(keys.map((key: { n: string }) => key.n)).toEqual([createPublicKey(testTokenSigningKey()).export({ format: 'jwk' }).n]);
  },
  async VAPID_PRIVATE_KEY() {
    // Browsers subscribe with the configured key's public half.
    const { body } = await started.call('GET', '/v1/auth/push-key');
    expect(body).toEqual({ publicKey: vapidOf(vapidPrivateKey, 'mailto:any@configured.mn').publicKey });
  },
  async VAPID_SUBJECT() {
    // A reminder pushed to a device names the configured subject in its VAPID JWT.
    const { token } = await learner();
    const device = push.subscribe();
    expect((await started.call('PUT', '/v1/auth/push-subscriptions', { token, body: device })).status).toBe(204);
    expect((await started.call('PUT', '/v1/auth/reminders', { token, body: { dailyAt: '00:00' } })).status).toBe(200);
    const pushed = await eventually(() => push.received.find((message) => message.endpoint === device.endpoint), 'the reminder pushed');
    expect(pushed.vapid.sub).toBe('https://configured.example.mn/contact');
  },
  async REMINDER_CHECK_SECONDS() {
    // Every half second, not every minute: a reminder set for a time already past today falls due
    // within the wait, where the default's next round would come after it.
    const { token } = await learner();
    const userId = decodeJwt(token).sub!;
    expect((await started.call('PUT', '/v1/auth/reminders', { token, body: { dailyAt: '00:00' } })).status).toBe(200);
    const outbox = started.platform.services.auth.context.db as unknown as Kysely<KitTables>;
    await eventually(async () => (await outbox.selectFrom('outbox').select('data').where('type', '=', 'reminder.due').execute()).some((row) => JSON.stringify(row.data).includes(userId)), 'the reminder due');
  },
  async MAIL_RETRY_SECONDS() {
    // SMTP away: the second try comes after 0.6 s (0.3 doubled), not a minute (the default's 30 doubled).
    await smtp.stop();
    let email = '';
    try {
      email = (await learner()).email;
      await started.call('POST', '/v1/auth/password-reset', { body: { email }, headers: { 'x-forwarded-for': `${clientNet}.19` } });
      const db = started.platform.services.auth.context.db;
      const row = await eventually(
        () => db.selectFrom('mail').select(['attempts', 'next_attempt_at']).where('to_address', '=', email).where('attempts', '>=', 2).executeTakeFirst(),
        'the mail tried twice',
      );
      expect(new Date(row.next_attempt_at).getTime() - Date.now()).toBeLessThan(5_000);
    } finally {
      await smtp.start();
    }
    await smtp.waitForMails(email);
  },
  async ADMIN_NOTIFY_EMAIL() {
    await learnerWithExam();
    const [mail] = await smtp.waitForMails('configured-office@test.mn');
    expect(mail!.subject).toMatch(/^Шинэ хүсэлт: /);
  },
  async CENTRE_NAME() {
    expect((await started.call('GET', '/v1/centre')).body.name).toBe('Configured Centre');
    expect((await resetMail()).subject).toBe('Нууц үг сэргээх · Configured Centre');
  },
  async CENTRE_PHONE() {
    expect((await started.call('GET', '/v1/centre')).body.phone).toBe('+976 7000-0000');
    expect((await resetMail()).text).toContain('Утас: +976 7000-0000');
  },
  async CENTRE_EMAIL() {
    expect((await started.call('GET', '/v1/centre')).body.email).toBe('info@configured.mn');
  },
  async CENTRE_ADDRESS() {
    expect((await started.call('GET', '/v1/centre')).body.address).toBe('Улаанбаатар, Сүхбаатар дүүрэг');
  },
  async CENTRE_FACEBOOK_URL() {
    expect((await started.call('GET', '/v1/centre')).body.facebookUrl).toBe('https://www.facebook.com/configured.centre');
  },
  async CENTRE_LOGO_URL() {
    const centre = await started.call('GET', '/v1/centre');
    expect(centre.body.logoUrl).toBe('https://static.configured.mn/logo.png');
    // The gateway lets the pages load it from there.
    expect(centre.headers.get('content-security-policy')).toMatch(/img-src 'self' data: [^;]*https:\/\/static\.configured\.mn/);
    expect((await resetMail()).html).toContain('<img src="https://static.configured.mn/logo.png"');
  },
  async MEDIA_S3_FORCE_PATH_STYLE() {
    // The bucket in the path, not in the host name.
    expect((await uploadRequests()).every((request) => request.url.startsWith('/configured-bucket/') && !request.host.startsWith('configured-bucket.'))).toBe(true);
  },
};

/** Settings `npm start` sets itself; the table says so in their row, and the other tests show them at work. */
const setByTheLauncher: Record<string, string> = {
  AUTH_URL: 'npm start wires its services itself',
  CATALOG_URL: 'npm start wires its services itself',
  MEDIA_URL: 'npm start wires its services itself',
  EXAM_URL: 'npm start wires its services itself',
  REMOTE_HOME_URL: 'probed below by a gateway of its own, where REMOTES_DIR is not in the way',
  NODE_ENV: 'probed in launch-settings.test.ts: production refuses to start without its secrets',
  OTEL_EXPORTER_OTLP_ENDPOINT: 'probed in traces.test.ts: read by the tracing register module before the platform loads, so by a process of its own',
  OTEL_SERVICE_NAME: 'probed in traces.test.ts, as OTEL_EXPORTER_OTLP_ENDPOINT',
};

it('every variable of the configuration table is probed, and every probe is of one of its variables', () => {
  const documented = documentedVariables();
  expect(documented.length).toBeGreaterThan(30);
  expect(documented.filter((name) => !(name in probes) && !(name in setByTheLauncher))).toEqual([]);
  expect(Object.keys({ ...probes, ...setByTheLauncher }).filter((name) => !documented.includes(name))).toEqual([]);
});

/** Probes of a server's setting, which cannot run on the embedded defaults: skipped there, saying why. */
const serverNeeded: Record<string, { isHere: boolean; server: string }> = {
  DATABASE_URL: { isHere: onPostgres, server: 'PostgreSQL (DATABASE_URL)' },
  DATABASE_POOL_SIZE: { isHere: onPostgres, server: 'PostgreSQL (DATABASE_URL)' },
  AMQP_URL: { isHere: onRabbit, server: 'RabbitMQ (AMQP_URL)' },
  REDIS_URL: { isHere: Boolean(process.env.REDIS_URL), server: 'Redis (REDIS_URL)' },
  REVOCATION_POLL_SECONDS: { isHere: onRabbit, server: 'RabbitMQ (AMQP_URL): on the in-process bus no service asks' },
};
const canProbe = (name: string) => serverNeeded[name]?.isHere ?? true;

it.each(Object.keys(probes).filter(canProbe))('%s changes what the platform does', async (name) => {
  await probes[name]!();
});

const unprobed = Object.keys(probes).filter((name) => !canProbe(name));
if (unprobed.length > 0) {
  it.skip.each(unprobed.map((name) => [name, serverNeeded[name]!.server]))('%s changes what the platform does: it needs %s', () => undefined);
}

it('REMOTE_HOME_URL is listed for the shell (a gateway of its own, where REMOTES_DIR is not in the way)', async () => {
  const { settings } = launchSettings({ ...started.settings, PORT: '0', HOST: '127.0.0.1', REMOTES_DIR: '', REMOTE_HOME_URL: 'https://cdn.example.mn/home/mf-manifest.json' });
  const gateway = await startGateway(loadConfig(gatewayEnv, settings), createLogger('gateway', 'silent'));
  try {
    expect(JSON.stringify(await (await fetch(`${gateway.url}/remotes.json`)).json())).toContain('https://cdn.example.mn/home/mf-manifest.json');
  } finally {
    await gateway.close();
  }
});

it('start:distributed hands auth the same mail settings as npm start: PUBLIC_URL from its PORT and the kept MAIL_LINK_SECRET', async () => {
  const dataDir = join(folder, 'distributed');
  // As scripts/start-distributed.ts does: the launcher's settings, then each service its own PORT.
  const { settings } = launchSettings({ DATA_DIR: dataDir, PORT: '8443', AMQP_URL: 'amqp://127.0.0.1:5672' });
  const auth = loadConfig(authEnv, { ...settings, PORT: '4001' });
  expect(auth.PUBLIC_URL).toBe('http://localhost:8443');
  expect(auth.MAIL_LINK_SECRET).toBe(await readFile(keptSecretFile(dataDir, 'MAIL_LINK_SECRET'), 'utf8'));
  expect(loadConfig(authEnv, { ...launchSettings({ DATA_DIR: dataDir }).settings, PORT: '4001' }).MAIL_LINK_SECRET).toBe(auth.MAIL_LINK_SECRET);
});

it('docker-compose passes every setting of the table to its services (the image itself sets NODE_ENV and has the builds)', async () => {
  const compose = await readFile(new URL('../../docker-compose.yml', import.meta.url), 'utf8');
  const ownedByTheImage = ['NODE_ENV', 'DATA_DIR', 'STATIC_DIR', 'REMOTES_DIR'];
  expect(documentedVariables().filter((name) => !ownedByTheImage.includes(name) && !new RegExp(`^\\s+${name}:`, 'm').test(compose))).toEqual([]);
});
