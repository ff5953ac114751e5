// /product-monster-plan/{id}/exam: the timed vocabulary exam (placeholder).
import { EmptyState, PageTitle, useTranslation } from '@learning/platform';

export function ExamScreen() {
  const { t } = useTranslation('monster');
  return (
    <>
      <PageTitle>{t('exam.title')}</PageTitle>
      <EmptyState>{t('exam.placeholder')}</EmptyState>
    </>
  );
}
