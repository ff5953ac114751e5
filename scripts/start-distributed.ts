// `npm run start:distributed`: each service and the gateway as its own process, as in production.
// Events cross processes, so AMQP_URL is required; DATABASE_URL is used when set (each service in
// its own schema), else each service keeps its own embedded database under DATA_DIR.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createLogger } from '@learning/kit/observability';
import { cutRequestsSettleMs, stopGraceMs } from '@learning/kit/service';
import { announceWhereToGo, settingsOrExit, type Settings } from './launch-settings.js';

const logger = createLogger('start-distributed');
const root = fileURLToPath(new URL('..', import.meta.url));
if (!process.env.AMQP_URL) {
  logger.error('AMQP_URL is required in the distributed mode: events between processes go through RabbitMQ.');
  process.exit(1);
}

const { settings, notes } = settingsOrExit(process.env, logger);
// Said before the processes' own lines, as this launcher does not wait for them to be ready.
announceWhereToGo(`http://localhost:${settings.PORT ?? '8080'}`, notes, logger);

const services = { auth: 4001, catalog: 4002, media: 4003, exam: 4004 } as const;
const serviceUrls = Object.fromEntries(Object.entries(services).map(([name, port]) => [`${name.toUpperCase()}_URL`, `http://127.0.0.1:${port}`]));

const deployables: Array<{ name: string; entry: string; env: Settings }> = [
  ...Object.entries(services).map(([name, port]) => ({ name, entry: `services/${name}/src/main.ts`, env: { PORT: String(port) } })),
  { name: 'gateway', entry: 'gateway/src/main.ts', env: { PORT: settings.PORT ?? '8080' } },
];

const children = new Map<string, ChildProcess>(
  deployables.map(({ name, entry, env }) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', '@learning/kit/tracing-register', entry], {
      cwd: root,
      // Each process's spans name it (the resource's service.name).
      env: { ...settings, ...serviceUrls, OTEL_SERVICE_NAME: name, ...env },
      stdio: 'inherit',
      // Its own process group: Ctrl-C reaches this launcher alone, which stops the gateway first.
      detached: true,
    });
    child.on('exit', (code, signal) => {
      if (stopping) return;
      logger.error({ code, signal }, `${name} stopped; stopping the others`);
      void stopAll(code ?? 1);
    });
    return [name, child] as const;
  }),
);

/** Each child drains on SIGTERM (the kit's stopOnSignals); one that has not gone by then is killed. */
const childStopMs = stopGraceMs + cutRequestsSettleMs + 5000;
let stopping = false;
async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  // The gateway first, so the requests it is finishing still reach the services behind it.
  await stopChild(children.get('gateway')!);
  await Promise.all([...children.values()].map(stopChild));
  process.exit(code);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killing = setTimeout(() => child.kill('SIGKILL'), childStopMs);
    child.once('exit', () => {
      clearTimeout(killing);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // Ctrl-C again: every deployable stops at once (the kit's stopOnSignals).
    if (stopping && signal === 'SIGINT') for (const child of children.values()) child.kill('SIGINT');
    void stopAll(0);
  });
}
