// A video's subtitles: whether it has them, and a file input that sends SRT or WebVTT at once.
import { Alert, Badge, useTranslation } from '@learning/platform';
import { FilePickButton } from '../../components/FilePickButton';
import { useUploadSubtitle, type Video, type VideoKind } from '../../videos';

export function SubtitleUpload({ kind, video, onDone }: { kind: VideoKind; video: Video; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const send = useUploadSubtitle(kind);
  return (
    <div className="admin-subtitle">
      {video.hasSubtitle !== undefined && <Badge tone={video.hasSubtitle ? 'success' : 'neutral'}>{t(video.hasSubtitle ? 'videos.list.hasSubtitle' : 'videos.list.noSubtitle')}</Badge>}
      <FilePickButton
        label={t('videos.subtitle.upload')}
        inputLabel={t('videos.subtitle.label', { name: video.name || video._id })}
        accept=".srt,.vtt,text/vtt,application/x-subrip"
        className="lp-button lp-button--subtle admin-action admin-subtitle__pick"
        isBusy={send.isPending}
        onPick={(file) => send.mutate({ video, file }, { onSuccess: onDone })}
      />
      {send.isError && <Alert title={`${t('videos.subtitle.failed')} ${send.error.message}`} />}
    </div>
  );
}
