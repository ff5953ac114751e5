// Progress heard or scored without a connection: a listening report or a dictation score that could
// not reach the server waits in IndexedDB and is sent when the connection returns. The service
// worker sends it on Background Sync where the browser has it (this module is bundled into the
// worker too, as /offline-progress.js); every page sends what waits when it loads and when the
// browser comes back online. The server counts a report once however often it comes: listening is
// a set of heard ranges, merged, and a dictation score replaces the one before.
import { offlineDatabase, type QueuedReport } from './offline-store';

export const progressSyncTag = 'progress-reports';

/** Keeps a report until it can be sent, in place of an earlier one of the same key. */
export async function queueReport(report: Omit<QueuedReport, 'queuedAt'>): Promise<void> {
  const db = await offlineDatabase();
  await db.put('reports', { ...report, queuedAt: new Date().toISOString() });
  await askForBackgroundSync();
}

/** The reports waiting, oldest first. */
export async function queuedReports(): Promise<QueuedReport[]> {
  const reports = await (await offlineDatabase()).getAll('reports');
  return reports.sort((one, other) => one.queuedAt.localeCompare(other.queuedAt));
}

/**
 * Answers the server gives a report that will never change by sending it again: it is dropped (an
 * access revoked meanwhile, a video removed). A refused token, a busy or failing server keep it.
 */
function isSettled(status: number): boolean {
  return (status >= 200 && status < 300) || (status >= 400 && status < 500 && ![401, 408, 429].includes(status));
}

export interface FlushResult {
  sent: number;
  waiting: number;
}

let flushing: Promise<FlushResult> | null = null;

/**
 * Sends the waiting reports, in order, each with the authorization `authorizationFor` gives it (none:
 * left waiting). Stops at the first that cannot reach the server. One flush at a time in a context.
 */
export function flushReports(authorizationFor: (report: QueuedReport) => string | null): Promise<FlushResult> {
  flushing ??= sendWaiting(authorizationFor).finally(() => {
    flushing = null;
  });
  return flushing;
}

async function sendWaiting(authorizationFor: (report: QueuedReport) => string | null): Promise<FlushResult> {
  const db = await offlineDatabase();
  const reports = await queuedReports();
  let sent = 0;
  for (const report of reports) {
    const authorization = authorizationFor(report);
    if (!authorization) continue;
    let status: number;
    try {
      const response = await fetch(report.path, {
        method: report.method,
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization },
        body: report.body,
      });
      status = response.status;
    } catch {
      break;
    }
    if (!isSettled(status)) continue;
    // A newer report of the same key may have come while this one was on its way: only this one goes.
    const stored = await db.get('reports', report.key);
    if (stored?.queuedAt === report.queuedAt) await db.delete('reports', report.key);
    sent += 1;
  }
  return { sent, waiting: (await db.count('reports')) };
}

async function askForBackgroundSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
  await sync?.register(progressSyncTag).catch(() => undefined);
}
