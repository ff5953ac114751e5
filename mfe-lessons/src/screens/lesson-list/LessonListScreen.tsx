// /product-remote-lesson: the bundle list and the brochure switcher (placeholder until the lessons issue).
import { EmptyState, PageTitle, useTranslation } from '@learning/platform';

export function LessonListScreen() {
  const { t } = useTranslation('lessons');
  return (
    <>
      <PageTitle>{t('list.title')}</PageTitle>
      <EmptyState>{t('list.placeholder')}</EmptyState>
    </>
  );
}
