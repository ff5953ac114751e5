// /product-monster-plan/{id}: player and week/day list (placeholder).
import { EmptyState, Link, PageTitle, useTranslation } from '@learning/platform';

export function PlanDetailScreen() {
  const { t } = useTranslation('monster');
  return (
    <>
      <PageTitle>{t('detail.title')}</PageTitle>
      <EmptyState>{t('detail.placeholder')}</EmptyState>
      <p>
        <Link to="/product-monster-plan">{t('detail.back')}</Link>
      </p>
    </>
  );
}
