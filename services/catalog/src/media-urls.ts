// Short-lived signed URLs to a video's bytes and subtitles, which the media service checks
// (the contract is in packages/contracts/src/media-urls.ts).
import { mediaUrlExpiry, signMediaUrl } from '@learning/contracts';

export interface MediaSigner {
  videoUrl(videoId: string): Promise<string>;
  subtitleUrl(videoId: string): Promise<string>;
}

/** URLs expire `ttlSeconds` from now, rounded up (`mediaUrlExpiry`). */
export function createMediaSigner(secret: string, ttlSeconds: number, now: () => number = Date.now): MediaSigner {
  const expires = () => mediaUrlExpiry(ttlSeconds, now());
  return {
    videoUrl: (videoId) => signMediaUrl(secret, 'video', videoId, expires()),
    subtitleUrl: (videoId) => signMediaUrl(secret, 'subtitle', videoId, expires()),
  };
}
