// Runs the media service alone (the distributed mode).
import { createLogger } from '@learning/kit/observability';
import { exitWhenDataFolderInUse, loadConfig, runService, stopDeadline, stopOnSignals } from '@learning/kit/service';
import { mediaEnv } from './config.js';
import { mediaService } from './service.js';

const config = loadConfig(mediaEnv);
const logger = createLogger('media', config.LOG_LEVEL);
const service = await runService(mediaService(config), config, { logger }).catch(exitWhenDataFolderInUse(logger));
stopOnSignals(logger, () => service.close(stopDeadline()));
