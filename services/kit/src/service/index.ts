// A process's life, for a service and the gateway alike: its configuration from the environment,
// running a service from its definition, and stopping without breaking the requests under way.
export { ConfigError, loadConfig, serviceEnv, withoutEmpty } from './config.js';
export { exitWhenDataFolderInUse } from './data-folder-in-use.js';
export { startRounds, type Rounds } from './rounds.js';
export { cutRequestsSettleMs, idleConnectionsLeftMs, stopDeadline, stopGraceMs, stopOnSignals, stoppable } from './graceful-stop.js';
export { internalPollInterval, runService, type RunningService, type ServiceContext, type ServiceDefinition } from './run-service.js';
