// The whole platform in one process: every service on its own loopback port, each in its own schema
// of one database (one embedded PGlite under <DATA_DIR>/platform, or DATABASE_URL), one bus
// (in-process, or RabbitMQ when AMQP_URL is set) and the gateway in front. Each reads its settings
// from the same environment through its own validated config, exactly as it does alone, so the
// configuration table (docs/operating.md) holds here as in the distributed start. `npm start`, the integration
// tests, the browser journeys and the benchmarks all start the platform through here.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { earlierDatabaseFolders, openSharedPglite, type SharedPglite } from '@learning/kit/data';
import { createInProcessBus, type Bus } from '@learning/kit/events';
import { createLogger } from '@learning/kit/observability';
import { loadConfig, runService, withoutEmpty, type RunningService } from '@learning/kit/service';
import { authEnv } from '../services/auth/src/config.js';
import { authService } from '../services/auth/src/service.js';
import type { AuthTables } from '../services/auth/src/tables.js';
import { catalogEnv } from '../services/catalog/src/config.js';
import { catalogService } from '../services/catalog/src/service.js';
import type { CatalogTables } from '../services/catalog/src/tables.js';
import { examEnv } from '../services/exam/src/config.js';
import { examService } from '../services/exam/src/service.js';
import type { ExamTables } from '../services/exam/src/tables.js';
import { filesDir, mediaEnv } from '../services/media/src/config.js';
import { mediaService } from '../services/media/src/service.js';
import type { MediaTables } from '../services/media/src/tables.js';
import { gatewayEnv } from '../gateway/src/config.js';
import { startGateway } from '../gateway/src/server.js';

export interface PlatformOptions {
  /** The settings of the configuration table (docs/operating.md), as a launcher reads them from its environment. */
  env: NodeJS.ProcessEnv;
  /** Keeps the embedded databases in memory and media's files in a temporary folder (tests). */
  inMemory?: boolean;
  /** Prefix of every service's schema and RabbitMQ names, so test runs on one server never meet. */
  schemaPrefix?: string;
  /** Runs once the services are up, before the gateway takes its port (npm start: the front-ends built, its starting page closed). */
  beforeGateway?: () => Promise<void>;
}

export interface Platform {
  url: string;
  services: { auth: RunningService<AuthTables>; catalog: RunningService<CatalogTables>; media: RunningService<MediaTables>; exam: RunningService<ExamTables> };
  /** Where media keeps its files. */
  mediaFilesDir: string;
  /** Lets the requests under way finish until `deadline` (cut at once without one), then stops everything. */
  close(deadline?: number): Promise<void>;
}

