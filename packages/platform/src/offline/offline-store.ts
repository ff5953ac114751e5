// This browser's own record of what a learner keeps offline, in IndexedDB (through idb): the days
// downloaded, and the progress reports waiting for a connection. The downloaded files themselves sit
// in the Cache Storage cache `offline-days`, where the service worker answers them from.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { catalog } from '@learning/contracts';

/** What a downloaded day plays offline: the audio-only rendition, or the 360p picture with its sound. */
export type DownloadChoice = 'audio' | '360p';

/** A day downloaded by one learner: what the offline player and the "Татаж авсан" list need, with no call. */
export interface DownloadedDay {
  /** `{userId}:{videoId}`. */
  key: string;
  userId: string;
  monsterplanId: string;
  planName: string;
  week: number;
  video: catalog.PlanVideo;
  choice: DownloadChoice;
  /** The offline addresses the service worker answers: the playlist the player opens, the WebVTT, the read-aloud PDF. */
  playlist: string;
  subtitles: string | null;
  aloudPdf: string | null;
  /** Every file kept, for its removal. */
  files: string[];
  bytes: number;
  downloadedAt: string;
}

/** A progress call that could not reach the server, sent again once the connection is back. */
export interface QueuedReport {
  /**
   * What a later report of the same thing replaces: a player's cumulative listening ranges, or a
   * video's latest dictation score, so the queue holds one report of each however long it is offline.
   */
  key: string;
  userId: string;
  method: 'POST' | 'PUT';
  path: string;
  /** The JSON body, as it would have gone. */
  body: string;
  /** The bearer token it was made with, for the service worker's Background Sync; a page sends its own. */
  authorization: string;
  queuedAt: string;
}

interface OfflineSchema extends DBSchema {
  days: { key: string; value: DownloadedDay; indexes: { byUser: string } };
  reports: { key: string; value: QueuedReport };
}

export const offlineDatabaseName = 'learning-offline';
export const offlineFilesCache = 'offline-days';

let database: Promise<IDBPDatabase<OfflineSchema>> | null = null;

export function offlineDatabase(): Promise<IDBPDatabase<OfflineSchema>> {
  database ??= openDB<OfflineSchema>(offlineDatabaseName, 1, {
    upgrade(db) {
      const days = db.createObjectStore('days', { keyPath: 'key' });
      days.createIndex('byUser', 'userId');
      db.createObjectStore('reports', { keyPath: 'key' });
    },
  }).catch((error: unknown) => {
    database = null;
    throw error;
  });
  return database;
}

/** Whether this browser can keep a day at all: IndexedDB, Cache Storage and a service worker to answer from them. */
export function canKeepOffline(): boolean {
  return typeof indexedDB !== 'undefined' && typeof caches !== 'undefined' && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}
