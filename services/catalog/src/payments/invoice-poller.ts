// The poller asks QPay about each open invoice on its schedule (payment-checks.ts, nextCheckAt), so a
// callback that never came still grants access, and ends the invoices that expired unpaid. Due
// invoices are claimed with SKIP LOCKED and their next check written before QPay is asked, so two
// catalog processes never check the same invoice at once.
import { transaction } from '@learning/kit/data';
import type { ServiceContext } from '@learning/kit/service';
import type { CatalogDb, CatalogTables } from '../tables.js';
import { closeInvoice } from './invoices.js';
import { checkInvoice, nextCheckAt } from './payment-checks.js';
import type { QpayClient } from './qpay-client.js';

/** Invoices one round checks at most; the rest are due at the next. */
const roundSize = 50;

export function pollOpenInvoices({ db, logger }: ServiceContext<CatalogTables>, qpay: QpayClient, checkMs: number): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = pollDueInvoices(db, qpay, checkMs, (error, invoiceId) => logger.warn({ err: error, invoiceId }, 'checking a QPay invoice failed; it is checked again on its schedule'));
  }, checkMs).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** One round: checks every due invoice, and ends those past their expiry. Resolves with how many it checked. */
export async function pollDueInvoices(db: CatalogDb, qpay: QpayClient, checkMs: number, onFailure: (error: unknown, invoiceId: string) => void): Promise<number> {
  const now = new Date();
  const due = await transaction(db, async (trx) => {
    const rows = await trx
      .selectFrom('qpay_invoice')
      .select(['id', 'created_at', 'expires_at'])
      .where('status', '=', 'open')
      .where('next_check_at', '<=', now)
      .orderBy('next_check_at')
      .limit(roundSize)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const row of rows) {
      await trx.updateTable('qpay_invoice').set({ next_check_at: nextCheckAt(row.created_at, now, checkMs) }).where('id', '=', row.id).execute();
    }
    return rows;
  });
  for (const invoice of due) {
    try {
      await checkInvoice(db, qpay, invoice.id);
      if (invoice.expires_at <= now) await closeInvoice(db, qpay, invoice.id, 'expired');
    } catch (error) {
      onFailure(error, invoice.id);
    }
  }
  return due.length;
}
