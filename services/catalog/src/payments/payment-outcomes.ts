// What a payment QPay reported does (`qpay-payment.received`, applied once through the inbox): one of
// the invoice's whole amount for a request still pending approves it through the same path as an
// administrator's Approve, recorded as paid by QPay with the payment's id, amount and time. Anything
// else (less or more than the invoice, or a request cancelled or approved by hand before it came)
// approves nothing: the payment is flagged with its figures for the administrator.
import type { payments } from '@learning/contracts';
import { recordEvent, type EventOf } from '@learning/kit/events';
import { HttpError } from '@learning/kit/http';
import { approveLocked, lockRequest } from '../requests.js';
import type { CatalogDb } from '../tables.js';

export async function applyPaymentReceived(trx: CatalogDb, event: EventOf<'qpay-payment.received'>): Promise<void> {
  const { invoiceId, requestId, paymentId, amount, paidAt } = event.data;
  const payment = await trx.selectFrom('qpay_payment').select(['id', 'outcome']).where('payment_id', '=', paymentId).executeTakeFirst();
  if (!payment || payment.outcome !== 'received') return;
  const invoice = await trx.selectFrom('qpay_invoice').select(['kind', 'amount']).where('id', '=', invoiceId).executeTakeFirstOrThrow();
  // The request first, then the invoice: the order in which a new invoice takes them. A request
  // cancelled (deleted) meanwhile is not found.
  const locked = await lockRequest(trx, invoice.kind, requestId).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 404) return undefined;
    throw error;
  });
  const status = (await trx.selectFrom('qpay_invoice').select('status').where('id', '=', invoiceId).forUpdate().executeTakeFirstOrThrow()).status;

  const outcome: payments.PaymentOutcome =
    amount < invoice.amount ? 'partial' : amount > invoice.amount ? 'excess' : !locked || locked.is_approved || status === 'cancelled' || status === 'paid' ? 'request_gone' : 'approved';
  if (outcome === 'approved') {
    await approveLocked(trx, locked!, { via: 'qpay', paymentId, amount, paidAt: new Date(paidAt) });
    await recordEvent(trx, 'qpay-invoice.paid', { invoiceId, paymentId });
  }
  await trx.updateTable('qpay_payment').set({ outcome }).where('id', '=', payment.id).execute();
  const invoiceStatus = outcome === 'approved' ? 'paid' : status === 'open' ? 'flagged' : status;
  await trx.updateTable('qpay_invoice').set({ status: invoiceStatus }).where('id', '=', invoiceId).execute();
}
