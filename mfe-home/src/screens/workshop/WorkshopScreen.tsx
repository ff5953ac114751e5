// /boosterz: the workshop brochure, page by page (placeholder until the home issue).
import { EmptyState, PageTitle, useTranslation } from '@learning/platform';

export function WorkshopScreen() {
  const { t } = useTranslation('home');
  return (
    <>
      <PageTitle>{t('workshop.title')}</PageTitle>
      <EmptyState>{t('workshop.body')}</EmptyState>
    </>
  );
}
