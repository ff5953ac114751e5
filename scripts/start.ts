// `npm start`: the whole platform on http://localhost:8080 from one command. Embedded defaults
// (PGlite under .data/, the in-process bus); PostgreSQL and RabbitMQ when DATABASE_URL and AMQP_URL are set.
import { createLogger } from '@learning/kit';
import { buildFrontEndsThatNeedIt } from './front-ends.js';
import { announceAdministrator, settingsOrExit } from './launch-settings.js';
import { startPlatform } from './platform.js';

const logger = createLogger('start');
const { settings, notes } = settingsOrExit(process.env, logger);

if (!settings.STATIC_DIR) buildFrontEndsThatNeedIt(logger);

const platform = await startPlatform({ env: settings });
logger.info(`The platform is running on ${platform.url.replace('0.0.0.0', 'localhost')}`);
announceAdministrator(notes, logger);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    logger.info('stopping');
    void platform.close().then(() => process.exit(0));
  });
}
