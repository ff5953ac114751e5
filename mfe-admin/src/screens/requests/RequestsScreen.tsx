// /administrator/lessons/requests and /administrator/monsterplans/requests: the requests panel alone.
import { PageTitle, useTranslation } from '@learning/platform';
import type { RequestKind } from '../../requests';
import { RequestsPanel } from './RequestsPanel';

export function RequestsScreen({ kind }: { kind: RequestKind }) {
  const { t } = useTranslation('admin');
  if (kind === 'lesson') return <RequestsPanel kind="lesson" isPageTitle />;
  return (
    <>
      <PageTitle>{t('monsterplanRequests.title')}</PageTitle>
      <RequestsPanel kind="monsterplan" />
    </>
  );
}
