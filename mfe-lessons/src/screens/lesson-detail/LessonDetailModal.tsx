// /product-remote-lesson/{id}: the bundle as a dialog over the list (spec section 2), with a video and
// the playlist of its lessons. Escape, the close button and Back close it; a bundle that cannot be
// loaded sends the visitor back to the list (spec section 8).
import { Loader, Modal, Navigate, titleLength, truncate, useLesson, useLocation, useNavigate, useParams, useTranslation } from '@learning/platform';
import { dialogStateOf, lessonNotOpened } from '../../lessons';
import { LessonPlayer } from './LessonPlayer';

export function LessonDetailModal() {
  const { t } = useTranslation('lessons');
  const { id = '' } = useParams();
  const lesson = useLesson(id);
  const navigate = useNavigate();
  const { fromList = false, chosenSince = 0 } = dialogStateOf(useLocation().state);
  // Opened from the list: step back to it, over the lessons chosen since. Opened from a link: the list takes its place.
  const close = () => (fromList ? navigate(-1 - chosenSince) : navigate('/product-remote-lesson', { replace: true }));

  if (lesson.isError) return <Navigate replace to="/product-remote-lesson" state={{ notice: lessonNotOpened }} />;
  const name = lesson.data?.name ?? t('detail.title');
  const shownName = truncate(name, titleLength);
  return (
    <Modal title={shownName} titleAttribute={shownName === name ? undefined : name} onClose={close}>
      {lesson.isPending ? <Loader /> : <LessonPlayer lesson={lesson.data} onRetry={() => void lesson.refetch()} />}
    </Modal>
  );
}
