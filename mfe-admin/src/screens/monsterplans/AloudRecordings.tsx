// The read-aloud recordings: index, the learner's email, and each recording with its time, plan day,
// whether it came on time and an audio player; paged on the server (spec section 2).
import { useMonsterplans, useTranslation } from '@learning/platform';
import { aloudsPerPage, useAlouds } from '../../alouds';
import { AdminSection } from '../../components/AdminSection';
import { AdminTable } from '../../components/AdminTable';
import { AloudList } from '../../components/AloudList';
import { Pager } from '../../components/Pager';
import { usePageParam } from '../../paging';

export function AloudRecordings() {
  const { t } = useTranslation('admin');
  const [page, setPage] = usePageParam('aloudsPage');
  const alouds = useAlouds(page);
  const plans = useMonsterplans();
  const planName = (id: string) => plans.data?.find((plan) => plan._id === id)?.name;
  const title = t('alouds.title');
  return (
    <AdminSection title={title}>
      <AdminTable
        query={alouds}
        rows={alouds.data?.result}
        caption={title}
        columns={[
          { header: t('alouds.index'), kind: 'number', cell: (_entry, index) => (page - 1) * aloudsPerPage + index + 1 },
          { header: t('alouds.email'), kind: 'email', cell: (entry) => entry.user.email },
          { header: t('alouds.recordings'), kind: 'list', cell: (entry) => <AloudList alouds={entry.alouds} planName={planName} /> },
        ]}
        loadError={t('alouds.loadError')}
        empty={t('alouds.empty')}
        rowKey={(entry) => entry.user.email}
      />
      {alouds.data && <Pager name={title} page={page} total={alouds.data.total} perPage={aloudsPerPage} onChange={setPage} />}
    </AdminSection>
  );
}
