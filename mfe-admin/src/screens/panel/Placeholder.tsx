// A section of the admin panel that the admin issue fills in.
import { EmptyState, PageTitle, useTranslation } from '@learning/platform';

export function Placeholder({ section }: { section: 'lessons' | 'lessonRequests' | 'monsterplans' | 'monsterplanRequests' | 'users' | 'videos' }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageTitle>{t(`${section}.title`)}</PageTitle>
      <EmptyState>{t(`${section}.placeholder`)}</EmptyState>
    </>
  );
}
