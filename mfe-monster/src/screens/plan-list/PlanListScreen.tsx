// /product-monster-plan: the plan list and the intro brochure (placeholder until the Monster plan issue).
import { EmptyState, PageTitle, useTranslation } from '@learning/platform';

export function PlanListScreen() {
  const { t } = useTranslation('monster');
  return (
    <>
      <PageTitle>{t('list.title')}</PageTitle>
      <EmptyState>{t('list.placeholder')}</EmptyState>
    </>
  );
}
