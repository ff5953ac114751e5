// What the pages keep for a learner without a connection: days downloaded for offline listening,
// and progress that waits to be sent.
export {
  downloadDay,
  downloadOptions,
  keptUntil,
  DownloadRefused,
  offlinePrefix,
  type DayToDownload,
  type DownloadOption,
  type DownloadProgress,
} from './day-downloads';
export { canKeepOffline, type DownloadChoice, type DownloadedDay } from './offline-store';
export { sendQueuedProgress, startSendingQueuedProgress } from './queued-progress';
export { downloadsKey, useCanDownload, useDownloadedDays, useKeepOnlyValidDownloads, useOfflineKeeping, useRemoveDownload } from './useDownloads';
