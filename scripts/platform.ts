// The whole platform in one process: every service on its own loopback port, each with its own
// database (embedded PGlite under <dataDir>/<service>, or a schema on DATABASE_URL), one bus
// (in-process, or RabbitMQ when AMQP_URL is set) and the gateway in front. `npm start`, the
// integration tests, the browser journeys and the benchmarks all start the platform through here.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, loadConfig, runService, type Bus, type RunningService } from '@learning/kit';
import { createInProcessBus } from '@learning/kit';
import { authEnv } from '../services/auth/src/config.js';
import { authService } from '../services/auth/src/service.js';
import type { AuthTables } from '../services/auth/src/tables.js';
import { catalogEnv, developmentMediaSigningSecret } from '../services/catalog/src/config.js';
import { catalogService } from '../services/catalog/src/service.js';
import type { CatalogTables } from '../services/catalog/src/tables.js';
import { examEnv } from '../services/exam/src/config.js';
import { examService } from '../services/exam/src/service.js';
import type { ExamTables } from '../services/exam/src/tables.js';
import { filesDir, mediaEnv } from '../services/media/src/config.js';
import { mediaService } from '../services/media/src/service.js';
import type { MediaTables } from '../services/media/src/tables.js';
import { startGateway } from '../gateway/src/server.js';

export interface PlatformOptions {
  /** The gateway's port; 0 picks a free one. */
  port: number;
  host?: string;
  /** Where embedded databases and files live; `null` keeps them in memory (tests). */
  dataDir: string | null;
  databaseUrl?: string | undefined;
  amqpUrl?: string | undefined;
  payloadSecret?: string | undefined;
  /** Prefix of every service's schema and RabbitMQ names, so test runs on one server never meet. */
  schemaPrefix?: string;
  adminEmail?: string | undefined;
  adminPassword?: string | undefined;
  staticDir?: string | undefined;
  /** Where the shell finds a remote's mf-manifest.json, when not at this gateway's /remotes/<name>/. */
  remoteUrls?: Partial<Record<'home' | 'monster' | 'lessons' | 'admin', string>>;
  logLevel?: string;
  /** Requests a client may make to each rate-limited sign-in call per minute. */
  authRateLimit?: number;
  /** The secret catalog signs play URLs with and media checks them with; a development one by default. */
  mediaSigningSecret?: string | undefined;
  /** Seeds the demo plans and bundles into an empty catalog, and the demo plans' question banks; off unless asked. */
  seedDemo?: boolean;
  /** Largest upload media accepts; 2 GB unless a test asks for less. */
  mediaUploadLimitBytes?: number;
  /** MEDIA_ACCEL_REDIRECT: an nginx in front sends the signed streams' bytes. */
  mediaAccelRedirect?: string;
  /** Questions in one exam; 40 unless a test asks for fewer. */
  examQuestionCount?: number;
  /** Sign-in with Google (GOOGLE_ISSUER, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET); off when absent. */
  google?: { issuer?: string | undefined; clientId: string; clientSecret: string } | undefined;
}

export interface Platform {
  url: string;
  services: { auth: RunningService<AuthTables>; catalog: RunningService<CatalogTables>; media: RunningService<MediaTables>; exam: RunningService<ExamTables> };
  /** Where media keeps its files. */
  mediaFilesDir: string;
  close(): Promise<void>;
}

