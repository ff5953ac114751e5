// Short-lived signed URLs to a video's bytes, its HLS ladder and its subtitles, which the media
// service checks (the contract is in packages/contracts/src/media-urls.ts).
import { mediaUrlExpiry, signHlsUrl, signMediaUrl } from '@learning/contracts';

export interface MediaSigner {
  videoUrl(videoId: string): Promise<string>;
  /** The master playlist of the video's HLS ladder, signed in its path for every file of the ladder. */
  ladderUrl(videoId: string): Promise<string>;
  subtitleUrl(videoId: string): Promise<string>;
}

/** URLs expire `ttlSeconds` from now, rounded up (`mediaUrlExpiry`). */
export function createMediaSigner(secret: string, ttlSeconds: number, now: () => number = Date.now): MediaSigner {
  const expires = () => mediaUrlExpiry(ttlSeconds, now());
  return {
    videoUrl: (videoId) => signMediaUrl(secret, 'video', videoId, expires()),
    ladderUrl: (videoId) => signHlsUrl(secret, videoId, expires()),
    subtitleUrl: (videoId) => signMediaUrl(secret, 'subtitle', videoId, expires()),
  };
}

/** What a player opens: the HLS ladder once media has made it (`video.transcoded`), else the MP4. */
export function playUrl(signer: MediaSigner, video: { id: string; hasLadder: boolean }): Promise<string> {
  return video.hasLadder ? signer.ladderUrl(video.id) : signer.videoUrl(video.id);
}
