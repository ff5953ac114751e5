// Runs the media service alone (the distributed mode).
import { createLogger, loadConfig, runService } from '@learning/kit';
import { mediaEnv } from './config.js';
import { mediaService } from './service.js';

const config = loadConfig(mediaEnv);
const logger = createLogger('media', config.LOG_LEVEL);
const service = await runService(mediaService(config), config, { logger });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void service.close().then(() => process.exit(0)));
