// The videos of one kind: # and name, 10 per page on the server; each with its subtitles (upload
// SRT or WebVTT), its transcoding job (the page is asked again while one runs) and delete
// after 'Та устгахдаа итгэлтэй байна уу?' (spec section 2).
import { Alert, Badge, Button, useTranslation } from '@learning/platform';
import { AdminSection } from '../../components/AdminSection';
import { AdminTable } from '../../components/AdminTable';
import { useState } from 'react';
import { DeleteDialog } from '../../components/DeleteDialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Pager } from '../../components/Pager';
import { rowsPerPage, usePageParam } from '../../paging';
import { isPublished, useDeleteVideo, useVideos, type Video, type VideoKind } from '../../videos';
import { SubtitleUpload } from './SubtitleUpload';
import { TranscodingState } from './TranscodingState';

export function VideoList({ kind }: { kind: VideoKind }) {
  const { t } = useTranslation('admin');
  const [page, setPage] = usePageParam();
  const videos = useVideos(kind, page);
  const remove = useDeleteVideo(kind);
  const [doomed, setDoomed] = useState<Video | null>(null);
  const [subtitled, setSubtitled] = useState<string | null>(null);
  const title = `${t('videos.list.title')}: ${t(`videos.kind.${kind}`)}`;

  return (
    <AdminSection title={title}>
      <ErrorNotice title={t('videos.delete.failed')} error={remove.error} />
      {subtitled && <Alert tone="success" title={t('videos.subtitle.done', { name: subtitled })} />}
      <AdminTable
        query={videos}
        rows={videos.data?.result}
        caption={title}
        columns={[
          { header: t('videos.list.number'), kind: 'number', cell: (_video, index) => (page - 1) * rowsPerPage + index + 1 },
          {
            header: t('videos.list.name'),
            cell: (video) => (
              <>
                {video.name || <span className="admin-muted">{video._id}</span>}{' '}
                {!isPublished(video) && <Badge tone="warning">{t('videos.list.unpublished')}</Badge>}
              </>
            ),
          },
          { header: t('videos.list.subtitle'), cell: (video) => <SubtitleUpload kind={kind} video={video} onDone={() => setSubtitled(video.name)} /> },
          { header: t('videos.list.transcoding'), cell: (video) => <TranscodingState kind={kind} video={video} /> },
          {
            header: t('videos.list.actions'),
            kind: 'actions',
            cell: (video) => (
              <Button variant="subtle" className="admin-action admin-action--danger" aria-label={t('videos.delete.label', { name: video.name || video._id })} onClick={() => setDoomed(video)}>
                {t('confirmDelete.confirm')}
              </Button>
            ),
          },
        ]}
        loadError={t('videos.list.loadError')}
        empty={t('videos.list.empty')}
        rowKey={(video) => video._id}
      />
      {videos.data && <Pager name={title} page={page} total={videos.data.total} onChange={setPage} />}
      {doomed && (
        <DeleteDialog isLoading={remove.isPending} onClose={() => setDoomed(null)} onConfirm={() => remove.mutate(doomed, { onSettled: () => setDoomed(null) })}>
          <p>{doomed.name || doomed._id}</p>
        </DeleteDialog>
      )}
    </AdminSection>
  );
}
