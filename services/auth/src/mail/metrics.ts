// The mail queue in /metrics: how many mails wait, were sent and failed (read from the queue when
// Prometheus asks), how old the oldest waiting one is, and each sending attempt's outcome.
import type { Db } from '@learning/kit/data';
import { sharedMetric, type Logger } from '@learning/kit/observability';
import { Counter, Gauge } from 'prom-client';
import type { AuthTables } from '../tables.js';
import { countMailsByState, oldestWaitingAgeSeconds } from './queue.js';

type AuthDb = Db<AuthTables>;

/** The auth instances of this process whose queues the gauges read (tests run several). */
const watched = new Map<AuthDb, Logger>();

async function eachQueue<T>(read: (db: AuthDb) => Promise<T>): Promise<T[]> {
  const answers = await Promise.all(
    [...watched].map(async ([db, logger]) => {
      try {
        return [await read(db)];
      } catch (error) {
        logger.debug({ err: error }, 'the mail queue could not be read for /metrics');
        return [];
      }
    }),
  );
  return answers.flat();
}

function mailMetrics() {
  return {
    messages: sharedMetric(
      'mail_messages',
      (registers) =>
        new Gauge({
          name: 'mail_messages',
          help: 'Mails in the queue by state: waiting (to be sent or tried again), sent and failed (kept 30 days).',
          labelNames: ['state'],
          registers,
          async collect() {
            this.reset();
            const counts = await eachQueue(countMailsByState);
            for (const state of ['waiting', 'sent', 'failed'] as const) this.set({ state }, counts.reduce((sum, count) => sum + count[state], 0));
          },
        }),
    ),
    oldestWaiting: sharedMetric(
      'mail_oldest_waiting_age_seconds',
      (registers) =>
        new Gauge({
          name: 'mail_oldest_waiting_age_seconds',
          help: 'How long the oldest mail not yet sent has waited; 0 when none waits.',
          registers,
          async collect() {
            this.set(Math.max(0, ...(await eachQueue(oldestWaitingAgeSeconds))));
          },
        }),
    ),
    attempts: sharedMetric(
      'mail_send_attempts_total',
      (registers) =>
        new Counter({
          name: 'mail_send_attempts_total',
          help: 'Attempts to send a mail, by outcome: sent, retried (the SMTP server did not take it; it waits) or failed (given up).',
          labelNames: ['outcome'],
          registers,
        }),
    ),
  };
}

export function watchMailQueue(db: AuthDb, logger: Logger): { count(outcome: 'sent' | 'retried' | 'failed'): void; stop(): void } {
  const { attempts } = mailMetrics();
  watched.set(db, logger);
  return {
    count: (outcome) => attempts.inc({ outcome }),
    stop: () => void watched.delete(db),
  };
}
