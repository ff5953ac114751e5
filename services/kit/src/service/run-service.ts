// Runs one service: opens its database and the bus, relays its outbox, consumes its events,
// verifies tokens and listens. The same code runs a service alone or beside the others in one process.
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Migration } from 'kysely/migration';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { createServiceApp } from '../http/app.js';
import type { Bus, EventHandler } from '../events/bus.js';
import { openDatabase, type Db } from '../data/db.js';
import { watchEvents } from '../events/event-metrics.js';
import { checkConsumedTypes, eventQueuesOf, subscriberName } from '../events/event-queues.js';
import { stoppable } from './graceful-stop.js';
import { listen } from '../http/http-server.js';
import { createLogger } from '../observability/logger.js';
import { createMetrics } from '../observability/metrics.js';
import { openBus } from '../events/open-bus.js';
import { deleteOldOutboxRows, startOutboxRelay } from '../events/outbox.js';
import { applyRevocations, revocationCheck, revocationsAnswer, revocationsPath, revocationSubscription } from '../auth/revocations.js';
import { startInternalPoll, type InternalPoll } from '../http/internal-poll.js';
import type { SharedPglite } from '../data/shared-pglite.js';
import type { Subscription } from '../events/subscriptions.js';
import { authenticate, createTokenVerifier, remoteKeys, type KeySource, type VerifyToken } from '../auth/tokens.js';
import { labelActiveSpan } from '../observability/tracing.js';
import { transaction, type Trx } from '../data/unit-of-work.js';

export interface ServiceContext<Tables> {
  name: string;
  db: Db<Tables>;
  bus: Bus;
  logger: Logger;
  verifyToken: VerifyToken;
  /** Runs a change in one transaction; the events it records are relayed once it has committed. */
  transaction<Result>(change: (trx: Trx<Tables>) => Promise<Result>): Promise<Result>;
}

export interface ServiceDefinition<Tables> {
  name: string;
  migrations: Record<string, Migration>;
  /** Whether this service is where revocations are made (auth): the others ask it for them. */
  servesRevocations?: boolean;
  /** Where the token keys come from; by default the auth service's JWKS. */
  keys?: (db: Db<Tables>) => Promise<KeySource>;
  /** Runs once the database is migrated, before the service listens. */
  start?: (context: ServiceContext<Tables>) => Promise<void>;
  /** Runs when the service closes, before its bus and database do: stops what `start` began (timers). */
  stop?: (context: ServiceContext<Tables>) => Promise<void>;
  subscriptions?: (context: ServiceContext<Tables>) => Subscription[];
  routes: (app: Express, context: ServiceContext<Tables>) => void;
}

export interface ServiceConfig {
  PORT: number;
  HOST: string;
  DATABASE_URL?: string | undefined;
  DATABASE_SCHEMA?: string | undefined;
  DATABASE_POOL_SIZE?: number;
  DATA_DIR: string;
  AMQP_URL?: string | undefined;
  AUTH_URL: string;
  TOKEN_ISSUER: string;
  TOKEN_AUDIENCE: string;
  /** What a caller of /metrics presents; unset, only this machine may ask. */
  METRICS_TOKEN?: string | undefined;
  /** What a service presents to another's /internal calls; unset, those answer only this machine. */
  INTERNAL_TOKEN?: string | undefined;
  /** How often revocations are asked of auth while on RabbitMQ (5 s unless given); 0 never. */
  REVOCATION_POLL_SECONDS?: number | undefined;
}

export interface RuntimeOptions {
  /** A bus shared by every service of this process (the all-in-one mode). */
  bus?: Bus;
  logger?: Logger;
  /** Database schema; tests use a fresh one. */
  schema?: string;
  /** `null` keeps an embedded database in memory (tests). */
  dataDir?: string | null;
  /** The embedded database the services of this process share, each in its own schema (the all-in-one mode). */
  sharedPglite?: SharedPglite;
  /**
   * Keeps this run's events apart on a shared RabbitMQ (tests): the exchange becomes
   * `<namespace>.events` and the service's queue `<namespace>.<service>.events`.
   */
  busNamespace?: string;
}

export interface RunningService<Tables> {
  url: string;
  context: ServiceContext<Tables>;
  /**
   * Takes no new requests and lets those under way finish until `deadline` (cut at once without
   * one), then stops what makes work of its own: `stop`'s timers and the outbox relay (what is left
   * in the outbox is relayed on the next start). Consumers and the database stay until `close`, so a
   * launcher whose services share one bus closes it in between.
   */
  drain(deadline?: number): Promise<void>;
  /** Drains, then closes the bus (its consumers finish the event in hand) and, last, the database. */
  close(deadline?: number): Promise<void>;
}

