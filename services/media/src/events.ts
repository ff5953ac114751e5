// What media consumes: auth's `user.registered`, so the administrator's read-aloud list shows
// learners' emails (tokens carry only the user's id), and `user.deleted`, which takes a learner's
// recordings away. What it publishes, through the outbox in the transaction of each change:
// `video.published` and `video.deleted` (videos.ts), `aloud.recorded` (alouds.ts).
import { applyOnce, applyUserRegistered, subscribe, type ServiceContext, type Subscription } from '@learning/kit';
import { forgetRecordingsOf } from './alouds.js';
import type { Files } from './files.js';
import { removeBytes } from './stored-files.js';
import type { MediaTables } from './tables.js';

export function mediaSubscriptions(context: ServiceContext<MediaTables>, files: Files): Subscription[] {
  return [
    subscribe('user.registered', applyOnce(context.db, applyUserRegistered)),
    subscribe('user.deleted', async (event) => {
      let keys: string[] = [];
      await applyOnce(context.db, async (trx) => {
        keys = await forgetRecordingsOf(trx, event.data.userId);
      })(event);
      await removeBytes(files.storage, keys);
    }),
  ];
}
