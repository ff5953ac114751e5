// Whether media's store can take files, for the operator: a warning at start when it cannot, and
// `media_store_can_take_files` (1 or 0) at /metrics, asked of the store at each scrape. Not readiness:
// a store that stumbles fails uploads and plays, while the lists, the exam and sign-in go on; a 503
// from media's /readyz would take the whole gateway out of its load balancer.
import { sharedMetric, type Logger } from '@learning/kit/observability';
import { Gauge } from 'prom-client';
import type { FileStorage } from './storage.js';

const watched = new Set<FileStorage>();

/** Warns now if the store cannot take files, and reports it at each scrape until the returned function is called. */
export async function watchStore(storage: FileStorage, logger: Logger, described: string): Promise<() => void> {
  sharedMetric(
    'media_store_can_take_files',
    (registers) =>
      new Gauge({
        name: 'media_store_can_take_files',
        help: "Whether media's store can take files (disk: its folder there and writable; S3: HeadBucket answers within 3 s): 1 or 0, asked at each scrape.",
        registers,
        async collect() {
          const answers = await Promise.all([...watched].map((store) => store.canTakeFiles()));
          this.set(answers.every(Boolean) ? 1 : 0);
        },
      }),
  );
  watched.add(storage);
  if (!(await storage.canTakeFiles())) logger.warn(`media's store (${described}) cannot take files: uploads and plays will fail until it can.`);
  return () => watched.delete(storage);
}
