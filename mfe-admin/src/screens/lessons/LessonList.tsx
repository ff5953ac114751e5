// The lesson bundles: name, price, the videos as badges cut to 13 characters, Edit, and delete with
// an inline Yes/No (spec section 2); 10 per page, counted from the real total.
import type { catalog } from '@learning/contracts';
import { Button, formatPrice, useLessons, useTranslation } from '@learning/platform';
import { AdminSection } from '../../components/AdminSection';
import { AdminTable } from '../../components/AdminTable';
import { ConfirmInline } from '../../components/ConfirmInline';
import { ErrorNotice } from '../../components/ErrorNotice';
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
        columns={[t('table.name'), t('table.price'), t('table.videos'), t('table.actions')]}
        loadError={t('lessons.loadError')}
        empty={t('lessons.empty')}
        rowKey={(lesson) => lesson._id}
        rowAttributes={(lesson) => ({ 'aria-current': lesson._id === editedId ? 'true' : undefined })}
        cells={(lesson) => (
          <>
            <td>{lesson.name}</td>
            <td className="admin-table__number">{formatPrice(lesson.price)}</td>
            <td>
              <VideoBadges kind="lesson" videos={lesson.populatedVideos} />
            </td>
            <td>
              <div className="admin-actions">
                <Button variant="secondary" className="admin-action" onClick={() => onEdit(lesson)}>
                  {t('table.edit')}
                </Button>
                <ConfirmInline
                  label={t('table.delete')}
                  question={t('table.confirmInline')}
                  isLoading={remove.isPending && remove.variables._id === lesson._id}
                  onConfirm={() => remove.mutate(lesson)}
                />
              </div>
            </td>
          </>
        )}
      />
      {shown && <Pager name={title} page={page} total={shown.total} onChange={setPage} />}
    </AdminSection>
  );
}
