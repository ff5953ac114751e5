// Runs the auth service alone (the distributed mode).
import { createLogger, loadConfig, runService } from '@learning/kit';
import { authEnv } from './config.js';
import { authService } from './service.js';

const config = loadConfig(authEnv);
const logger = createLogger('auth', config.LOG_LEVEL);
const service = await runService(authService(config), config, { logger });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void service.close().then(() => process.exit(0)));
