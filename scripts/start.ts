// `npm start`: the whole platform on http://localhost:8080 from one command. Embedded defaults
// (PGlite under .data/, the in-process bus); PostgreSQL and RabbitMQ when DATABASE_URL and AMQP_URL are set.
import { createLogger } from '@learning/kit/observability';
import { exitWhenDataFolderInUse, loadConfig, stopDeadline, stopOnSignals } from '@learning/kit/service';
import { gatewayEnv } from '../gateway/src/config.js';
import { answerStartingOn } from '../gateway/src/starting.js';
import { buildFrontEndsThatNeedIt } from './front-ends.js';
import { announceWhereToGo, settingsOrExit } from './launch-settings.js';
import { startPlatform } from './platform.js';

const logger = createLogger('start');
const { settings, notes } = settingsOrExit(process.env, logger);

// Until the gateway listens, its port answers a starting page; the front-ends build while the services start.
const { PORT, HOST } = loadConfig(gatewayEnv, settings);
const starting = PORT === 0 ? undefined : await answerStartingOn({ port: PORT, host: HOST });
const building = settings.STATIC_DIR ? Promise.resolve() : buildFrontEndsThatNeedIt(logger);
// Awaited once the services are up; a failed build is reported then, not as an unhandled rejection.
building.catch(() => undefined);

const platform = await startPlatform({
  env: settings,
  beforeGateway: async () => {
    await building;
    await starting?.close();
  },
}).catch(exitWhenDataFolderInUse(logger));
logger.info('The platform is running.');
announceWhereToGo(platform.url.replace('127.0.0.1', 'localhost').replace('0.0.0.0', 'localhost'), notes, logger);
// The start's garbage (migrations, the demo's seeding, the builds' output) collected once, as V8 may
// leave it for a long time in an idle process (bench/start measures idle memory; npm start passes --expose-gc).
setTimeout(() => (globalThis as { gc?: () => void }).gc?.(), 3000).unref();

stopOnSignals(logger, () => platform.close(stopDeadline()));
