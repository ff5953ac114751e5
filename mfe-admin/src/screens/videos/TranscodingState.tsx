// A video's transcoding job in its row: queued, transcoding N %, ready, or failed with the
// reason and a retry. The MP4 plays meanwhile, so nothing here blocks publishing.
import { Badge, Button, useTranslation } from '@learning/platform';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useRetryTranscoding, type Video, type VideoKind } from '../../videos';

export function TranscodingState({ kind, video }: { kind: VideoKind; video: Video }) {
  const { t } = useTranslation('admin');
  const retry = useRetryTranscoding(kind);
  const job = video.transcoding;
  if (!job) return null;
  switch (job.state) {
    case 'queued':
      return <Badge tone="neutral">{t('videos.transcoding.queued')}</Badge>;
    case 'transcoding':
      return <Badge tone="info">{t('videos.transcoding.transcoding', { progress: job.progress })}</Badge>;
    case 'ready':
      return <Badge tone="success">{t('videos.transcoding.ready')}</Badge>;
    case 'failed':
      return (
        <>
          <Badge tone="danger">{job.reason ? t('videos.transcoding.failed', { reason: job.reason }) : t('videos.transcoding.failedNoReason')}</Badge>{' '}
          <Button variant="subtle" className="admin-action" isLoading={retry.isPending} onClick={() => retry.mutate(video)}>
            {t('videos.transcoding.retry')}
          </Button>
          <ErrorNotice title={t('videos.transcoding.retryFailed')} error={retry.error} />
        </>
      );
  }
}
