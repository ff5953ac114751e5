// /product-remote-lesson/{id}: the lesson as an overlay with video and playlist (placeholder).
import { EmptyState, Link, PageTitle, useTranslation } from '@learning/platform';

export function LessonDetailScreen() {
  const { t } = useTranslation('lessons');
  return (
    <>
      <PageTitle>{t('detail.title')}</PageTitle>
      <EmptyState>{t('detail.placeholder')}</EmptyState>
      <p>
        <Link to="/product-remote-lesson">{t('detail.back')}</Link>
      </p>
    </>
  );
}
