// The catalog's own QPay events: a callback wakes the invoice's check; a reported payment approves
// its request or is flagged (once, through the inbox); a paid invoice gets its e-receipt when the
// centre wants one; and a request approved by hand or cancelled has its open invoice cancelled at QPay.
// Without QPay configured, each is taken and does nothing.
import { applyOnce, subscribe, type Subscription } from '@learning/kit/events';
import type { CatalogDb } from '../tables.js';
import { closeInvoicesOf } from './invoices.js';
import { checkInvoice } from './payment-checks.js';
import { applyPaymentReceived } from './payment-outcomes.js';
import type { QpayClient } from './qpay-client.js';
import { makeReceipt } from './receipts.js';

export function paymentSubscriptions(db: CatalogDb, qpay: QpayClient | undefined, wantsReceipts: boolean): Subscription[] {
  return [
    subscribe('qpay-invoice.called-back', async (event) => {
      if (qpay) await checkInvoice(db, qpay, event.data.invoiceId);
    }),
    subscribe('qpay-payment.received', applyOnce(db, applyPaymentReceived)),
    subscribe('qpay-invoice.paid', async (event) => {
      if (qpay && wantsReceipts) await makeReceipt(db, qpay, event);
    }),
    subscribe(['lesson-request.approved', 'lesson-request.cancelled', 'monsterplan-request.approved', 'monsterplan-request.cancelled'], async (event) => {
      if (qpay) await closeInvoicesOf(db, qpay, event.data.requestId);
    }),
  ];
}
