// The Monster plans: name, price (and the early price with the day it ends), videos (each with its
// week and day, so same-named days tell apart), and the actions Edit, the refund report
// and delete with its confirmation (spec section 2); 10 per page, counted from the real total.
import type { catalog } from '@learning/contracts';
import { Badge, Button, Link, useMonsterplans, useTranslation } from '@learning/platform';
import { AdminSection } from '../../components/AdminSection';
import { AdminTable } from '../../components/AdminTable';
import { ConfirmInline } from '../../components/ConfirmInline';
import { ErrorNotice } from '../../components/ErrorNotice';
import { OfferPrice } from '../../components/OfferPrice';
import { Pager } from '../../components/Pager';
import { VideoBadges } from '../../components/VideoBadges';
import { useDeleteMonsterplan } from '../../monsterplans';
import { pageOf, usePageParam } from '../../paging';
import { refundReportPath } from '../../refunds';

export function PlanList({ editedId, onEdit }: { editedId: string | null; onEdit: (plan: catalog.Monsterplan) => void }) {
  const { t } = useTranslation('admin');
  const [page, setPage] = usePageParam();
  const plans = useMonsterplans();
  const remove = useDeleteMonsterplan();
  const title = t('monsterplans.list');
  const shown = plans.data && pageOf(plans.data, page);
  return (
    <AdminSection title={title}>
      <ErrorNotice title={t('table.deleteFailed')} error={remove.error} />
      <AdminTable
        query={plans}
        rows={shown?.result}
        caption={title}
        columns={[
          {
            header: t('table.name'),
            cell: (plan) => (
              <>
                <span className="admin-plan-name">{plan.name}</span>
                {!plan.isActive && <Badge tone="neutral">{t('monsterplans.inactive')}</Badge>}
                {plan.exam && <Badge tone="info">{t('monsterplans.hasExam')}</Badge>}
              </>
            ),
          },
          { header: t('table.price'), kind: 'number', cell: (plan) => <OfferPrice offer={plan} /> },
          {
            header: t('table.videos'),
            cell: (plan) => (
              <VideoBadges kind="monsterplan" videos={plan.populatedVideos.flatMap(({ week, videos }) => videos.map(({ _id, name, dayOfWeek }) => ({ _id, name, week, dayOfWeek })))} />
            ),
          },
          {
            header: t('table.actions'),
            kind: 'actions',
            cell: (plan) => (
              <div className="admin-actions">
                <Button variant="secondary" className="admin-action" aria-label={t('table.editLabel', { name: plan.name })} onClick={() => onEdit(plan)}>
                  {t('table.edit')}
                </Button>
                <Link className="lp-button lp-button--secondary admin-action" to={refundReportPath(plan._id)} aria-label={t('refunds.openFor', { name: plan.name })}>
                  {t('refunds.open')}
                </Link>
                <ConfirmInline
                  label={t('table.delete')}
                  name={t('table.deleteLabel', { name: plan.name })}
                  question={t('table.confirmInline')}
                  isLoading={remove.isPending && remove.variables._id === plan._id}
                  onConfirm={() => remove.mutate(plan)}
                />
              </div>
            ),
          },
        ]}
        loadError={t('monsterplans.loadError')}
        empty={t('monsterplans.empty')}
        rowKey={(plan) => plan._id}
        rowAttributes={(plan) => ({ 'aria-current': plan._id === editedId ? 'true' : undefined })}
      />
      {shown && <Pager name={title} page={page} total={shown.total} onChange={setPage} />}
    </AdminSection>
  );
}
