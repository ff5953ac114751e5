// `npm start`: the whole platform on http://localhost:8080 from one command. Embedded defaults
// (PGlite under .data/, the in-process bus); PostgreSQL and RabbitMQ when DATABASE_URL and AMQP_URL are set.
import { createLogger, stopDeadline, stopOnSignals } from '@learning/kit';
import { buildFrontEndsThatNeedIt } from './front-ends.js';
import { announceAdministrator, settingsOrExit } from './launch-settings.js';
import { startPlatform } from './platform.js';

const logger = createLogger('start');
const { settings, notes } = settingsOrExit(process.env, logger);

if (!settings.STATIC_DIR) buildFrontEndsThatNeedIt(logger);

const platform = await startPlatform({ env: settings });
logger.info(`The platform is running on ${platform.url.replace('0.0.0.0', 'localhost')}`);
announceAdministrator(notes, logger);

stopOnSignals(logger, () => platform.close(stopDeadline()));