export async function runService<Tables>(
  definition: ServiceDefinition<Tables>,
  config: ServiceConfig,
  options: RuntimeOptions = {},
): Promise<RunningService<Tables>> {
  const logger = options.logger ?? createLogger(definition.name);
  const db = await openDatabase<Tables>({
    service: definition.name,
    databaseUrl: config.DATABASE_URL,
    dataDir: options.dataDir === undefined ? config.DATA_DIR : options.dataDir,
    migrations: definition.migrations,
    schema: options.schema ?? config.DATABASE_SCHEMA,
    sharedPglite: config.DATABASE_URL ? undefined : options.sharedPglite,
    ...(config.DATABASE_POOL_SIZE ? { poolSize: config.DATABASE_POOL_SIZE } : {}),
  });
  const namespace = options.busNamespace;
  const bus = await openBus({
    amqpUrl: config.AMQP_URL,
    logger,
    shared: options.bus,
    exchange: namespace && `${namespace}.events`,
  });
  // Every consumer's queue exists before this service publishes, so its first events wait for
  // consumers that have never run (a fresh broker) instead of being dropped by the exchange.
  await bus.declareQueues(eventQueuesOf(namespace));
  const keys = definition.keys ? await definition.keys(db) : remoteKeys(new URL('/v1/auth/jwks', config.AUTH_URL).href);
  const verifyToken = createTokenVerifier({
    keys,
    issuer: config.TOKEN_ISSUER,
    audience: config.TOKEN_AUDIENCE,
    isRevoked: revocationCheck(db),
  });
  const context: ServiceContext<Tables> = {
    name: definition.name,
    db,
    bus,
    logger,
    verifyToken,
    transaction: (change) => transaction(db, change),
  };

  try {
    await definition.start?.(context);
  } catch (error) {
    // Nothing runs yet but the connections: a service that cannot start leaves nothing behind.
    if (!options.bus) await bus.close();
    await db.destroy();
    throw error;
  }
  // Relayed from here: what `start` recorded (a demo seeded) is in the outbox, published by the first pass.
  const relay = startOutboxRelay({ db, bus, logger });
  // Published events stay a week for inspection, then go; the outbox would otherwise grow for ever.
  const housekeeping = setInterval(() => {
    deleteOldOutboxRows(db, 7).catch((error: unknown) => logger.warn({ err: error }, 'outbox clean-up failed'));
  }, 60 * 60 * 1000).unref();
  const revocationPoll = pollRevocations(definition, config, db, logger);
  const subscriptions = [revocationSubscription(db), ...(definition.subscriptions?.(context) ?? [])];
  const consumedTypes = [...new Set(subscriptions.flatMap(({ types }) => types))];
  checkConsumedTypes(definition.name, consumedTypes);
  const metrics = createMetrics({ service: definition.name, token: config.METRICS_TOKEN });
  const subscriber = subscriberName(definition.name, namespace);
  const eventMetrics = watchEvents({ service: definition.name, db, bus, subscriber, logger });
  // One subscription: the queue, declared with every type, is consumed only once every handler is there.
  await bus.subscribe(subscriber, consumedTypes, eventMetrics.measureLag(handleEach(definition.name, subscriptions)));

  let isStopping = () => false;
  const app = createServiceApp({
    service: definition.name,
    logger,
    metrics,
    isReady: async () => !isStopping() && (await sql`select 1`.execute(db), true),
    routes: (express) => {
      express.use(authenticate(verifyToken));
      definition.routes(express, context);
    },
  });
  const server = await listen(app, { port: config.PORT, host: config.HOST });
  const serving = stoppable(server, logger);
  isStopping = serving.isStopping;
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}`;
  logger.info({ url, database: config.DATABASE_URL ? 'postgresql' : 'pglite', bus: config.AMQP_URL ? 'rabbitmq' : 'in-process' }, `${definition.name} listening`);

  let draining: Promise<void> | undefined;
  const drain = (deadline?: number) =>
    (draining ??= (async () => {
      await serving.stop(deadline);
      clearInterval(housekeeping);
      await definition.stop?.(context);
      await revocationPoll?.stop();
      await relay.stop();
    })());
  return {
    url,
    context,
    drain,
    async close(deadline) {
      await drain(deadline);
      if (!options.bus) await bus.close();
      eventMetrics.stop();
      await db.destroy();
    },
  };
}

/**
 * Revocations come as events, which wait while RabbitMQ is away; so a service on RabbitMQ also asks
 * auth for them every few seconds and a revoked token stops working whatever the broker's state. On
 * the in-process bus the events cannot wait, and auth asks no one.
 */
function pollRevocations<Tables>(definition: ServiceDefinition<Tables>, config: ServiceConfig, db: Db<Tables>, logger: Logger): InternalPoll | undefined {
  const intervalMs = internalPollInterval(config);
  if (definition.servesRevocations || intervalMs === undefined) return undefined;
  return startInternalPoll({
    url: new URL(revocationsPath, config.AUTH_URL).href,
    token: config.INTERNAL_TOKEN,
    intervalMs,
    answer: revocationsAnswer,
    apply: (answer) => applyRevocations(db, answer),
    what: 'revocations from auth',
    logger,
  });
}

/**
 * How often a service asks another's /internal call for what its events carry (REVOCATION_POLL_SECONDS:
 * the revocations of tokens and of accesses alike); undefined when it should not ask: on the
 * in-process bus, where events cannot wait, or when the setting is 0.
 */
export function internalPollInterval(config: Pick<ServiceConfig, 'AMQP_URL' | 'REVOCATION_POLL_SECONDS'>): number | undefined {
  const seconds = config.REVOCATION_POLL_SECONDS ?? 5;
  return config.AMQP_URL && seconds > 0 ? seconds * 1000 : undefined;
}

/** Hands an event to every subscription whose types include it, one after another. */
function handleEach(service: string, subscriptions: Subscription[]): EventHandler {
  return async (event) => {
    labelActiveSpan(service);
    for (const { types, handler } of subscriptions) {
      if ((types as readonly string[]).includes(event.type)) await handler(event);
    }
  };
}
