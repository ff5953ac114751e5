// A video from a signed, short-lived address, with its subtitles when it has them. When the address
// fails (expired, the media service away) it says so and offers to ask for a fresh one.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from './feedback';

export interface VideoPlayerProps {
  src: string;
  /** A WebVTT track shown by default. */
  subtitles?: { src: string; label: string; srcLang: string } | null;
  /** Asks for a fresh address (the failed one is not tried again as is). */
  onRetry: () => void;
  className?: string;
}

export function VideoPlayer({ src, subtitles, onRetry, className }: VideoPlayerProps) {
  const { t } = useTranslation('common');
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) {
    return (
      <LoadError
        title={t('videoError')}
        onRetry={() => {
          setFailedSrc(null);
          onRetry();
        }}
      />
    );
  }
  return (
    // Keyed by address: a new video remounts, so the old one stops and its track goes.
    <video key={src} className={['lp-video', className].filter(Boolean).join(' ')} src={src} controls preload="metadata" playsInline onError={() => setFailedSrc(src)}>
      {subtitles && <track kind="subtitles" src={subtitles.src} srcLang={subtitles.srcLang} label={subtitles.label} default />}
    </video>
  );
}
