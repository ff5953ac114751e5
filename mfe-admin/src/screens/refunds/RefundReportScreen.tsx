// /administrator/monsterplans/{id}/refunds: who earned a refund on the plan (the exam passed
// at 35/40, a read-aloud recorded within 24 hours of the day's assignment), per learner with the price
// their request recorded, their items, the amounts earned, paid and owed, "mark paid" and undo, paged;
// and the report as CSV.
import { formatPrice, Link, PageTitle, useParams, useTranslation } from '@learning/platform';
import { AdminSection } from '../../components/AdminSection';
import { AdminTable } from '../../components/AdminTable';
import { CsvDownload } from '../../components/CsvDownload';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Pager } from '../../components/Pager';
import { RefundItems } from '../../components/RefundItems';
import { usePageParam } from '../../paging';
import { downloadRefundsCsv, useRefundReport, useSetRefundPaid } from '../../refunds';

export function RefundReportScreen() {
  const { t } = useTranslation('admin');
  const monsterplanId = useParams().id ?? '';
  const [page, setPage] = usePageParam();
  const report = useRefundReport(monsterplanId, page);
  const setPaid = useSetRefundPaid();
  const planName = report.data?.monsterplan.name;
  const title = planName ? t('refunds.titleFor', { name: planName }) : t('refunds.title');
  const learners = report.data?.result;
  const money = (amount: number) => formatPrice(String(amount));
  const earned = learners?.reduce((sum, learner) => sum + learner.earnedAmount, 0) ?? 0;
  const paid = learners?.reduce((sum, learner) => sum + learner.paidAmount, 0) ?? 0;

  return (
    <>
      <PageTitle>{title}</PageTitle>
      <p>
        <Link to="/administrator/monsterplans">{t('refunds.back')}</Link>
      </p>
      <AdminSection
        title={t('refunds.learners')}
        heading={
          <div className="admin-section__head">
            <h2>{t('refunds.learners')}</h2>
            <CsvDownload download={() => downloadRefundsCsv(monsterplanId)} />
          </div>
        }
      >
        {report.data && <p className="admin-muted">{t('refunds.lead', { amount: money(report.data.amountPerItem) })}</p>}
        <ErrorNotice title={t('refunds.markFailed')} error={setPaid.error} />
        <AdminTable
          query={report}
          rows={learners}
          caption={title}
          columns={[
            { header: t('refunds.email'), kind: 'email', cell: (learner) => learner.user.email },
            { header: t('refunds.paidPrice'), kind: 'number', cell: (learner) => (learner.paidPrice === null ? '—' : formatPrice(learner.paidPrice)) },
            {
              header: t('refunds.items'),
              kind: 'list',
              cell: (learner) => (
                <RefundItems
                  items={learner.items}
                  busyId={setPaid.isPending ? setPaid.variables.refund._id : null}
                  onSetPaid={(refund, isPaid) => setPaid.mutate({ refund, isPaid })}
                />
              ),
            },
            { header: t('refunds.earned'), kind: 'number', cell: (learner) => money(learner.earnedAmount) },
            { header: t('refunds.paidAmount'), kind: 'number', cell: (learner) => money(learner.paidAmount) },
            { header: t('refunds.owed'), kind: 'number', cell: (learner) => money(learner.earnedAmount - learner.paidAmount) },
          ]}
          loadError={t('refunds.loadError')}
          empty={t('refunds.empty')}
          rowKey={(learner) => learner.user._id}
        />
        {report.data && report.data.result.length > 0 && (
          <p className="admin-refunds__totals" data-testid="refund-totals">
            {t('refunds.totals', { learners: report.data.total, earned: money(earned), paid: money(paid), owed: money(earned - paid) })}
          </p>
        )}
        {report.data && <Pager name={title} page={page} total={report.data.total} onChange={setPage} />}
      </AdminSection>
    </>
  );
}
