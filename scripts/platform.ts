// The whole platform in one process: every service on its own loopback port, each in its own schema
// of one database (one embedded PGlite under <DATA_DIR>/platform, or DATABASE_URL), one bus
// (in-process, or RabbitMQ when AMQP_URL is set) and the gateway in front. Each reads its settings
// from the same environment through its own validated config, exactly as it does alone, so the
// configuration table (docs/operating.md) holds here as in the distributed start. `npm start`, the integration
// tests, the browser journeys and the benchmarks all start the platform through here. With
// `instances` above one, each service and the gateway run that many times behind nginx, on what
// production's instances share (the journeys' two-of-everything mode).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { earlierDatabaseFolders, openSharedPglite, type SharedPglite } from '@learning/kit/data';
import { createInProcessBus, type Bus } from '@learning/kit/events';
import { createLogger } from '@learning/kit/observability';
import { freePorts } from '@learning/kit/http';
import { loadConfig, runService, stopDeadline, withoutEmpty, type RunningService } from '@learning/kit/service';
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
import { startGateway, type RunningGateway } from '../gateway/src/server.js';
import { startBalancer, type Balancer } from './balancer.js';
import { requireWhatInstancesShare } from './instances.js';

type Settings = Record<string, string>;

export interface PlatformOptions {
  /** The settings of the configuration table (docs/operating.md), as a launcher reads them from its environment. */
  env: NodeJS.ProcessEnv;
  /** Keeps the embedded databases in memory and media's files in a temporary folder (tests). */
  inMemory?: boolean;
  /** Prefix of every service's schema and RabbitMQ names, so test runs on one server never meet. */
  schemaPrefix?: string;
  /** Runs once the services are up, before the gateway takes its port (npm start: the front-ends built, its starting page closed). */
  beforeGateway?: () => Promise<void>;
  /**
   * How many instances of each service and of the gateway (1 unless given). More than one run behind
   * nginx (scripts/balancer.ts) and share what production shares: PostgreSQL, RabbitMQ, Redis and S3.
   */
  instances?: number;
}

export type Deployable = 'auth' | 'catalog' | 'media' | 'exam' | 'gateway';

export interface Platform {
  url: string;
  /** Each service's first instance. */
  services: { auth: RunningService<AuthTables>; catalog: RunningService<CatalogTables>; media: RunningService<MediaTables>; exam: RunningService<ExamTables> };
  /** Where media keeps its files. */
  mediaFilesDir: string;
  /**
   * Restarts each instance of a deployable in turn through its graceful stop, with `settings` on top
   * of its own from then on (a release). Behind nginx the others answer meanwhile; a lone instance
   * is away while it restarts.
   */
  rollOut(deployable: Deployable, settings?: NodeJS.ProcessEnv): Promise<void>;
  /** Lets the requests under way finish until `deadline` (cut at once without one), then stops everything. */
  close(deadline?: number): Promise<void>;
}

