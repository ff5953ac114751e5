// What the shell does on every page for what a learner keeps offline: once the server has said who
// the learner is and which plans they hold, downloads that may no longer be kept are removed (access
// revoked, or older than OFFLINE_DAYS); and progress heard offline is sent when the page loads and
// when the connection comes back.
import { startSendingQueuedProgress, useCurrentUser, useKeepOnlyValidDownloads } from '@learning/platform';
import { useEffect } from 'react';

export function OfflineKeeping() {
  const { user } = useCurrentUser();
  useKeepOnlyValidDownloads(user);
  const userId = user?._id;
  // A learner signing in finds what they heard offline sent too.
  useEffect(() => (userId ? startSendingQueuedProgress() : undefined), [userId]);
  return null;
}
