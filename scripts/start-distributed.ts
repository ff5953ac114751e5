// `npm run start:distributed`: each service and the gateway as its own process, as in production.
// Events cross processes, so AMQP_URL is required; DATABASE_URL is used when set (each service in
// its own schema), else each service keeps its own embedded database under DATA_DIR.
// `-- --instances N` runs N processes of each behind nginx (scripts/balancer.ts), sharing PostgreSQL,
// RabbitMQ, Redis and an S3-compatible store (`--instances 1`: one of each, behind nginx all the
// same); SIGHUP to the launcher then releases the platform again, one instance at a time, with no
// request lost.
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createLogger } from '@learning/kit/observability';
import { cutRequestsSettleMs, stopGraceMs } from '@learning/kit/service';
import { startBalancer, whenReady, type Balancer } from './balancer.js';
import { InstancesNeedSharedServices, requireWhatInstancesShare } from './instances.js';
import { announceWhereToGo, settingsOrExit } from './launch-settings.js';
import { supervise, type Supervisor } from './supervisor.js';

const logger = createLogger('start-distributed');
const root = fileURLToPath(new URL('..', import.meta.url));
if (!process.env.AMQP_URL) {
  logger.error('AMQP_URL is required in the distributed mode: events between processes go through RabbitMQ.');
  process.exit(1);
}
const given = parseArgs({ options: { instances: { type: 'string' } } }).values.instances;
const instances = Number(given ?? 1);
/** nginx in front of the deployables: whenever the instances are counted. */
const isBalanced = given !== undefined;
if (!Number.isInteger(instances) || instances < 1 || instances > 9) {
  logger.error('--instances takes a whole number from 1 to 9.');
  process.exit(1);
}

const { settings, notes } = settingsOrExit(process.env, logger);
if (instances > 1) {
  try {
    requireWhatInstancesShare(settings);
  } catch (error) {
    if (!(error instanceof InstancesNeedSharedServices)) throw error;
    logger.error(error.message);
    process.exit(1);
  }
}
const port = Number(settings.PORT ?? 8080);
// Said before the processes' own lines, as this launcher does not wait for them to be ready.
announceWhereToGo(`http://localhost:${port}`, notes, logger);

const defaultPorts = { auth: 4001, catalog: 4002, media: 4003, exam: 4004 } as const;
type Service = keyof typeof defaultPorts;
const urlSettingOf = (service: string) => `${service.toUpperCase()}_URL`;
// Each service is reached on the port of its URL, given (AUTH_URL…) or on this machine by default:
// the service itself, or nginx in front of its instances.
const serviceUrls = Object.fromEntries(
  Object.entries(defaultPorts).map(([name, port]) => [urlSettingOf(name), settings[urlSettingOf(name)] ?? `http://127.0.0.1:${port}`]),
);
const serviceNames = Object.keys(defaultPorts) as Service[];

interface Instance {
  /** `catalog`, or `catalog-2` among several. */
  name: string;
  deployable: Service | 'gateway';
  entry: string;
  port: number;
}

/**
 * Alone, each deployable listens where it is reached. Behind nginx, the Nth instance of a service
 * reached on port P listens on P + 100 × N (4101, 4201 for auth), the Nth gateway on PORT + N.
 */
function instancesOf(deployable: Service | 'gateway'): Instance[] {
  const entry = deployable === 'gateway' ? 'gateway/src/main.ts' : `services/${deployable}/src/main.ts`;
  const reachedOn = deployable === 'gateway' ? port : Number(portOf(serviceUrls[urlSettingOf(deployable)]!));
  if (!isBalanced) return [{ name: deployable, deployable, entry, port: reachedOn }];
  return Array.from({ length: instances }, (_, index) => ({
    name: `${deployable}-${index + 1}`,
    deployable,
    entry,
    port: deployable === 'gateway' ? reachedOn + index + 1 : reachedOn + 100 * (index + 1),
  }));
}

/** The port of a service's plain `http://` URL. */
function portOf(url: string): string {
  return new URL(url).port || '80';
}

/** Each child drains on SIGTERM (the kit's stopOnSignals); one that has not gone by then is killed. */
const childStopMs = stopGraceMs + cutRequestsSettleMs + 5000;

