// The bus's topology (eventQueues in packages/contracts): every service declares every consumer's
// queue before its outbox relay publishes, so on a fresh broker the catalog may start and publish
// before auth has ever run, and auth still applies those events.
import { eventQueues } from '@learning/contracts';
import { kitTables, type AnyDb } from '@learning/kit/data';
import { createInProcessBus, type Bus } from '@learning/kit/events';
import { createLogger } from '@learning/kit/observability';
import { loadConfig, runService } from '@learning/kit/service';
import { authEnv } from '../../services/auth/src/config.js';
import { authService } from '../../services/auth/src/service.js';
import { catalogEnv } from '../../services/catalog/src/config.js';
import { catalogService } from '../../services/catalog/src/service.js';
import { deleteBusNamespace, dropSchemas, eventually, startTestPlatform, testTokenSigningKey, uniqueSuffix } from '@learning/testing';
import { freshVhost } from '@learning/testing/rabbitmq';

const amqpUrl = process.env.AMQP_URL || undefined;
const databaseUrl = process.env.DATABASE_URL || undefined;

interface FreshBroker {
  /** What runService needs to run on it: an AMQP_URL, or the in-process bus every service shares. */
  amqpUrl?: string | undefined;
  bus?: Bus;
  remove(): Promise<void>;
}

async function freshInProcessBus(): Promise<FreshBroker> {
  const bus = createInProcessBus({ logger: createLogger('bus', 'silent') });
  return { bus, remove: () => bus.close() };
}

async function freshRabbitMq(namespace: string): Promise<FreshBroker> {
  const vhost = await freshVhost(amqpUrl!);
  // Where rabbitmqctl cannot make a virtual host, the namespace no run used before is the fresh broker.
  if (vhost) return { amqpUrl: vhost.url, remove: vhost.remove };
  return { amqpUrl, remove: () => deleteBusNamespace(amqpUrl!, namespace, Object.keys(eventQueues)) };
}

type OpenBroker = (namespace: string) => Promise<FreshBroker>;
const brokers: [string, OpenBroker][] = [['in-process bus', freshInProcessBus], ...(amqpUrl ? [['RabbitMQ', freshRabbitMq] as [string, OpenBroker]] : [])];

describe.each(brokers)('the first start on a fresh %s', (_name, openBroker) => {
  const namespace = `first_start_${uniqueSuffix()}`;
  let broker: FreshBroker;
  const running: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    broker = await openBroker(namespace);
  });

  afterAll(async () => {
    for (const service of running.reverse()) await service.close();
    await broker.remove();
    if (databaseUrl) await dropSchemas(databaseUrl, namespace);
  });

  function runtime(service: 'auth' | 'catalog') {
    return {
      logger: createLogger(service, 'silent'),
      dataDir: null,
      schema: `${namespace}_${service}`,
      busNamespace: namespace,
      ...(broker.bus ? { bus: broker.bus } : {}),
    };
  }

  it('events the catalog published before auth ever ran are all applied by auth once it starts', async () => {
    const env = { PORT: '0', AMQP_URL: broker.amqpUrl, DATABASE_URL: databaseUrl, MAIL_LINK_SECRET: 'first-start-test-mail-link-secret', TOKEN_SIGNING_KEY: testTokenSigningKey() };
    const catalogConfig = loadConfig(catalogEnv, { ...env, SEED_DEMO: '1', MEDIA_SIGNING_SECRET: 'first-start-test-signing-secret', BANK_ACCOUNT_KEY: 'first-start-test-bank-account-key' });
    const catalog = await runService(catalogService(catalogConfig), catalogConfig, runtime('catalog'));
    running.push(catalog);
    // The demo seed's events: the first events of a new platform.
    const catalogOutbox = kitTables(catalog.context.db as AnyDb);
    await eventually(async () => {
      const waiting = await catalogOutbox.selectFrom('outbox').select('id').where('published_at', 'is', null).execute();
      return waiting.length === 0;
    }, 'the catalog has published its demo seed', 20_000);
    const forAuth: readonly string[] = eventQueues.auth;
    const published = (await catalogOutbox.selectFrom('outbox').select(['id', 'type']).execute()).filter((event) => forAuth.includes(event.type));
    expect(published.length).toBeGreaterThan(0);

    const authConfig = loadConfig(authEnv, env);
    const auth = await runService(authService(authConfig), authConfig, runtime('auth'));
    running.push(auth);
    const authInbox = kitTables(auth.context.db as AnyDb);
    const applied = async () => (await authInbox.selectFrom('inbox').select('event_id').execute()).map((event) => event.event_id);
    await eventually(async () => (await applied()).length >= published.length, 'auth has applied the catalog’s events', 20_000);
    expect((await applied()).sort()).toEqual(published.map((event) => event.id).sort());
  });
});

it('every service starts, so each consumes exactly what its queue in eventQueues binds, the kit’s own events included', async () => {
  // runService refuses a service whose subscriptions differ from its queue (kit/src/events/event-queues.ts).
  await expect(startTestPlatform().then((platform) => platform.close())).resolves.toBeUndefined();
  // Four services on embedded databases start in seconds alone, in more on two busy cores.
}, 60_000);
