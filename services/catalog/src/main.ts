// Runs the catalog service alone (the distributed mode).
import { createLogger } from '@learning/kit/observability';
import { exitWhenDataFolderInUse, loadConfig, runService, stopDeadline, stopOnSignals } from '@learning/kit/service';
import { catalogEnv } from './config.js';
import { catalogService } from './service.js';

const config = loadConfig(catalogEnv);
const logger = createLogger('catalog', config.LOG_LEVEL);
const service = await runService(catalogService(config), config, { logger }).catch(exitWhenDataFolderInUse(logger));
stopOnSignals(logger, () => service.close(stopDeadline()));
