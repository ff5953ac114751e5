// A plan day downloaded for offline listening: the chosen rendition of its video's HLS ladder (the
// audio alone, or the 360p picture with its sound), its subtitles and its read-aloud PDF, fetched
// through the day's signed addresses while they are valid and kept in Cache Storage under addresses
// of their own (`/offline/{userId}/{videoId}/…`), which only the service worker answers. The signed
// addresses stay as short-lived as online: the copy is what lasts, never the signature.
import type { catalog } from '@learning/contracts';
import { callHeaders } from '../api';
import { canKeepOffline, offlineDatabase, offlineFilesCache, type DownloadChoice, type DownloadedDay } from './offline-store';
import { estimatedBytes, mediaPlaylistOf, renditionsOf, type Rendition } from './playlists';

export const offlinePrefix = '/offline/';

/** One way to download a day, with its size before it starts. */
export interface DownloadOption {
  choice: DownloadChoice;
  rendition: string;
  /** The rendition playlist's signed address, and its files', absolute. */
  playlistUrl: string;
  playlist: string;
  fileUrls: string[];
  seconds: number;
  estimatedBytes: number;
}

/** Why a day cannot be downloaded; the page says it in Mongolian. */
export class DownloadRefused extends Error {
  override name = 'DownloadRefused';
  constructor(readonly reason: 'not-ready' | 'unavailable' | 'no-space') {
    super(reason);
  }
}

/**
 * The ways this day's video can be downloaded: audio only and 360p, when its ladder holds them (a
 * source lower than 360p has its own lowest picture rung). A video whose ladder is not made yet
 * (an MP4 address) has none.
 */
export async function downloadOptions(playUrl: string, signal?: AbortSignal): Promise<DownloadOption[]> {
  const masterUrl = new URL(playUrl, location.href);
  if (!/\.m3u8$/i.test(masterUrl.pathname)) throw new DownloadRefused('not-ready');
  // The folder of the video's ladder, where the master playlist is.
  const ladder = new URL('.', masterUrl).href;
  const renditions = renditionsOf(await fetchText(masterUrl.href, signal));
  const audio = renditions.find((rendition) => rendition.name === 'audio');
  const picture = renditions.find((rendition) => rendition.name === '360p') ?? renditions.find((rendition) => rendition.name !== 'audio');
  const chosen: Array<[DownloadChoice, Rendition | undefined]> = [['audio', audio], ['360p', picture]];
  const options: DownloadOption[] = [];
  for (const [choice, rendition] of chosen) {
    if (!rendition) continue;
    const playlistUrl = withinLadder(rendition.playlist, masterUrl, ladder);
    const playlist = await fetchText(playlistUrl, signal);
    const { files, seconds } = mediaPlaylistOf(playlist);
    options.push({
      choice,
      rendition: rendition.name,
      playlistUrl,
      playlist,
      fileUrls: files.map((file) => withinLadder(file, new URL(playlistUrl), ladder)),
      seconds,
      estimatedBytes: estimatedBytes(rendition, seconds),
    });
  }
  if (options.length === 0) throw new DownloadRefused('unavailable');
  return options;
}

/** The day to download, as the plan page knows it. */
export interface DayToDownload {
  userId: string;
  monsterplanId: string;
  planName: string;
  week: number;
  video: catalog.PlanVideo;
  /** The subtitles' signed address (the play call's `sub`), if the video has them. */
  subtitles: string | null;
  /** The day's read-aloud PDF. */
  aloudPdf: string;
}

export interface DownloadProgress {
  loadedBytes: number;
  /** The estimate until the last file is in. */
  totalBytes: number;
}

/**
 * Downloads the day as `option` says and records it. Files go one after another (a slow link gains
 * nothing from more at once), each reported as it arrives. A failure or an abort removes what was
 * kept of it: a day is downloaded whole or not at all.
 */
