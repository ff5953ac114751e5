// /administrator/refunds: the refund claims ready to pay (the learner gave an account, not yet
// paid), newest first and paged, each with the account to pay into; the bank's bulk-transfer CSV of
// them all; "Олгосон" with the way it was paid (bank transfer, or QPay refund made by hand), after
// which the claim leaves the list; and each claim's history.
import type { refunds } from '@learning/contracts';
import { Button, formatDate, formatPrice, PageTitle, useTranslation } from '@learning/platform';
import { useState } from 'react';
import { AdminSection } from '../../components/AdminSection';
import { AdminTable } from '../../components/AdminTable';
import { CsvDownload } from '../../components/CsvDownload';
import { Pager } from '../../components/Pager';
import { usePageParam } from '../../paging';
import { downloadPayableCsv, usePayableRefunds, useSetRefundPaid } from '../../refunds';
import { ClaimHistory } from './ClaimHistory';
import { MarkPaidDialog } from './MarkPaidDialog';

export function PayableRefundsScreen() {
  const { t, i18n } = useTranslation('admin');
  const [page, setPage] = usePageParam();
  const claims = usePayableRefunds(page);
  const setPaid = useSetRefundPaid();
  const [paying, setPaying] = useState<refunds.PayableRefund | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const title = t('payable.title');
  const nameOf = (claim: refunds.PayableRefund) => `${claim.user.email}, ${claim.monsterplan.name}, ${t(`refunds.kind.${claim.kind}`)}`;

  return (
    <>
      <PageTitle>{title}</PageTitle>
      <AdminSection
        title={t('payable.list')}
        heading={
          <div className="admin-section__head">
            <h2>{t('payable.list')}</h2>
            <CsvDownload download={downloadPayableCsv} label={t('payable.csv')} />
          </div>
        }
      >
        <p className="admin-muted">{t('payable.lead')}</p>
        <AdminTable
          query={claims}
          rows={claims.data?.result}
          caption={title}
          columns={[
            { header: t('payable.email'), kind: 'email', cell: (claim) => claim.user.email },
            {
              header: t('payable.what'),
              cell: (claim) => (
                <>
                  {claim.monsterplan.name}, {t(`refunds.kind.${claim.kind}`)}
                  <br />
                  <span className="admin-muted">
                    {t('refunds.earnedAt')}: <time dateTime={claim.earnedAt}>{formatDate(claim.earnedAt, i18n.language, { withTime: true })}</time>
                  </span>
                </>
              ),
            },
            { header: t('payable.amount'), kind: 'number', cell: (claim) => formatPrice(String(claim.amount)) },
            {
              header: t('payable.account'),
              cell: ({ bankAccount }) => (
                <>
                  {bankAccount.bankName}
                  <br />
                  <span className="admin-table__number">{bankAccount.accountNumber}</span>
                  <br />
                  {bankAccount.accountHolder}
                </>
              ),
            },
            {
              header: t('payable.actions'),
              kind: 'actions',
              cell: (claim) => (
                <>
                  <Button variant="primary" className="admin-action" aria-label={`${t('payable.markPaid')}: ${nameOf(claim)}`} onClick={() => setPaying(claim)}>
                    {t('payable.markPaid')}
                  </Button>
                  <Button
                    variant="subtle"
                    className="admin-action"
                    aria-expanded={historyOf === claim._id}
                    aria-label={`${t('payable.history')}: ${nameOf(claim)}`}
                    onClick={() => setHistoryOf(historyOf === claim._id ? null : claim._id)}
                  >
                    {t('payable.history')}
                  </Button>
                  {historyOf === claim._id && <ClaimHistory refundId={claim._id} />}
                </>
              ),
            },
          ]}
          loadError={t('payable.loadError')}
          empty={t('payable.empty')}
          rowKey={(claim) => claim._id}
        />
        {claims.data && <Pager name={title} page={page} total={claims.data.total} onChange={setPage} />}
      </AdminSection>
      {paying && (
        <MarkPaidDialog
          claim={paying}
          isSaving={setPaid.isPending}
          error={setPaid.error}
          onClose={() => {
            setPaid.reset();
            setPaying(null);
          }}
          onPaid={(method) => setPaid.mutate({ refund: paying, isPaid: true, method }, { onSuccess: () => setPaying(null) })}
        />
      )}
    </>
  );
}
