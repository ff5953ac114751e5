// Runs the auth service alone (the distributed mode).
import { createLogger } from '@learning/kit/observability';
import { exitWhenDataFolderInUse, loadConfig, runService, stopDeadline, stopOnSignals } from '@learning/kit/service';
import { authEnv } from './config.js';
import { authService } from './service.js';

const config = loadConfig(authEnv);
const logger = createLogger('auth', config.LOG_LEVEL);
const service = await runService(authService(config), config, { logger }).catch(exitWhenDataFolderInUse(logger));
stopOnSignals(logger, () => service.close(stopDeadline()));