export async function downloadDay(
  day: DayToDownload,
  option: DownloadOption,
  { onProgress, signal }: { onProgress?: (progress: DownloadProgress) => void; signal?: AbortSignal } = {},
): Promise<DownloadedDay> {
  if (!canKeepOffline()) throw new DownloadRefused('unavailable');
  const folder = `${offlinePrefix}${encodeURIComponent(day.userId)}/${encodeURIComponent(day.video._id)}/`;
  const cache = await caches.open(offlineFilesCache);
  const kept: string[] = [];
  let loadedBytes = 0;
  const keep = async (address: string, response: Response, type: string) => {
    const body = await response.blob();
    await cache.put(address, new Response(body, { headers: { 'content-type': response.headers.get('content-type') ?? type, 'content-length': String(body.size) } }));
    kept.push(address);
    loadedBytes += body.size;
    onProgress?.({ loadedBytes, totalBytes: Math.max(loadedBytes, option.estimatedBytes) });
  };
  try {
    // Files first, then their playlist: a playlist kept means its files are.
    const renditionFolder = `${folder}${option.rendition}/`;
    for (const url of option.fileUrls) {
      await keep(renditionFolder + relativeName(url), await fetchOk(url, signal), 'video/mp4');
    }
    const playlistType = 'application/vnd.apple.mpegurl';
    await keep(`${renditionFolder}playlist.m3u8`, new Response(option.playlist, { headers: { 'content-type': playlistType } }), playlistType);
    const subtitles = day.subtitles ? `${folder}subtitles.vtt` : null;
    if (day.subtitles && subtitles) await keep(subtitles, await fetchOk(new URL(day.subtitles, location.href).href, signal), 'text/vtt');
    // A day without read-aloud text has no PDF: it is downloaded without one.
    const pdf = await fetch(day.aloudPdf, { headers: callHeaders(), signal });
    const aloudPdf = pdf.ok ? `${folder}aloud.pdf` : null;
    if (aloudPdf) await keep(aloudPdf, pdf, 'application/pdf');
    const downloaded: DownloadedDay = {
      key: `${day.userId}:${day.video._id}`,
      userId: day.userId,
      monsterplanId: day.monsterplanId,
      planName: day.planName,
      week: day.week,
      video: day.video,
      choice: option.choice,
      playlist: `${renditionFolder}playlist.m3u8`,
      subtitles,
      aloudPdf,
      files: kept,
      bytes: loadedBytes,
      downloadedAt: new Date().toISOString(),
    };
    await replaceDownload(downloaded);
    // Asks the browser not to clear the downloads when the device runs short of space.
    void navigator.storage?.persist?.().catch(() => false);
    return downloaded;
  } catch (error) {
    await Promise.all(kept.map((address) => cache.delete(address)));
    if (isQuotaError(error)) throw new DownloadRefused('no-space');
    throw error;
  }
}

/** Records a download, removing the files of an earlier download of the same day that it does not keep. */
async function replaceDownload(downloaded: DownloadedDay): Promise<void> {
  const db = await offlineDatabase();
  const earlier = await db.get('days', downloaded.key);
  await db.put('days', downloaded);
  if (earlier) await deleteFiles(earlier.files.filter((file) => !downloaded.files.includes(file)));
}

/** One learner's downloaded days, the latest first. */
export async function downloadedDays(userId: string): Promise<DownloadedDay[]> {
  if (!canKeepOffline()) return [];
  const days = await (await offlineDatabase()).getAllFromIndex('days', 'byUser', userId);
  return days.sort((one, other) => other.downloadedAt.localeCompare(one.downloadedAt));
}

/** What every learner of this browser keeps, in bytes: the budget is the device's. */
export async function keptBytes(): Promise<number> {
  if (!canKeepOffline()) return 0;
  const days = await (await offlineDatabase()).getAll('days');
  return days.reduce((sum, day) => sum + day.bytes, 0);
}

export async function removeDownload(key: string): Promise<void> {
  const db = await offlineDatabase();
  const day = await db.get('days', key);
  if (!day) return;
  await db.delete('days', key);
  await deleteFiles(day.files);
}

/** The moment a download stops being kept: `days` (OFFLINE_DAYS) after it was made. */
export function keptUntil(day: Pick<DownloadedDay, 'downloadedAt'>, days: number): Date {
  return new Date(Date.parse(day.downloadedAt) + days * 24 * 60 * 60 * 1000);
}

/**
 * Keeps only the downloads still allowed: none older than `days`, and none of a plan `user` is no
 * longer approved for (checked when the page has the user from the server). Answers how many went.
 */
export async function removeExpiredDownloads(user: { _id: string; monsterplans: readonly string[] } | null, days: number, now = new Date()): Promise<number> {
  if (!canKeepOffline()) return 0;
  const db = await offlineDatabase();
  const gone = (await db.getAll('days')).filter(
    (day) => keptUntil(day, days) < now || (user !== null && day.userId === user._id && !user.monsterplans.includes(day.monsterplanId)),
  );
  for (const day of gone) await removeDownload(day.key);
  return gone.length;
}

async function deleteFiles(files: readonly string[]): Promise<void> {
  const cache = await caches.open(offlineFilesCache);
  await Promise.all(files.map((file) => cache.delete(file)));
}

/** A ladder's link, resolved against its playlist; one that would leave the video's signed folder is refused. */
function withinLadder(link: string, base: URL, ladder: string): string {
  const url = new URL(link, base);
  if (!url.href.startsWith(ladder)) throw new DownloadRefused('unavailable');
  return url.href;
}

/** A rendition file's name in its folder: the ladder's files sit directly under their rendition. */
function relativeName(url: string): string {
  return new URL(url).pathname.split('/').pop() ?? '';
}

async function fetchOk(url: string, signal?: AbortSignal): Promise<Response> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new DownloadRefused('unavailable');
  return response;
}

async function fetchText(url: string, signal?: AbortSignal): Promise<string> {
  return (await fetchOk(url, signal)).text();
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'QuotaExceededError';
}
