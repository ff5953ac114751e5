// What media consumes: auth's `user.registered`, so the administrator's read-aloud list shows
// learners' emails (tokens carry only the user's id). What it publishes, through the outbox in the
// transaction of each change: `video.published` and `video.deleted` (videos.ts).
import { applyOnce, applyUserRegistered, type ServiceContext, type Subscription } from '@learning/kit';
import type { MediaTables } from './tables.js';

export function mediaSubscriptions(context: ServiceContext<MediaTables>): Subscription[] {
  return [{ types: ['user.registered'], handler: applyOnce(context.db, applyUserRegistered) }];
}
