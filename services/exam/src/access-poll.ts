// Asks the catalog every few seconds for the accesses changed since its last answer, so that a
// revoked access stops the learner's exam while the catalog's access events wait for the broker.
// An answer goes through the events' own `applyAccess`: the newest version wins, whichever came first.
import { catalog } from '@learning/contracts';
import { startInternalPoll, type InternalPoll } from '@learning/kit/http';
import { internalPollInterval, type ServiceContext } from '@learning/kit/service';
import type { ExamConfig } from './config.js';
import { applyAccess } from './learners.js';
import type { ExamTables } from './tables.js';

/** Started on RabbitMQ only, every REVOCATION_POLL_SECONDS as the revocations are; undefined otherwise. */
export function pollAccesses(context: ServiceContext<ExamTables>, config: ExamConfig): InternalPoll | undefined {
  const intervalMs = internalPollInterval(config);
  if (intervalMs === undefined) return undefined;
  return startInternalPoll({
    url: new URL(catalog.accessesPath, config.CATALOG_URL).href,
    token: config.INTERNAL_TOKEN,
    intervalMs,
    answer: catalog.accessesAnswer,
    // A transaction per learner, as an event's: a long answer (a start's) holds no learner's lock for long.
    apply: async ({ accesses }) => {
      for (const { userId, access } of accesses) await context.transaction((trx) => applyAccess(trx, userId, access));
    },
    what: 'accesses from the catalog',
    logger: context.logger,
  });
}
