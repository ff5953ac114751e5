// `npm run start:distributed`: each service and the gateway as its own process, as in production.
// Events cross processes, so AMQP_URL is required; DATABASE_URL is used when set (each service in
// its own schema), else each service keeps its own embedded database under DATA_DIR.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createLogger } from '@learning/kit/observability';
import { cutRequestsSettleMs, stopGraceMs } from '@learning/kit/service';
import { announceWhereToGo, settingsOrExit, type Settings } from './launch-settings.js';
import { supervise } from './supervisor.js';

const logger = createLogger('start-distributed');
const root = fileURLToPath(new URL('..', import.meta.url));
if (!process.env.AMQP_URL) {
  logger.error('AMQP_URL is required in the distributed mode: events between processes go through RabbitMQ.');
  process.exit(1);
}

const { settings, notes } = settingsOrExit(process.env, logger);
// Said before the processes' own lines, as this launcher does not wait for them to be ready.
announceWhereToGo(`http://localhost:${settings.PORT ?? '8080'}`, notes, logger);

const defaultPorts = { auth: 4001, catalog: 4002, media: 4003, exam: 4004 } as const;
const urlSettingOf = (service: string) => `${service.toUpperCase()}_URL`;
// Each service listens on the port of its URL, given (AUTH_URL…) or on this machine by default.
const serviceUrls = Object.fromEntries(
  Object.entries(defaultPorts).map(([name, port]) => [urlSettingOf(name), settings[urlSettingOf(name)] ?? `http://127.0.0.1:${port}`]),
);

const deployables: Array<{ name: string; entry: string; env: Settings }> = [
  ...Object.keys(defaultPorts).map((name) => ({ name, entry: `services/${name}/src/main.ts`, env: { PORT: portOf(serviceUrls[urlSettingOf(name)]!) } })),
  { name: 'gateway', entry: 'gateway/src/main.ts', env: { PORT: settings.PORT ?? '8080' } },
];

/** The port of a service's plain `http://` URL. */
function portOf(url: string): string {
  return new URL(url).port || '80';
}

/** Each child drains on SIGTERM (the kit's stopOnSignals); one that has not gone by then is killed. */
const childStopMs = stopGraceMs + cutRequestsSettleMs + 5000;

function startDeployable({ name, entry, env }: (typeof deployables)[number]) {
  return spawn(process.execPath, ['--import', 'tsx', '--import', '@learning/kit/tracing-register', entry], {
    cwd: root,
    // Each process's spans name it (the resource's service.name).
    env: { ...settings, ...serviceUrls, OTEL_SERVICE_NAME: name, ...env },
    stdio: 'inherit',
    // Its own process group: Ctrl-C reaches this launcher alone, which stops the gateway first.
    detached: true,
  });
}

// A deployable that exits is started again, until Ctrl-C or SIGTERM stops them all.
const supervisor = supervise(Object.fromEntries(deployables.map((deployable) => [deployable.name, () => startDeployable(deployable)])), logger);

let isStopping = false;
async function stopAll() {
  if (isStopping) return;
  isStopping = true;
  // The gateway first, so the requests it is finishing still reach the services behind it.
  await supervisor.stop(childStopMs, ['gateway']);
  await supervisor.stop(childStopMs);
  process.exit(0);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // Ctrl-C again: every deployable stops at once (the kit's stopOnSignals).
    if (isStopping && signal === 'SIGINT') for (const child of supervisor.children.values()) child.kill('SIGINT');
    void stopAll();
  });
}
