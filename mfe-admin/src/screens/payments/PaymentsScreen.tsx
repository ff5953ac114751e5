// /administrator/payments ('Төлбөрүүд'): every payment QPay reported, for reconciliation, the newest
// first: when it was paid (the centre's clock), QPay's payment id, the amount and the invoiced
// amount, how it turned out (one that could not approve its request flagged), and the learner's
// email (a link to their page) with the request's kind and name in one column, so that the list
// fits a laptop's width. Filtered by the centre's days (kept in the address), paged on the server, and the same
// days as CSV.
import { Badge, formatPrice, Link, PageTitle, useTranslation } from '@learning/platform';
import { AdminTable } from '../../components/AdminTable';
import { CentreTime } from '../../components/CentreTime';
import { CsvDownload } from '../../components/CsvDownload';
import { Pager } from '../../components/Pager';
import { usePageParam } from '../../paging';
import { downloadPaymentsCsv, isMismatched, outcomeTone, usePayments } from '../../payments';
import { PaymentDaysFilter } from './PaymentDaysFilter';
import { learnerPath } from '../../users';
import { usePaymentDays } from './usePaymentDays';

export function PaymentsScreen() {
  const { t } = useTranslation('admin');
  const [days, setDays] = usePaymentDays();
  const [page, setPage] = usePageParam();
  const payments = usePayments(days, page);
  const title = t('payments.title');
  return (
    <div className="admin-payments">
      <PageTitle>{title}</PageTitle>
      <p className="admin-muted">{t('payments.lead')}</p>
      <div className="admin-section__head">
        <PaymentDaysFilter days={days} onChange={setDays} />
        <CsvDownload download={() => downloadPaymentsCsv(days)} />
      </div>
      <AdminTable
        query={payments}
        rows={payments.data?.result}
        caption={title}
        columns={[
          { header: t('payments.columns.paidAt'), cell: (payment) => <CentreTime date={payment.paidAt} /> },
          { header: t('payments.columns.paymentId'), cell: (payment) => payment.paymentId },
          { header: t('payments.columns.amount'), kind: 'number', cell: (payment) => formatPrice(payment.amount) },
          { header: t('payments.columns.invoiceAmount'), kind: 'number', cell: (payment) => formatPrice(payment.invoiceAmount) },
          { header: t('payments.columns.outcome'), cell: (payment) => <Badge tone={outcomeTone(payment.outcome)}>{t(`payments.outcome.${payment.outcome}`)}</Badge> },
          {
            header: t('payments.columns.request'),
            cell: (payment) => (
              <>
                <Link className="admin-payment__email" to={learnerPath(payment.user._id)}>
                  {payment.user.email}
                </Link>
                <span className="admin-payment__kind">{t(`requests.kind.${payment.request.kind}`)}</span> {payment.request.name}
              </>
            ),
          },
        ]}
        loadError={t('payments.loadError')}
        empty={t('payments.empty')}
        rowKey={(payment) => payment._id}
        rowAttributes={(payment) => (isMismatched(payment.outcome) ? { className: 'admin-row--flagged' } : {})}
      />
      {payments.data && <Pager name={title} page={page} total={payments.data.total} onChange={setPage} />}
    </div>
  );
}
