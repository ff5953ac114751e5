// The uploads' conversions (ffmpeg's mp3 of a recording, a video's poster frame) share one bounded
// pool per media instance, so a burst of uploads cannot take every core from the rest of the
// platform. Each owner (a learner, the administrator) has a line of its own: one owner's
// conversions run one at a time, and the pool takes the owners' next conversions first come, first
// served, so one learner's six recordings do not hold the others' back. The transcoding of videos
// into HLS ladders has its own bound (MEDIA_TRANSCODE_CONCURRENCY) and is not counted here.
import { availableParallelism } from 'node:os';
import { sharedMetric } from '@learning/kit/observability';
import pLimit, { type Limit } from 'p-limit';
import { Gauge } from 'prom-client';

export interface ConversionPool {
  /** Runs `conversion` once the owner's earlier conversions are done and the pool has a place. */
  run<T>(owner: string, conversion: () => Promise<T>): Promise<T>;
  readonly running: number;
  /** Conversions sent and not yet started: in their owner's line or the pool's. */
  readonly waiting: number;
  readonly size: number;
}

/** Half the cores, at least one: the other half stays with the requests and the ladders. */
export function defaultConversions(): number {
  return Math.max(1, Math.floor(availableParallelism() / 2));
}

const pools = new Set<ConversionPool>();

export function createConversionPool(size: number): ConversionPool {
  const pool = pLimit(size);
  const lines = new Map<string, Limit>();
  let waiting = 0;
  const conversions: ConversionPool = {
    run(owner, conversion) {
      let line = lines.get(owner);
      if (!line) lines.set(owner, (line = pLimit(1)));
      const ownLine = line;
      waiting += 1;
      return ownLine(() =>
        pool(async () => {
          waiting -= 1;
          return conversion();
        }),
      ).finally(() => {
        if (ownLine.activeCount === 0 && ownLine.pendingCount === 0) lines.delete(owner);
      });
    },
    get running() {
      return pool.activeCount;
    },
    get waiting() {
      return waiting;
    },
    size,
  };
  watchConversions(conversions);
  return conversions;
}

/** `media_conversions_running` and `media_conversions_waiting` at /metrics, summed over the process's pools. */
function watchConversions(conversions: ConversionPool): void {
  pools.add(conversions);
  const gauge = (name: string, help: string, count: (pool: ConversionPool) => number) =>
    sharedMetric(
      name,
      (registers) =>
        new Gauge({
          name,
          help,
          registers,
          collect() {
            this.set([...pools].reduce((sum, pool) => sum + count(pool), 0));
          },
        }),
    );
  gauge('media_conversions_running', "Uploads' conversions (ffmpeg) running now; at most MEDIA_CONVERSIONS.", (pool) => pool.running);
  gauge('media_conversions_waiting', "Uploads' conversions waiting for a place in the pool.", (pool) => pool.waiting);
  gauge('media_conversions_size', 'MEDIA_CONVERSIONS: conversions one media instance runs at once.', (pool) => pool.size);
}

/** Forgets the pool's counts (the service stopped). */
export function unwatchConversions(conversions: ConversionPool): void {
  pools.delete(conversions);
}