export async function startPlatform({ env: given, inMemory = false, schemaPrefix, beforeGateway }: PlatformOptions): Promise<Platform> {
  const env = withoutEmpty(given);
  // In memory, what the services would still write under DATA_DIR (auth's mails without SMTP) goes to a temporary folder.
  const temporaryDataDir = inMemory && !env.DATA_DIR ? await mkdtemp(join(tmpdir(), 'platform-')) : undefined;
  // PORT and HOST are the gateway's; the services listen on loopback, wherever the system puts them.
  const inside = { ...env, PORT: '0', HOST: '127.0.0.1', ...(temporaryDataDir ? { DATA_DIR: temporaryDataDir } : {}) };
  const bus: Bus | undefined = env.AMQP_URL ? undefined : createInProcessBus({ logger: createLogger('bus', env.LOG_LEVEL) });
  const authConfig = loadConfig(authEnv, inside);
  const sharedPglite = env.DATABASE_URL ? undefined : await openEmbeddedDatabase(inMemory ? null : authConfig.DATA_DIR, authConfig.LOG_LEVEL);
  const runtime = (service: string, logLevel: string) => ({
    logger: createLogger(service, logLevel),
    ...(bus ? { bus } : {}),
    ...(sharedPglite ? { sharedPglite } : {}),
    ...(inMemory ? { dataDir: null } : {}),
    // Each service in its own schema on one PostgreSQL, as each has alone; DATABASE_SCHEMA names one service's.
    schema: schemaPrefix ? `${schemaPrefix}_${service}` : service,
    ...(schemaPrefix ? { busNamespace: schemaPrefix } : {}),
  });

  const auth = await runService(authService(authConfig), authConfig, runtime('auth', authConfig.LOG_LEVEL));
  const behindAuth = { ...inside, AUTH_URL: auth.url };
  const catalogConfig = loadConfig(catalogEnv, behindAuth);
  const examConfig = loadConfig(examEnv, behindAuth);
  const temporaryFilesDir = inMemory && !env.MEDIA_FILES_DIR ? await mkdtemp(join(tmpdir(), 'media-')) : undefined;
  const mediaSettings = { ...behindAuth, ...(temporaryFilesDir ? { MEDIA_FILES_DIR: temporaryFilesDir } : {}) };
  // Media beside the gateway hands its files over and the gateway sends them from media's folder, as
  // nginx does in front of the distributed platform; unless an nginx is in front of this one
  // (MEDIA_ACCEL_REDIRECT set), or media keeps its files in S3 (MEDIA_STORAGE=s3), where no folder
  // holds them: then media sends their bytes itself.
  const handsFilesToGateway = !env.MEDIA_ACCEL_REDIRECT && loadConfig(mediaEnv, mediaSettings).MEDIA_STORAGE === 'disk';
  const mediaConfig = loadConfig(mediaEnv, { ...mediaSettings, ...(handsFilesToGateway ? { MEDIA_ACCEL_REDIRECT: mediaFilesLocation } : {}) });
  // Catalog and media need nothing of each other, only auth's keys, so they start together: their
  // migrations and broker declarations wait on the database and RabbitMQ rather than on each other.
  // The exam asks the catalog for accesses while RabbitMQ is away, so it starts once the catalog's
  // address is known.
  const catalogStarted = runService(catalogService(catalogConfig), catalogConfig, runtime('catalog', catalogConfig.LOG_LEVEL));
  const examStarted = catalogStarted.then((catalog) => {
    const behindCatalog = { ...examConfig, CATALOG_URL: catalog.url };
    return runService(examService(behindCatalog), behindCatalog, runtime('exam', examConfig.LOG_LEVEL));
  });
  const [catalog, exam, media] = await Promise.all([
    catalogStarted,
    examStarted,
    runService(mediaService(mediaConfig), mediaConfig, runtime('media', mediaConfig.LOG_LEVEL)),
  ]);
  const services = { auth, catalog, exam, media };

  await beforeGateway?.();
  const gatewayConfig = loadConfig(gatewayEnv, { ...env, AUTH_URL: auth.url, CATALOG_URL: catalog.url, MEDIA_URL: media.url, EXAM_URL: exam.url });
  const mediaFiles = handsFilesToGateway ? { location: mediaFilesLocation, dir: filesDir(mediaConfig) } : undefined;
  const databaseDump = sharedPglite && !inMemory ? () => sharedPglite.dump() : undefined;
  const gateway = await startGateway(gatewayConfig, createLogger('gateway', gatewayConfig.LOG_LEVEL), { mediaFiles, databaseDump });

  return {
    url: gateway.url,
    services,
    mediaFilesDir: filesDir(mediaConfig),
    async close(deadline) {
      // The gateway first, so the requests it is finishing still reach the services; the shared bus
      // once no service relays to it, so its consumers finish the event in hand; the databases last.
      await gateway.close(deadline);
      await Promise.all(Object.values(services).map((service) => service.drain(deadline)));
      await bus?.close();
      await Promise.all(Object.values(services).map((service) => service.close()));
      await sharedPglite?.close();
      if (temporaryFilesDir) await rm(temporaryFilesDir, { recursive: true, force: true });
      if (temporaryDataDir) await rm(temporaryDataDir, { recursive: true, force: true });
    },
  };
}

const servicesWithDatabases = ['auth', 'catalog', 'media', 'exam'];

/** The internal location media names when it hands a file over to the gateway beside it; never reachable from outside. */
const mediaFilesLocation = '/media-files/';

/** The services' one embedded database: `<dataDir>/platform`, or in memory when `dataDir` is null. */
async function openEmbeddedDatabase(dataDir: string | null, logLevel: string): Promise<SharedPglite> {
  if (dataDir) {
    const earlier = earlierDatabaseFolders(dataDir, servicesWithDatabases);
    if (earlier.length > 0) {
      createLogger('start', logLevel).warn(
        `${earlier.join(', ')}: databases of an earlier layout (one per service), no longer read; the platform now keeps every service's data ` +
          `in ${join(dataDir, 'platform')} and starts there afresh (the demo is seeded again). Delete the old folders when nothing in them is needed.`,
      );
    }
  }
  return openSharedPglite(dataDir && join(dataDir, 'platform'));
}
