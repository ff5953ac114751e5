// How the services' events are doing, for /metrics: what each outbox has not relayed yet, what each
// consumer dead-lettered, and how long events took from occurring to being handled. The gauges are
// read when Prometheus asks, from every service this process runs, not kept up to date by timers.
import { Gauge, Histogram, type LabelValues } from 'prom-client';
import type { Bus, EventHandler } from './bus.js';
import { kitTables, type AnyDb } from '../data/db.js';
import type { Logger } from '../observability/logger.js';
import { sharedMetric } from '../observability/metrics.js';

export interface EventMetricsOptions {
  /** The service: its outbox's `service` label, and its consumer's `consumer` label. */
  service: string;
  db: AnyDb;
  bus: Bus;
  /** Its subscriber on the bus (under a test run's namespace when it has one). */
  subscriber: string;
  logger: Logger;
}

export interface EventMetrics {
  /** Wraps the consumer's handler: each event it handles is observed with its lag since it occurred. */
  measureLag(handler: EventHandler): EventHandler;
  /** Leaves the service out of the gauges (it closes). */
  stop(): void;
}

const watched = new Set<EventMetricsOptions>();

/**
 * Sets a gauge per watched service from `read`. A service whose database or broker does not answer is
 * left out of this scrape (absent, not 0), rather than failing the others'.
 */
async function setEach<Label extends string>(gauge: Gauge<Label>, label: Label, read: (source: EventMetricsOptions) => Promise<number>) {
  gauge.reset();
  await Promise.all(
    [...watched].map(async (source) => {
      try {
        gauge.set({ [label]: source.service } as LabelValues<Label>, await read(source));
      } catch (error) {
        source.logger.debug({ err: error, label }, 'an event metric could not be read');
      }
    }),
  );
}

const unrelayed = (db: AnyDb) => kitTables(db).selectFrom('outbox').where('published_at', 'is', null);

function eventMetrics() {
  return {
    backlog: sharedMetric(
      'outbox_backlog_events',
      (registers) =>
        new Gauge({
          name: 'outbox_backlog_events',
          help: "Events recorded in the service's outbox and not yet relayed to the bus.",
          labelNames: ['service'],
          registers,
          async collect() {
            await setEach(this, 'service', async ({ db }) => {
              const { count } = await unrelayed(db)
                .select((eb) => eb.fn.countAll<string>().as('count'))
                .executeTakeFirstOrThrow();
              return Number(count);
            });
          },
        }),
    ),
    oldestAge: sharedMetric(
      'outbox_oldest_unrelayed_age_seconds',
      (registers) =>
        new Gauge({
          name: 'outbox_oldest_unrelayed_age_seconds',
          help: 'How long ago the oldest event not yet relayed occurred; 0 when the outbox has none.',
          labelNames: ['service'],
          registers,
          async collect() {
            await setEach(this, 'service', async ({ db }) => {
              const { oldest } = await unrelayed(db)
                .select((eb) => eb.fn.min('occurred_at').as('oldest'))
                .executeTakeFirstOrThrow();
              return oldest ? Math.max(0, (Date.now() - new Date(oldest).getTime()) / 1000) : 0;
            });
          },
        }),
    ),
    deadLetters: sharedMetric(
      'event_dead_letters',
      (registers) =>
        new Gauge({
          name: 'event_dead_letters',
          help: "Events in the consumer's dead-letter queue (RabbitMQ: waiting there now; in-process bus: dead-lettered since start). Absent while the broker is unreachable.",
          labelNames: ['consumer'],
          registers,
          async collect() {
            await setEach(this, 'consumer', ({ bus, subscriber }) => bus.deadLetterCount(subscriber));
          },
        }),
    ),
    lag: sharedMetric(
      'event_lag_seconds',
      (registers) =>
        new Histogram({
          name: 'event_lag_seconds',
          help: 'From an event occurring (its occurredAt) to its consumer having handled it, by consumer and event type.',
          labelNames: ['consumer', 'type'],
          buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800, 3600],
          registers,
        }),
    ),
  };
}

export function watchEvents(source: EventMetricsOptions): EventMetrics {
  const { lag } = eventMetrics();
  watched.add(source);
  return {
    measureLag(handler) {
      return async (event) => {
        await handler(event);
        const seconds = (Date.now() - Date.parse(event.occurredAt)) / 1000;
        if (Number.isFinite(seconds)) lag.observe({ consumer: source.service, type: event.type }, Math.max(0, seconds));
      };
    },
    stop() {
      watched.delete(source);
    },
  };
}
