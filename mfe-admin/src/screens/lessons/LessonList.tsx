// The lesson bundles: name, price (and the early price with the day it ends), the videos as badges
// cut to 13 characters, Edit, and delete with an inline Yes/No (spec section 2); 10 per page, counted
// from the real total.
import type { catalog } from '@learning/contracts';
import { Button, useLessons, useTranslation } from '@learning/platform';
import { AdminSection } from '../../components/AdminSection';
import { AdminTable } from '../../components/AdminTable';
import { ConfirmInline } from '../../components/ConfirmInline';
import { ErrorNotice } from '../../components/ErrorNotice';
import { OfferPrice } from '../../components/OfferPrice';
import { Pager } from '../../components/Pager';
import { VideoBadges } from '../../components/VideoBadges';
import { useDeleteLesson } from '../../lessons';
import { pageOf, usePageParam } from '../../paging';

export function LessonList({ editedId, onEdit }: { editedId: string | null; onEdit: (lesson: catalog.Lesson) => void }) {
  const { t } = useTranslation('admin');
  const [page, setPage] = usePageParam();
  const lessons = useLessons();
  const remove = useDeleteLesson();
  const title = t('lessons.list');
  const shown = lessons.data && pageOf(lessons.data, page);
  return (
    <AdminSection title={title}>
      <ErrorNotice title={t('table.deleteFailed')} error={remove.error} />
      <AdminTable
        query={lessons}
        rows={shown?.result}
        caption={title}
        columns={[
          { header: t('table.name'), cell: (lesson) => lesson.name },
          { header: t('table.price'), kind: 'number', cell: (lesson) => <OfferPrice offer={lesson} /> },
          { header: t('table.videos'), cell: (lesson) => <VideoBadges kind="lesson" videos={lesson.populatedVideos} /> },
          {
            header: t('table.actions'),
            kind: 'actions',
            cell: (lesson) => (
              <div className="admin-actions">
                <Button variant="secondary" className="admin-action" aria-label={t('table.editLabel', { name: lesson.name })} onClick={() => onEdit(lesson)}>
                  {t('table.edit')}
                </Button>
                <ConfirmInline
                  label={t('table.delete')}
                  name={t('table.deleteLabel', { name: lesson.name })}
                  question={t('table.confirmInline')}
                  isLoading={remove.isPending && remove.variables._id === lesson._id}
                  onConfirm={() => remove.mutate(lesson)}
                />
              </div>
            ),
          },
        ]}
        loadError={t('lessons.loadError')}
        empty={t('lessons.empty')}
        rowKey={(lesson) => lesson._id}
        rowAttributes={(lesson) => ({ 'aria-current': lesson._id === editedId ? 'true' : undefined })}
      />
      {shown && <Pager name={title} page={page} total={shown.total} onChange={setPage} />}
    </AdminSection>
  );
}
