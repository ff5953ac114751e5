// Runs the gateway alone (the distributed mode): reads the environment, listens, stops on a signal.
import { createLogger } from '@learning/kit/observability';
import { loadConfig, stopDeadline, stopOnSignals } from '@learning/kit/service';
import { gatewayEnv } from './config.js';
import { startGateway } from './server.js';

const config = loadConfig(gatewayEnv);
const logger = createLogger('gateway', config.LOG_LEVEL);
if (!config.PAYLOAD_SECRET) logger.warn('PAYLOAD_SECRET is not set: JSON payloads are sent unencrypted.');
const gateway = await startGateway(config, logger);
stopOnSignals(logger, () => gateway.close(stopDeadline()));
