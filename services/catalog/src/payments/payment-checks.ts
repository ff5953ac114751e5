// Whether an invoice was paid is QPay's to say, asked through the payment check; nothing else is
// believed, not even QPay's callback, which carries no proof. Each PAID payment the check reports is
// recorded once (by QPay's payment id) and published as `qpay-payment.received`; the catalog's own
// consumer then decides what it does (payment-outcomes.ts). The check runs when a callback wakes it
// and on the poller's schedule, so a lost callback still grants access.
import { recordEvent } from '@learning/kit/events';
import { transaction } from '@learning/kit/data';
import type { CatalogDb } from '../tables.js';
import type { InvoiceRow } from './invoices.js';
import type { QpayClient } from './qpay-client.js';

/** Asks QPay for the invoice's payments and records each new PAID one. A paid invoice is not asked again. */
export async function checkInvoice(db: CatalogDb, qpay: QpayClient, invoiceId: string): Promise<void> {
  const invoice = await db.selectFrom('qpay_invoice').selectAll().where('id', '=', invoiceId).executeTakeFirst();
  if (!invoice || invoice.status === 'paid') return;
  await recordPayments(db, invoice, await qpay.paymentsOf(invoice.qpay_invoice_id));
}

async function recordPayments(db: CatalogDb, invoice: InvoiceRow, reported: Awaited<ReturnType<QpayClient['paymentsOf']>>): Promise<number> {
  const paid = reported.filter((payment) => payment.status === 'PAID');
  if (paid.length === 0) return 0;
  return transaction(db, async (trx) => {
    let recorded = 0;
    for (const payment of paid) {
      const amount = Math.round(payment.amount);
      const row = await trx
        .insertInto('qpay_payment')
        .values({ payment_id: payment.paymentId, invoice_id: invoice.id, amount, paid_at: payment.paidAt })
        .onConflict((conflict) => conflict.column('payment_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) continue;
      recorded += 1;
      await recordEvent(trx, 'qpay-payment.received', {
        invoiceId: invoice.id,
        requestId: invoice.request_id,
        paymentId: payment.paymentId,
        amount,
        paidAt: payment.paidAt.toISOString(),
      });
    }
    return recorded;
  });
}

/**
 * When the poller next asks about an invoice made at `createdAt`: every `checkMs` in its first 15
 * minutes, when a learner who scanned the code is paying, then every 20 × `checkMs` until it expires.
 */
export function nextCheckAt(createdAt: Date, now: Date, checkMs: number): Date {
  const isEarly = now.getTime() - createdAt.getTime() < 15 * 60_000;
  return new Date(now.getTime() + (isEarly ? checkMs : 20 * checkMs));
}
