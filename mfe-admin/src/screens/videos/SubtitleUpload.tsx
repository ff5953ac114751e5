// A video's subtitles: whether it has them, and a file input that sends SRT or WebVTT at once.
import { Alert, Badge, useTranslation } from '@learning/platform';
import { useId, useState } from 'react';
import { useUploadSubtitle, type Video, type VideoKind } from '../../videos';

export function SubtitleUpload({ kind, video, onDone }: { kind: VideoKind; video: Video; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const send = useUploadSubtitle(kind);
  const [inputKey, setInputKey] = useState(0);
  return (
    <div className="admin-subtitle">
      {video.hasSubtitle !== undefined && <Badge tone={video.hasSubtitle ? 'success' : 'neutral'}>{t(video.hasSubtitle ? 'videos.list.hasSubtitle' : 'videos.list.noSubtitle')}</Badge>}
      <label htmlFor={id} className="lp-button lp-button--subtle admin-action admin-subtitle__pick" aria-busy={send.isPending || undefined}>
        {t('videos.subtitle.upload')}
      </label>
      <input
        key={inputKey}
        id={id}
        className="lp-visually-hidden"
        type="file"
        accept=".srt,.vtt,text/vtt,application/x-subrip"
        disabled={send.isPending}
        aria-label={t('videos.subtitle.label', { name: video.name || video._id })}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          send.mutate({ video, file }, { onSuccess: onDone, onSettled: () => setInputKey((key) => key + 1) });
        }}
      />
      {send.isError && <Alert title={`${t('videos.subtitle.failed')} ${send.error.message}`} />}
    </div>
  );
}
