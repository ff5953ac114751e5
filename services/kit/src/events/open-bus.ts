// Picks the bus a service runs on: the process's shared bus (all-in-one mode), RabbitMQ when
// AMQP_URL is set, else an in-process bus of its own.
import type { Bus } from './bus.js';
import { createInProcessBus } from './in-process-bus.js';
import type { Logger } from '../observability/logger.js';
import { connectRabbitBus } from './rabbit-bus.js';

export interface OpenBusOptions {
  amqpUrl?: string | undefined;
  logger: Logger;
  shared?: Bus | undefined;
  /** The RabbitMQ exchange; tests give each run its own. */
  exchange?: string | undefined;
}

export async function openBus({ amqpUrl, logger, shared, exchange }: OpenBusOptions): Promise<Bus> {
  if (shared) return shared;
  if (amqpUrl) return connectRabbitBus({ url: amqpUrl, logger, ...(exchange ? { exchange } : {}) });
  return createInProcessBus({ logger });
}
