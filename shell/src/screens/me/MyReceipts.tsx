// The learner's plans and bundles paid through QPay on /me: each with its amount and day and, once
// QPay made it, the e-receipt's number and QR code (the learner shows it to the tax office's app).
import type { payments } from '@learning/contracts';
import { centreTimeZone, formatDate, formatPrice, LoadError, usePaidInvoices, useTranslation } from '@learning/platform';
import '../strings';

export function MyReceipts() {
  const { t } = useTranslation('shell');
  const paid = usePaidInvoices();
  if (paid.isPending) return null;
  if (paid.isError) return <LoadError title={t('receipts.loadError')} onRetry={() => void paid.refetch()} />;
  // A learner who never paid by QPay sees nothing of it here.
  if (paid.data.result.length === 0) return null;
  return (
    <section className="my-learning__section my-receipts" aria-labelledby="my-receipts">
      <h2 id="my-receipts">{t('receipts.title')}</h2>
      <ul className="my-receipts__list">
        {paid.data.result.map((invoice) => (
          <PaidInvoice key={invoice.invoiceId} invoice={invoice} />
        ))}
      </ul>
    </section>
  );
}

function PaidInvoice({ invoice }: { invoice: payments.PaidInvoice }) {
  const { t, i18n } = useTranslation('shell');
  const { receipt } = invoice;
  return (
    <li className="my-receipts__paid">
      <p className="my-receipts__what">
        <strong>{invoice.name}</strong> · {formatPrice(invoice.amount)} ·{' '}
        {formatDate(invoice.paidAt, i18n.language, { withTime: true, timeZone: centreTimeZone })}
      </p>
      {receipt ? (
        <div className="my-receipts__receipt">
          <p>{t('receipts.number', { number: receipt.number })}</p>
          <img src={`data:image/png;base64,${receipt.qrImage}`} alt={t('receipts.qrAlt', { number: receipt.number })} width={160} height={160} />
        </div>
      ) : (
        <p className="my-receipts__pending">{t('receipts.noReceipt', { paymentId: invoice.paymentId })}</p>
      )}
    </li>
  );
}