function startInstance({ deployable, entry, port }: Instance) {
  return spawn(process.execPath, ['--import', 'tsx', '--import', '@learning/kit/tracing-register', entry], {
    cwd: root,
    // Each process's spans name it (the resource's service.name).
    env: {
      ...settings,
      ...serviceUrls,
      OTEL_SERVICE_NAME: deployable,
      PORT: String(port),
      // nginx in front of the gateways relays the learners' addresses, which the rate limits count by.
      ...(isBalanced && deployable === 'gateway' ? { TRUST_PROXY: settings.TRUST_PROXY ?? 'loopback' } : {}),
    },
    stdio: 'inherit',
    // Its own process group: Ctrl-C reaches this launcher alone, which stops the gateway first.
    detached: true,
  });
}

const loopbackUrl = (instance: Instance) => `http://127.0.0.1:${instance.port}`;
const gateways = instancesOf('gateway');
// In the order the platform starts in: auth first, whose keys every other asks for; the exam once the
// catalog answers, as it asks the catalog for learners' accesses; the gateways last. Every
// deployable's instances are started again whenever they exit, until Ctrl-C or SIGTERM stops them all.
const startOrder: Array<Array<Service | 'gateway'>> = [['auth'], ['catalog', 'media'], ['exam'], ['gateway']];
const supervisors: Supervisor[] = [];

let balancer: Balancer | undefined;

// Set before the first process starts: a signal during the start stops what has started, rather
// than ending this launcher and leaving its processes (each in a group of its own) behind.
let isStopping = false;
let isStarted = false;
let releasing: Promise<void> | undefined;
/** Every instance restarted through its graceful stop, one at a time, each out of nginx meanwhile. */
async function release(): Promise<void> {
  for (const deployable of startOrder.flat()) {
    await balancer!.rollOut(deployable, async (index) => {
      const { name } = instancesOf(deployable)[index]!;
      const supervisor = supervisors.find((candidate) => candidate.children.has(name))!;
      await supervisor.restart(name, childStopMs);
    });
    logger.info({ deployable }, `${deployable} released`);
  }
  logger.info('release done: every instance was restarted');
}

async function stopAll() {
  if (isStopping) return;
  isStopping = true;
  await releasing?.catch(() => undefined);
  // The gateways first, so the requests they are finishing still reach the services behind them.
  const [gatewaysSupervisor] = supervisors.filter((supervisor) => gateways.some((gateway) => supervisor.children.has(gateway.name)));
  await gatewaysSupervisor?.stop(childStopMs);
  await Promise.all(supervisors.map((supervisor) => supervisor.stop(childStopMs)));
  await balancer?.stop();
  process.exit(0);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // Ctrl-C again: every deployable stops at once (the kit's stopOnSignals).
    if (isStopping && signal === 'SIGINT') for (const supervisor of supervisors) for (const child of supervisor.children.values()) child.kill('SIGINT');
    void stopAll();
  });
}
process.on('SIGHUP', () => {
  if (!balancer || instances < 2) return logger.warn('a release one instance at a time needs --instances 2 or more');
  if (!isStarted) return logger.warn('the platform is still starting: a release waits until it has started');
  if (releasing) return logger.warn('a release is under way');
  logger.info('release: restarting every instance, one at a time');
  releasing = release()
    .catch((error: unknown) => logger.error({ err: error }, 'release failed'))
    .finally(() => (releasing = undefined));
});

if (isBalanced) {
  const workDir = join(settings.DATA_DIR ?? '.data', 'balancer');
  await mkdir(workDir, { recursive: true });
  balancer = await startBalancer({
    workDir,
    gateway: { port, instances: gateways.map(loopbackUrl) },
    services: Object.fromEntries(serviceNames.map((name) => [name, { port: Number(portOf(serviceUrls[urlSettingOf(name)]!)), instances: instancesOf(name).map(loopbackUrl) }])),
    // Media keeps its files in S3 here: deploy/nginx.conf's /media-files/ is never asked.
    mediaFilesDir: workDir,
  });
}

for (const group of startOrder) {
  if (isStopping) break;
  const started = group.flatMap(instancesOf);
  supervisors.push(supervise(Object.fromEntries(started.map((instance) => [instance.name, () => startInstance(instance)])), logger));
  // Alone, each starts at once, as before; behind nginx the next group waits for this one to be ready,
  // so nginx never passes over an instance that a caller reached before it listened.
  if (balancer) {
    await Promise.all(started.map((instance) => whenReady(loopbackUrl(instance)))).catch((error: unknown) =>
      logger.error({ err: error }, 'an instance is not ready; starting the others all the same'),
    );
  }
}
isStarted = true;
if (balancer && !isStopping) logger.info(`${instances} of each deployable run behind nginx: kill -HUP ${process.pid} releases them again, one at a time`);

