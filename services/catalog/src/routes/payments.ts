// /v1/payments: paying a request through QPay (the learner's invoice, QPay's callback) and the
// administrator's reconciliation (every payment, as a page or a CSV; cancelling an open invoice).
import { payments } from '@learning/contracts';
import { transaction } from '@learning/kit/data';
import { recordEvent } from '@learning/kit/events';
import { requireAdmin, requireUser } from '@learning/kit/auth';
import { isUuid, parseInput } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router, type RequestHandler } from 'express';
import { cancelInvoice, findInvoice, invoiceRefusals, openInvoice, paidInvoicesOf, type InvoiceSettings } from '../payments/invoices.js';
import { listPayments, paymentsCsv } from '../payments/payments-report.js';
import type { QpayClient } from '../payments/qpay-client.js';
import type { CatalogTables } from '../tables.js';

export function paymentRoutes(context: ServiceContext<CatalogTables>, qpay: QpayClient | undefined, settings: InvoiceSettings): Router {
  const { db } = context;
  const router = Router();
  const noStore = { 'cache-control': 'private, no-store' };
  const withQpay = (): QpayClient => {
    if (!qpay) throw invoiceRefusals.qpayOff();
    return qpay;
  };

  // Anyone: whether the request's dialog offers "QPay-ээр төлөх".
  router.get('/v1/payments/qpay', (_req, res) => {
    res.json({ isEnabled: qpay !== undefined } satisfies payments.QpayOffer);
  });

  // A signed-in learner: the invoice of their pending request ({monsterplan} or {lesson}); 201 when
  // QPay made a new one, 200 for the same unpaid one again.
  router.post('/v1/payments/qpay/invoices', requireUser, async (req, res) => {
    const client = withQpay();
    const body = parseInput(payments.invoiceBody, req.body);
    const { invoice, isNew } = await openInvoice(db, client, settings, req.principal!.id, body);
    res.status(isNew ? 201 : 200).set(noStore).json(invoice);
  });

  // A signed-in learner: their invoices paid through QPay, with the e-receipts.
  router.get('/v1/payments/qpay/receipts', requireUser, async (req, res) => {
    res.set(noStore).json({ result: await paidInvoicesOf(db, req.principal!.id) });
  });

  // The learner whose invoice it is, or an administrator: its state (open, paid…) and receipt.
  router.get('/v1/payments/qpay/invoices/:id', requireUser, async (req, res) => {
    res.set(noStore).json(await findInvoice(db, req.params.id as string, req.principal!));
  });

  // Administrator: cancels an open invoice at QPay.
  router.delete('/v1/payments/qpay/invoices/:id', requireAdmin, async (req, res) => {
    res.json(await cancelInvoice(db, withQpay(), req.params.id as string));
  });

  // QPay, with GET (some merchants see POST): carries no proof, so it only wakes the check through
  // the catalog's own consumer. The gateway limits how often it may be called.
  const calledBack: RequestHandler = async (req, res) => {
    withQpay();
    const invoiceId = req.params.id as string;
    if (!isUuid(invoiceId)) throw invoiceRefusals.invoiceNotFound();
    await transaction(db, async (trx) => {
      const invoice = await trx.selectFrom('qpay_invoice').select('status').where('id', '=', invoiceId).executeTakeFirst();
      if (!invoice) throw invoiceRefusals.invoiceNotFound();
      if (invoice.status !== 'paid') await recordEvent(trx, 'qpay-invoice.called-back', { invoiceId });
    });
    res.status(200).type('text/plain').send('SUCCESS');
  };
  router.get('/v1/payments/qpay/callback/:id', calledBack);
  router.post('/v1/payments/qpay/callback/:id', calledBack);

  // Administrator: every payment QPay reported, newest first; `from` and `to` (days), `perPage`, `currentPage`.
  router.get('/v1/payments', requireAdmin, async (req, res) => {
    const { from, to, perPage, currentPage } = parseInput(payments.paymentsQuery, req.query);
    res.set(noStore).json(await listPayments(db, { from, to }, { perPage, currentPage }));
  });

  // Administrator: the same as a CSV file (UTF-8 with BOM).
  router.get('/v1/payments.csv', requireAdmin, async (req, res) => {
    const days = parseInput(payments.paymentsCsvQuery, req.query);
    const name = `payments${days.from ? `-${days.from}` : ''}${days.to ? `-${days.to}` : ''}.csv`;
    res
      .set({ ...noStore, 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"` })
      .send(Buffer.from(paymentsCsv(await listPayments(db, days)), 'utf8'));
  });

  return router;
}