export async function startPlatform({ env: given, inMemory = false, schemaPrefix, beforeGateway, instances = 1 }: PlatformOptions): Promise<Platform> {
  const env = withoutEmpty(given);
  const isBalanced = instances > 1;
  if (isBalanced) requireWhatInstancesShare(env);
  // In memory, what the services would still write under DATA_DIR (auth's mails without SMTP) goes to a temporary folder.
  const temporaryDataDir = inMemory && !env.DATA_DIR ? await mkdtemp(join(tmpdir(), 'platform-')) : undefined;
  // Several instances are reached through nginx. Every port is chosen first, so nginx is given them
  // all at once; it starts once auth's instances are up, before any other service asks auth for its keys.
  const ports = isBalanced ? await balancedPorts(env, instances) : undefined;
  const listeners = ports?.listeners;
  // PORT and HOST are the gateway's; the services listen on loopback, wherever the system puts them.
  const inside: Settings = {
    ...env,
    PORT: '0',
    HOST: '127.0.0.1',
    ...(temporaryDataDir ? { DATA_DIR: temporaryDataDir } : {}),
    ...(listeners ? Object.fromEntries(serviceNames.map((name) => [urlSettingOf(name), `http://127.0.0.1:${listeners[name]}`])) : {}),
  };
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
  const temporaryFilesDir = inMemory && !env.MEDIA_FILES_DIR ? await mkdtemp(join(tmpdir(), 'media-')) : undefined;
  const withFiles = (settings: Settings) => ({ ...settings, ...(temporaryFilesDir ? { MEDIA_FILES_DIR: temporaryFilesDir } : {}) });
  // Media beside the gateway hands its files over and the gateway sends them from media's folder, as
  // nginx does in front of the distributed platform; unless an nginx is in front of this one
  // (MEDIA_ACCEL_REDIRECT set), or media keeps its files in S3 (MEDIA_STORAGE=s3), where no folder
  // holds them: then media sends their bytes itself.
  const handsFilesToGateway = !env.MEDIA_ACCEL_REDIRECT && loadConfig(mediaEnv, withFiles(inside)).MEDIA_STORAGE === 'disk';
  const mediaConfigOf = (settings: Settings) =>
    loadConfig(mediaEnv, { ...withFiles(settings), ...(handsFilesToGateway ? { MEDIA_ACCEL_REDIRECT: mediaFilesLocation } : {}) });
  const mediaFiles = handsFilesToGateway ? { location: mediaFilesLocation, dir: filesDir(mediaConfigOf(inside)) } : undefined;
  const databaseDump = sharedPglite && !inMemory ? () => sharedPglite.dump() : undefined;

  // How each deployable starts, on its settings: a restart passes the port it listened on.
  const starts = {
    auth: (settings: Settings) => {
      const config = loadConfig(authEnv, settings);
      return runService(authService(config), config, runtime('auth', config.LOG_LEVEL));
    },
    catalog: (settings: Settings) => {
      const config = loadConfig(catalogEnv, settings);
      return runService(catalogService(config), config, runtime('catalog', config.LOG_LEVEL));
    },
    exam: (settings: Settings) => {
      const config = loadConfig(examEnv, settings);
      return runService(examService(config), config, runtime('exam', config.LOG_LEVEL));
    },
    media: (settings: Settings) => {
      const config = mediaConfigOf(settings);
      return runService(mediaService(config), config, runtime('media', config.LOG_LEVEL));
    },
    gateway: (settings: Settings) => {
      const config = loadConfig(gatewayEnv, settings);
      return startGateway(config, createLogger('gateway', config.LOG_LEVEL), { mediaFiles, databaseDump });
    },
  };

  const balanced = ports?.instances;
  let balancer: Balancer | undefined;
  const startBalancerNow = async () => {
    balancer = await startBalancer({
      workDir: await mkdtemp(join(tmpdir(), 'balancer-')),
      gateway: { port: listeners!.gateway, instances: balanced!.gateway.map(loopbackUrl) },
      services: Object.fromEntries(serviceNames.map((name) => [name, { port: listeners![name], instances: balanced![name].map(loopbackUrl) }])),
      mediaFilesDir: filesDir(mediaConfigOf(inside)),
    });
  };
  const running = balanced
    ? await startInstances(starts, balanced, inside, { ...env, ...inside, TRUST_PROXY: env.TRUST_PROXY ?? 'loopback' }, startBalancerNow, beforeGateway).catch(async (error: unknown) => {
        await balancer?.stop();
        throw error;
      })
    : await startOneOfEach(starts, inside, env, beforeGateway);
  const services = { auth: running.auth[0]!, catalog: running.catalog[0]!, exam: running.exam[0]!, media: running.media[0]! };
  const settingsOf = { ...running.settings };

  /** Stops an instance through its graceful stop and starts it again on its port. */
  async function restart(deployable: Deployable, index: number, changed: Settings) {
    const instance = running[deployable][index]!;
    settingsOf[deployable] = { ...settingsOf[deployable], ...changed };
    await instance.close(stopDeadline());
    const started = await (starts[deployable] as (settings: Settings) => Promise<typeof instance>)({ ...settingsOf[deployable], PORT: new URL(instance.url).port });
    (running[deployable] as Array<typeof instance>)[index] = started;
    if (index === 0 && deployable !== 'gateway') Object.assign(services, { [deployable]: started });
  }

  return {
    url: balancer?.url ?? running.gateway[0]!.url,
    services,
    mediaFilesDir: filesDir(mediaConfigOf(inside)),
    async rollOut(deployable, settings = {}) {
      const changed = withoutEmpty(settings);
      if (balancer) await balancer.rollOut(deployable, (index) => restart(deployable, index, changed));
      else await restart(deployable, 0, changed);
    },
    async close(deadline) {
      // The gateways first, so the requests they are finishing still reach the services; the shared
      // bus once no service relays to it, so its consumers finish the event in hand; the databases,
      // then nginx, whose relayed connections end with the services.
      await Promise.all(running.gateway.map((gateway) => gateway.close(deadline)));
      const all: Array<{ drain(deadline?: number): Promise<void>; close(): Promise<void> }> = [...running.auth, ...running.catalog, ...running.media, ...running.exam];
      await Promise.all(all.map((service) => service.drain(deadline)));
      await bus?.close();
      await Promise.all(all.map((service) => service.close()));
      await sharedPglite?.close();
      await balancer?.stop();
      if (temporaryFilesDir) await rm(temporaryFilesDir, { recursive: true, force: true });
      if (temporaryDataDir) await rm(temporaryDataDir, { recursive: true, force: true });
    },
  };
}

type Starts = {
  auth(settings: Settings): Promise<RunningService<AuthTables>>;
  catalog(settings: Settings): Promise<RunningService<CatalogTables>>;
  exam(settings: Settings): Promise<RunningService<ExamTables>>;
  media(settings: Settings): Promise<RunningService<MediaTables>>;
  gateway(settings: Settings): Promise<RunningGateway>;
};

/** Every instance started, by deployable, with the settings each deployable was started on. */
interface Running {
  auth: RunningService<AuthTables>[];
  catalog: RunningService<CatalogTables>[];
  exam: RunningService<ExamTables>[];
  media: RunningService<MediaTables>[];
  gateway: RunningGateway[];
  settings: Record<Deployable, Settings>;
}

