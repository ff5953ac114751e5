// /product-monster-plan/{id}/exam: the timed vocabulary exam (placeholder until the exam issue).
import { EmptyState, Link, PageTitle, useParams, useTranslation } from '@learning/platform';

export function ExamScreen() {
  const { t } = useTranslation('monster');
  const { id = '' } = useParams();
  return (
    <>
      <PageTitle>{t('exam.title')}</PageTitle>
      <EmptyState>{t('exam.placeholder')}</EmptyState>
      <p>
        <Link to={`/product-monster-plan/${encodeURIComponent(id)}`}>{t('exam.back')}</Link>
      </p>
    </>
  );
}
