// What media consumes: auth's `user.registered`, so the administrator's read-aloud list shows
// learners' emails (tokens carry only the user's id), and `user.deleted`, which takes a learner's
// recordings away; and its own `video.uploaded`, which wakes the transcoding worker (the job's row,
// written with the upload, is the work; a redelivery finds it taken or done). What it publishes,
// through the outbox in the transaction of each change: `video.published` and `video.deleted`
// (videos.ts), `aloud.recorded` (alouds.ts), `video.uploaded` (transcoding-queue.ts) and
// `video.transcoded` (transcoding.ts).
import { applyOnce, keepLearnerEmail, subscribe, type Subscription } from '@learning/kit/events';
import type { ServiceContext } from '@learning/kit/service';
import { forgetRecordingsOf } from './alouds.js';
import type { Files } from './files.js';
import { removeBytes } from './stored-files.js';
import type { MediaTables } from './tables.js';
import type { Transcoder } from './transcoding.js';

export function mediaSubscriptions(context: ServiceContext<MediaTables>, files: Files, transcoder: Transcoder): Subscription[] {
  return [
    subscribe('user.registered', applyOnce(context.db, (trx, event) => keepLearnerEmail(trx, 'learner', event))),
    subscribe('user.deleted', async (event) => {
      let keys: string[] = [];
      await applyOnce(context.db, async (trx) => {
        keys = await forgetRecordingsOf(trx, event.data.userId);
      })(event);
      await removeBytes(files.storage, keys);
    }),
    subscribe('video.uploaded', async (event) => {
      await applyOnce(context.db, async () => undefined)(event);
      transcoder.wake();
    }),
  ];
}
