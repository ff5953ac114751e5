// Short-lived signed URLs to a video's bytes and subtitles, which the media service checks
// (the contract is in packages/contracts/src/media-urls.ts).
import { signMediaUrl } from '@learning/contracts';

export interface MediaSigner {
  videoUrl(videoId: string): Promise<string>;
  subtitleUrl(videoId: string): Promise<string>;
}

/**
 * URLs expire `ttlSeconds` from now, rounded up to the next five minutes: within those five minutes
 * a learner who opens the same video again gets the same URL, so the browser's cache still holds.
 */
export function createMediaSigner(secret: string, ttlSeconds: number, now: () => number = Date.now): MediaSigner {
  const expires = () => Math.ceil((now() / 1000 + ttlSeconds) / 300) * 300;
  return {
    videoUrl: (videoId) => signMediaUrl(secret, 'video', videoId, expires()),
    subtitleUrl: (videoId) => signMediaUrl(secret, 'subtitle', videoId, expires()),
  };
}
