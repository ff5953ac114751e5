// Runs the catalog service alone (the distributed mode).
import { createLogger, loadConfig, runService } from '@learning/kit';
import { catalogEnv } from './config.js';
import { catalogService } from './service.js';

const config = loadConfig(catalogEnv);
const logger = createLogger('catalog', config.LOG_LEVEL);
const service = await runService(catalogService(config), config, { logger });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void service.close().then(() => process.exit(0)));
