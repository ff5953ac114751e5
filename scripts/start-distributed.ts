// `npm run start:distributed`: each service and the gateway as its own process, as in production.
// Events cross processes, so AMQP_URL is required; DATABASE_URL is used when set (each service in
// its own schema), else each service keeps its own embedded database under DATA_DIR.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createLogger } from '@learning/kit';
import { announceAdministrator, settingsOrExit, type Settings } from './launch-settings.js';

const logger = createLogger('start-distributed');
const root = fileURLToPath(new URL('..', import.meta.url));
if (!process.env.AMQP_URL) {
  logger.error('AMQP_URL is required in the distributed mode: events between processes go through RabbitMQ.');
  process.exit(1);
}

const { settings, notes } = settingsOrExit(process.env, logger);
announceAdministrator(notes, logger);

const services = { auth: 4001, catalog: 4002, media: 4003, exam: 4004 } as const;
const serviceUrls = Object.fromEntries(Object.entries(services).map(([name, port]) => [`${name.toUpperCase()}_URL`, `http://127.0.0.1:${port}`]));

const deployables: Array<{ name: string; entry: string; env: Settings }> = [
  ...Object.entries(services).map(([name, port]) => ({ name, entry: `services/${name}/src/main.ts`, env: { PORT: String(port) } })),
  { name: 'gateway', entry: 'gateway/src/main.ts', env: { PORT: settings.PORT ?? '8080' } },
];

const children: ChildProcess[] = deployables.map(({ name, entry, env }) => {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...settings, ...serviceUrls, ...env },
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    logger.error({ code, signal }, `${name} stopped; stopping the others`);
    stopAll(code ?? 1);
  });
  return child;
});

let stopping = false;
function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stopAll(0));
