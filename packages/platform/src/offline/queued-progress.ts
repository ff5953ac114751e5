// The page's side of the offline progress queue (progress-queue.ts): a report that could not reach
// the server is queued under the signed-in learner, and what waits is sent with the page's own
// token when the page loads and when the browser comes back online.
import { tokenStore, tokenSubject } from '../token';
import { canKeepOffline, offlineDatabase, type QueuedReport } from './offline-store';
import { flushReports, queueReport, type FlushResult } from './progress-queue';

/** Queues a progress call of the signed-in learner; false without one, or where IndexedDB is missing. */
export async function queueOffline(report: Pick<QueuedReport, 'key' | 'method' | 'path' | 'body'>): Promise<boolean> {
  const token = tokenStore.get();
  const userId = tokenSubject(token);
  if (!token || !userId || typeof indexedDB === 'undefined') return false;
  await queueReport({ ...report, userId, authorization: `Bearer ${token}` });
  return true;
}

/** A report that reached the server after all: its queued copy need not go. */
export async function forgetQueued(key: string): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await (await offlineDatabase()).delete('reports', key);
}

/** Sends the signed-in learner's waiting reports with the page's token; another learner's stay for them. */
export function sendQueuedProgress(): Promise<FlushResult> {
  const token = tokenStore.get();
  const userId = tokenSubject(token);
  return flushReports((report) => (token && report.userId === userId ? `Bearer ${token}` : null));
}

/** Sends what waits now and each time the browser comes back online; the returned function stops it. */
export function startSendingQueuedProgress(): () => void {
  if (!canKeepOffline()) return () => undefined;
  const send = () => void sendQueuedProgress().catch(() => undefined);
  send();
  window.addEventListener('online', send);
  return () => window.removeEventListener('online', send);
}
