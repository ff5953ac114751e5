// /product-remote-lesson: the bundles, each with its access state and request button (spec sections
// 2 and 4), and the switcher of the three brochures. While the bundles load, their place is kept, so
// the brochures below do not move when they arrive. A lesson's dialog opens over it (the Outlet).
import { Alert, EmptyState, LoadError, LoadingCards, Outlet, PageTitle, useCurrentUser, useLessons, useLocation, useTranslation } from '@learning/platform';
import { lessonAccess, lessonNotOpened } from '../../lessons';
import { BrochureSwitcher } from './BrochureSwitcher';
import { LessonCard } from './LessonCard';

export function LessonListScreen() {
  const { t } = useTranslation('lessons');
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  return (
    <>
      <PageTitle subtitle={t('list.lead')} description={t('list.description')}>{t('list.title')}</PageTitle>
      {notice === lessonNotOpened && <Alert tone="info" title={t('list.lessonNotOpened')} />}
      <section className="lessons-section" aria-labelledby="lessons-bundles">
        <h2 id="lessons-bundles" className="lessons-section__title">
          {t('list.lessons')}
        </h2>
        <Lessons />
      </section>
      <BrochureSwitcher />
      <Outlet />
    </>
  );
}

function Lessons() {
  const { t } = useTranslation('lessons');
  const lessons = useLessons();
  const session = useCurrentUser();
  if (lessons.isPending) return <LoadingCards listClassName="lesson-cards" />;
  if (lessons.isError) return <LoadError title={t('list.loadError')} onRetry={() => void lessons.refetch()} />;
  if (lessons.data.length === 0) return <EmptyState>{t('list.empty')}</EmptyState>;
  // While the session is being checked, no state is shown rather than a wrong one.
  const isSessionKnown = session.status !== 'pending';
  return (
    <ul className="lesson-cards">
      {lessons.data.map((lesson) => (
        <LessonCard key={lesson._id} lesson={lesson} access={isSessionKnown ? lessonAccess(lesson, session.user) : null} />
      ))}
    </ul>
  );
}