export async function startPlatform(options: PlatformOptions): Promise<Platform> {
  const logLevel = options.logLevel ?? 'info';
  const logger = createLogger('platform', logLevel);
  const bus: Bus | undefined = options.amqpUrl ? undefined : createInProcessBus({ logger });
  const env = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    AMQP_URL: options.amqpUrl,
    DATA_DIR: options.dataDir ?? '.data',
    LOG_LEVEL: logLevel,
    ADMIN_EMAIL: options.adminEmail,
    ADMIN_PASSWORD: options.adminPassword,
  };
  const runtime = (service: string) => ({
    logger: createLogger(service, logLevel),
    // Every service subscribes before any event flows: an in-process bus keeps no queue, and on a
    // fresh RabbitMQ a service's queue exists only once it has subscribed (the demo seed's events).
    publishLater: true,
    ...(bus ? { bus } : {}),
    ...(options.dataDir === null ? { dataDir: null } : {}),
    ...(options.schemaPrefix ? { schema: `${options.schemaPrefix}_${service}`, busNamespace: options.schemaPrefix } : {}),
  });

  const authConfig = loadConfig(authEnv, {
    ...env,
    GOOGLE_ISSUER: options.google?.issuer,
    GOOGLE_CLIENT_ID: options.google?.clientId,
    GOOGLE_CLIENT_SECRET: options.google?.clientSecret,
  });
  const auth = await runService(authService(authConfig), authConfig, runtime('auth'));
  const catalogConfig = loadConfig(catalogEnv, {
    ...env,
    AUTH_URL: auth.url,
    MEDIA_SIGNING_SECRET: options.mediaSigningSecret ?? developmentMediaSigningSecret,
    SEED_DEMO: options.seedDemo ? '1' : '0',
  });
  const catalog = await runService(catalogService(catalogConfig), catalogConfig, runtime('catalog'));
  const examConfig = loadConfig(examEnv, {
    ...env,
    AUTH_URL: auth.url,
    PAYLOAD_SECRET: options.payloadSecret,
    SEED_DEMO: options.seedDemo ? '1' : '0',
    ...(options.examQuestionCount ? { EXAM_QUESTION_COUNT: String(options.examQuestionCount) } : {}),
  });
  const exam = await runService(examService(examConfig), examConfig, runtime('exam'));
  // Media's files under <dataDir>/media-files, or in a temporary folder removed on close (tests).
  const mediaFilesDir = options.dataDir === null ? await mkdtemp(join(tmpdir(), 'media-')) : undefined;
  const mediaConfig = loadConfig(mediaEnv, {
    ...env,
    AUTH_URL: auth.url,
    MEDIA_SIGNING_SECRET: options.mediaSigningSecret ?? developmentMediaSigningSecret,
    SEED_DEMO: options.seedDemo ? '1' : '0',
    ...(mediaFilesDir ? { MEDIA_FILES_DIR: mediaFilesDir } : {}),
    ...(options.mediaUploadLimitBytes ? { MEDIA_UPLOAD_LIMIT_BYTES: String(options.mediaUploadLimitBytes) } : {}),
    ...(options.mediaAccelRedirect ? { MEDIA_ACCEL_REDIRECT: options.mediaAccelRedirect } : {}),
  });
  const media = await runService(mediaService(mediaConfig), mediaConfig, runtime('media'));
  const services = { auth, catalog, exam, media };
  for (const service of Object.values(services)) service.startPublishing();

  const gateway = await startGateway(
    {
      PORT: options.port,
      HOST: options.host ?? '127.0.0.1',
      AUTH_URL: auth.url,
      CATALOG_URL: catalog.url,
      MEDIA_URL: media.url,
      EXAM_URL: exam.url,
      PAYLOAD_SECRET: options.payloadSecret,
      RATE_LIMIT_WINDOW_MS: 60_000,
      RATE_LIMIT_AUTH: options.authRateLimit ?? 30,
      STATIC_DIR: options.staticDir,
      REMOTE_HOME_URL: options.remoteUrls?.home,
      REMOTE_MONSTER_URL: options.remoteUrls?.monster,
      REMOTE_LESSONS_URL: options.remoteUrls?.lessons,
      REMOTE_ADMIN_URL: options.remoteUrls?.admin,
      LOG_LEVEL: logLevel,
    },
    createLogger('gateway', logLevel),
  );

  return {
    url: gateway.url,
    services,
    mediaFilesDir: filesDir(mediaConfig),
    async close() {
      await gateway.close();
      await Promise.all(Object.values(services).map((service) => service.close()));
      await bus?.close();
      if (mediaFilesDir) await rm(mediaFilesDir, { recursive: true, force: true });
    },
  };
}