/** One of each, each service wired to the others' own addresses as they become known. */
async function startOneOfEach(starts: Starts, inside: Settings, env: Settings, beforeGateway: (() => Promise<void>) | undefined): Promise<Running> {
  const auth = await starts.auth(inside);
  const behindAuth = { ...inside, AUTH_URL: auth.url };
  // Catalog and media need nothing of each other, only auth's keys, so they start together: their
  // migrations and broker declarations wait on the database and RabbitMQ rather than on each other.
  // The exam asks the catalog for accesses while RabbitMQ is away, so it starts once the catalog's
  // address is known.
  const catalogStarted = starts.catalog(behindAuth);
  const examSettings = catalogStarted.then((catalog) => ({ ...behindAuth, CATALOG_URL: catalog.url }));
  const [catalog, exam, media] = await Promise.all([catalogStarted, examSettings.then(starts.exam), starts.media(behindAuth)]);
  await beforeGateway?.();
  const gatewaySettings = { ...env, AUTH_URL: auth.url, CATALOG_URL: catalog.url, MEDIA_URL: media.url, EXAM_URL: exam.url };
  const gateway = await starts.gateway(gatewaySettings);
  return {
    auth: [auth],
    catalog: [catalog],
    exam: [exam],
    media: [media],
    gateway: [gateway],
    settings: { auth: inside, catalog: behindAuth, exam: await examSettings, media: behindAuth, gateway: gatewaySettings },
  };
}

/**
 * The instances on their ports, every one wired to nginx's listeners, in the order of the one-of-each
 * start: auth, nginx (`afterAuth`), catalog and media, the exam once the catalog answers, the
 * gateways. Each service's first instance migrates its schema before the service's others start.
 */
async function startInstances(
  starts: Starts,
  ports: Record<Deployable, number[]>,
  inside: Settings,
  gatewaySettings: Settings,
  afterAuth: () => Promise<void>,
  beforeGateway: (() => Promise<void>) | undefined,
): Promise<Running> {
  const several = async <Instance>(start: (settings: Settings) => Promise<Instance>, [first, ...others]: number[], settings: Settings) => {
    const started = await start({ ...settings, PORT: String(first) });
    return [started, ...(await Promise.all(others.map((port) => start({ ...settings, PORT: String(port) }))))];
  };
  const auth = await several(starts.auth, ports.auth, inside);
  await afterAuth();
  const catalogStarted = several(starts.catalog, ports.catalog, inside);
  const [catalog, exam, media] = await Promise.all([
    catalogStarted,
    catalogStarted.then(() => several(starts.exam, ports.exam, inside)),
    several(starts.media, ports.media, inside),
  ]);
  await beforeGateway?.();
  const gateway = await Promise.all(ports.gateway.map((port) => starts.gateway({ ...gatewaySettings, PORT: String(port) })));
  return { auth, catalog, exam, media, gateway, settings: { auth: inside, catalog: inside, exam: inside, media: inside, gateway: gatewaySettings } };
}

const serviceNames = ['auth', 'catalog', 'media', 'exam'] as const;
const urlSettingOf = (service: string) => `${service.toUpperCase()}_URL`;

const loopbackUrl = (port: number) => `http://127.0.0.1:${port}`;

/**
 * nginx's ports, the platform's (PORT, unless 0) in front of the gateways and one per service, and
 * each instance's, `count` of each deployable: all distinct.
 */
async function balancedPorts(env: Settings, count: number): Promise<{ listeners: Record<Deployable, number>; instances: Record<Deployable, number[]> }> {
  const deployables: Deployable[] = ['gateway', ...serviceNames];
  const ports = await freePorts(deployables.length * (count + 1));
  const given = Number(env.PORT ?? 8080);
  const listeners = Object.fromEntries(deployables.map((name, index) => [name, ports[index]!])) as Record<Deployable, number>;
  if (given !== 0) listeners.gateway = given;
  const instances = Object.fromEntries(
    deployables.map((name, index) => [name, ports.slice(deployables.length + index * count, deployables.length + (index + 1) * count)]),
  ) as Record<Deployable, number[]>;
  return { listeners, instances };
}

/** The internal location media names when it hands a file over to the gateway beside it; never reachable from outside. */
const mediaFilesLocation = '/media-files/';

/** The services' one embedded database: `<dataDir>/platform`, or in memory when `dataDir` is null. */
async function openEmbeddedDatabase(dataDir: string | null, logLevel: string): Promise<SharedPglite> {
  if (dataDir) {
    const earlier = earlierDatabaseFolders(dataDir, [...serviceNames]);
    if (earlier.length > 0) {
      createLogger('start', logLevel).warn(
        `${earlier.join(', ')}: databases of an earlier layout (one per service), no longer read; the platform now keeps every service's data ` +
          `in ${join(dataDir, 'platform')} and starts there afresh (the demo is seeded again). Delete the old folders when nothing in them is needed.`,
      );
    }
  }
  return openSharedPglite(dataDir && join(dataDir, 'platform'));
}
