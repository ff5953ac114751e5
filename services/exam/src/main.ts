// Runs the exam service alone (the distributed mode).
import { createLogger } from '@learning/kit/observability';
import { exitWhenDataFolderInUse, loadConfig, runService, stopDeadline, stopOnSignals } from '@learning/kit/service';
import { examEnv } from './config.js';
import { examService } from './service.js';

const config = loadConfig(examEnv);
const logger = createLogger('exam', config.LOG_LEVEL);
const service = await runService(examService(config), config, { logger }).catch(exitWhenDataFolderInUse(logger));
stopOnSignals(logger, () => service.close(stopDeadline()));
