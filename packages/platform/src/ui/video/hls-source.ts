// How the player plays an address: the play call answers an HLS master playlist once a
// video's ladder is made (the MP4 before). A playlist plays through hls.js's light build where the
// browser has Media Source Extensions (Chrome, Firefox, Safari on a Mac, iOS 17.1's
// ManagedMediaSource), natively where only the browser itself plays HLS (older iOS), and a file plays
// from the <video>'s src as always. hls.js is its own chunk, loaded only when a playlist starts: a
// page without a video never downloads it. Subtitles are never in the HLS: the app's own WebVTT
// stays a <track> (hls.js's light build draws none, nor loses them on a seek).
import type HlsType from 'hls.js/light';
import type { ManifestLoadedData } from 'hls.js';

type Hls = InstanceType<typeof HlsType>;
type HlsClass = typeof HlsType;

/** hls.js (Media Source Extensions), the browser's own HLS, a plain file, or nothing this browser plays. */
export type SourceKind = 'hls.js' | 'native-hls' | 'file' | 'unplayable';

/** An address of an HLS playlist: its path (not its query) ends with .m3u8. */
export function isHlsPlaylist(url: string): boolean {
  return /\.m3u8$/i.test(url.split(/[?#]/, 1)[0]!);
}

/** What this browser offers for HLS, as the player asks it. */
export interface HlsSupport {
  /** Media Source Extensions (or ManagedMediaSource) that take H.264 and AAC in fMP4: hls.js can run. */
  mediaSource: boolean;
  /** The <video> plays an HLS playlist by itself (Safari). */
  nativeHls: boolean;
}

/** The way to play `url`: hls.js where it runs, else the browser's own HLS; a file as it is. */
export function chooseSource(url: string, support: HlsSupport): SourceKind {
  if (!isHlsPlaylist(url)) return 'file';
  if (support.mediaSource) return 'hls.js';
  if (support.nativeHls) return 'native-hls';
  return 'unplayable';
}

/** This browser's support, read the way hls.js's own Hls.isSupported() reads it (without loading hls.js). */
export function browserHlsSupport(): HlsSupport {
  const scope = globalThis as { ManagedMediaSource?: typeof MediaSource; MediaSource?: typeof MediaSource };
  const source = scope.ManagedMediaSource ?? scope.MediaSource;
  const mediaSource = typeof source?.isTypeSupported === 'function' && source.isTypeSupported('video/mp4; codecs="avc1.42E01E,mp4a.40.2"');
  const nativeHls = typeof document !== 'undefined' && document.createElement('video').canPlayType('application/vnd.apple.mpegurl') !== '';
  return { mediaSource, nativeHls };
}

/** hls.js's light build, fetched as its own chunk the first time a playlist plays. */
export function loadHls(): Promise<HlsClass> {
  return import(/* webpackChunkName: "hls" */ 'hls.js/light').then((module) => module.default);
}

/** A choice of the quality menu: 'auto' (hls.js adapts), a rendition's name ('540p'), or 'audio' (the audio-only rendition). */
export type Quality = string;
export const autoQuality: Quality = 'auto';
export const audioQuality: Quality = 'audio';

/** The rendition's name in the ladder's path, `…/<name>/playlist.m3u8` (docs/api.md, HLS); else its height. */
export function renditionName(level: { url?: string | string[]; height?: number }): string {
  const url = Array.isArray(level.url) ? level.url[0] : level.url;
  const named = url ? /\/([^/?#]+)\/[^/?#]+\.m3u8(?:[?#].*)?$/.exec(url)?.[1] : undefined;
  return named ?? `${level.height ?? 0}p`;
}

/**
 * The menu's choices for a ladder: Auto, each picture rendition from the highest, and audio only when
 * the master lists it. hls.js drops an audio-only variant from its levels when there are picture
 * ones, so that one is played as a playlist of its own (its address taken from the master).
 */
export function qualityChoices(levels: ReadonlyArray<{ url?: string | string[]; height?: number }>, hasAudioOnly: boolean): Quality[] {
  const pictures = [...levels].sort((one, other) => (other.height ?? 0) - (one.height ?? 0)).map(renditionName);
  return [autoQuality, ...pictures, ...(hasAudioOnly ? [audioQuality] : [])];
}

export interface HlsSession {
  /** Plays at this quality from now on, at the same position (playing on if it played). */
  choose(quality: Quality): void;
  destroy(): void;
}

export interface HlsSessionOptions {
  quality: Quality;
  /** The menu's choices once the master is read, and the one in force. */
  onChoices(choices: Quality[], quality: Quality): void;
  /** A fatal error hls.js could not recover from: the player shows its error and offers a fresh address. */
  onFatal(): void;
}

/** How far past the playhead hls.js may buffer, in seconds. */
export const maxSecondsAhead = 60;

/**
 * Plays the ladder at `masterUrl` in `media` through hls.js until destroyed. A fatal network error is
 * retried once, a fatal media error recovered once; another, or the same again, is `onFatal`.
 */
export function playHls(Hls: HlsClass, media: HTMLVideoElement, masterUrl: string, options: HlsSessionOptions): HlsSession {
  let hls: Hls | null = null;
  let quality = options.quality;
  let audioOnlyUrl: string | null = null;
  let pictureLevels: string[] = [];
  let choices: Quality[] = [];
  let isDestroyed = false;

  const levelIndex = (wanted: Quality) => (wanted === autoQuality ? -1 : pictureLevels.indexOf(wanted));

  const open = (url: string, startPosition: number, playOn: boolean) => {
    hls?.destroy();
    // No worker: the page's Content-Security-Policy allows none from a blob, and fMP4 needs no transmuxing.
    // A learner's mobile data is costly: the buffer reaches at most a minute past the playhead, where
    // hls.js would fill up to maxBufferSize (a whole lesson at 360p) on opening a day, played or not.
    const instance = new Hls({ enableWorker: false, startPosition, maxMaxBufferLength: maxSecondsAhead });
    hls = instance;
    let networkRetried = false;
    let mediaRecovered = false;
    const isAudioOnly = url !== masterUrl;

    // hls.js sends MANIFEST_PARSED from within its own MANIFEST_LOADED handler, so before this
    // session hears MANIFEST_LOADED: the ladder is read once both have come, whatever their order.
    let manifest: ManifestLoadedData | null = null;
    let isParsed = false;
    const onLadder = () => {
      if (!manifest || !isParsed) return;
      if (!isAudioOnly) {
        const audioOnly = manifest.levels.find((level) => !level.videoCodec && !(level.width && level.height) && !!level.audioCodec);
        audioOnlyUrl = audioOnly?.url ?? null;
        pictureLevels = instance.levels.map(renditionName);
        choices = qualityChoices(instance.levels, !!audioOnlyUrl);
        if (quality === audioQuality && audioOnlyUrl) {
          // The remembered audio only: its playlist instead, once hls.js is done with this event.
          setTimeout(() => !isDestroyed && hls === instance && open(audioOnlyUrl!, startPosition, playOn));
          return;
        }
        // A remembered choice this ladder does not have (a rendition above the source) is Auto.
        if (quality !== autoQuality && levelIndex(quality) < 0) quality = autoQuality;
        if (quality !== autoQuality) instance.loadLevel = levelIndex(quality);
      }
      options.onChoices(choices, quality);
      if (playOn) void media.play()?.catch(() => undefined);
    };
    instance.on(Hls.Events.MANIFEST_LOADED, (_event, data) => {
      manifest = data;
      onLadder();
    });
    instance.on(Hls.Events.MANIFEST_PARSED, () => {
      isParsed = true;
      onLadder();
    });
    instance.on(Hls.Events.ERROR, (_event, data) => {
      if (!data.fatal) return;
      if (data.type === Hls.ErrorTypes.NETWORK_ERROR && !networkRetried) {
        networkRetried = true;
        if (instance.levels.length === 0) instance.loadSource(url);
        else instance.startLoad(media.currentTime > 0 ? media.currentTime : -1);
        return;
      }
      if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !mediaRecovered) {
        mediaRecovered = true;
        instance.recoverMediaError();
        return;
      }
      options.onFatal();
    });
    instance.attachMedia(media);
    instance.loadSource(url);
  };

  open(masterUrl, -1, false);

  return {
    choose(next) {
      if (isDestroyed || !hls || next === quality) return;
      const wasAudioOnly = quality === audioQuality && !!audioOnlyUrl;
      quality = next;
      if (next === audioQuality || wasAudioOnly) {
        if (next === audioQuality && !audioOnlyUrl) return;
        // Another playlist: the <video> is loaded anew, so it is paused first (the listening report of
        // what was heard goes then) and goes on from the same moment.
        const position = media.currentTime;
        const playOn = !media.paused;
        media.pause();
        open(next === audioQuality ? audioOnlyUrl! : masterUrl, position, playOn);
        return;
      }
      hls.currentLevel = levelIndex(next);
    },
    destroy() {
      isDestroyed = true;
      hls?.destroy();
      hls = null;
    },
  };
}
