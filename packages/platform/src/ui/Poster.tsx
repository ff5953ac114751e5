// A published video's poster frame from media (/v1/posters), for the plan and bundle cards and a
// plan's days. The box keeps its 16:9 shape before the frame arrives and when there is none (a video
// not published, or without a frame), so nothing around it moves; the frame loads only as it nears
// the screen.
import { useState } from 'react';

export interface PosterProps {
  /** The video whose frame to show; undefined leaves the box empty (a bundle without videos). */
  videoId: string | undefined;
  /** What the picture shows, in the page's language. */
  alt: string;
  className?: string;
}

export const posterUrl = (videoId: string) => `/v1/posters/${encodeURIComponent(videoId)}`;

export function Poster({ videoId, alt, className }: PosterProps) {
  const [missingId, setMissingId] = useState<string | null>(null);
  return (
    <span className={className ? `lp-poster ${className}` : 'lp-poster'}>
      {videoId !== undefined && missingId !== videoId && (
        <img src={posterUrl(videoId)} alt={alt} width={640} height={360} loading="lazy" decoding="async" onError={() => setMissingId(videoId)} />
      )}
    </span>
  );
}
