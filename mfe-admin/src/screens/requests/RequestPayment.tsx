// How a request was paid, in its row of the requests panel: by QPay (the payment's id, amount and
// time) or approved by hand (when); a pending one's open QPay invoice (amount, expiry) with
// 'Нэхэмжлэх цуцлах' after an inline 'Тийм'; and the payments that came but could not approve it,
// flagged with their figures for the administrator to settle.
import { Badge, formatPrice, useTranslation } from '@learning/platform';
import { CentreTime } from '../../components/CentreTime';
import { ConfirmInline } from '../../components/ConfirmInline';
import { outcomeTone } from '../../payments';
import type { AccessRequest } from '../../requests';

export interface RequestPaymentProps {
  request: AccessRequest;
  isCancellingInvoice: boolean;
  onCancelInvoice: (invoice: { _id: string }) => void;
}

export function RequestPayment({ request, isCancellingInvoice, onCancelInvoice }: RequestPaymentProps) {
  const { t } = useTranslation('admin');
  const { payment, openInvoice, flaggedPayments } = request;
  const invoice = request.isApproved ? null : openInvoice;
  if (!payment && !invoice && flaggedPayments.length === 0) return <span className="admin-muted">{t('payments.none')}</span>;
  return (
    <div className="admin-payment">
      {payment?.method === 'qpay' && (
        <p>
          <Badge tone="success">{t('payments.qpay')}</Badge> {formatPrice(payment.amount)}, <CentreTime date={payment.paidAt} />
          <span className="admin-payment__id">{t('payments.paymentId', { id: payment.paymentId })}</span>
        </p>
      )}
      {payment?.method === 'manual' && (
        <p>
          {t('payments.manual')}, <CentreTime date={payment.approvedAt} />
        </p>
      )}
      {invoice && (
        <div className="admin-payment__invoice">
          <p>
            <Badge tone="info">{t('payments.openInvoice')}</Badge> {formatPrice(invoice.amount)}
            <span className="admin-payment__expiry">
              {t('payments.expiresAt')} <CentreTime date={invoice.expiresAt} />
            </span>
          </p>
          <ConfirmInline
            label={t('payments.cancelInvoice')}
            name={t('payments.cancelInvoiceLabel', { email: request.user.email, name: request.bundle.name })}
            question={t('payments.confirmCancelInvoice')}
            isLoading={isCancellingInvoice}
            onConfirm={() => onCancelInvoice(invoice)}
          />
        </div>
      )}
      {flaggedPayments.length > 0 && (
        <ul className="admin-payment__flagged" aria-label={t('payments.flaggedLabel')}>
          {flaggedPayments.map((flagged) => (
            <li key={flagged.paymentId}>
              <Badge tone={outcomeTone(flagged.outcome)}>{t(`payments.flagged.${flagged.outcome}`, { amount: formatPrice(flagged.amount), invoiceAmount: formatPrice(flagged.invoiceAmount) })}</Badge>
              <span className="admin-payment__id">
                {t('payments.paymentId', { id: flagged.paymentId })}, <CentreTime date={flagged.paidAt} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
