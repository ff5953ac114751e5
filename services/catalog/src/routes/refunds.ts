// The refund ledger's calls, all the administrator's: a plan's report (JSON and CSV), a
// learner's refunds, marking a refund paid and undoing it, and whether recordings came on time.
import { refunds } from '@learning/contracts';
import { requireAdmin } from '@learning/kit/auth';
import { parseInput } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router } from 'express';
import { aloudTimeliness } from '../aloud-recordings.js';
import { learnerRefunds, markRefundPaid, planRefunds, undoRefundPayment } from '../refunds.js';
import { refundsCsv } from '../refunds-csv.js';
import type { CatalogTables } from '../tables.js';

export function refundRoutes(context: ServiceContext<CatalogTables>, amountPerItem: number): Router {
  const { db } = context;
  const router = Router();
  const noStore = { 'cache-control': 'private, no-store' };

  // Learners with at least one refund of the plan, by email; `perPage`, `currentPage`.
  router.get('/v1/monsterplans/:id/refunds', requireAdmin, async (req, res) => {
    const page = parseInput(refunds.planRefundsQuery, req.query);
    res.set(noStore).json(await planRefunds(db, req.params.id as string, page, amountPerItem));
  });

  // The whole report as a file, one row per refund.
  router.get('/v1/monsterplans/:id/refunds.csv', requireAdmin, async (req, res) => {
    const report = await planRefunds(db, req.params.id as string, undefined, amountPerItem);
    res
      .set({ ...noStore, 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="refunds-${report.monsterplan._id}.csv"` })
      .send(Buffer.from(refundsCsv(report), 'utf8'));
  });

  // One learner's refunds of every plan (the learner's page).
  router.get('/v1/refunds', requireAdmin, async (req, res) => {
    const { user } = parseInput(refunds.learnerRefundsQuery, req.query);
    res.set(noStore).json(await learnerRefunds(db, user));
  });

  // Whether each recording (≤ 100 ids) came within 24 hours of its day's assignment. Before `/:id`.
  router.get('/v1/refunds/alouds', requireAdmin, async (req, res) => {
    const { ids } = parseInput(refunds.aloudTimelinessQuery, req.query);
    res.set(noStore).json({ result: await aloudTimeliness(db, ids) });
  });

  // "Mark paid": by the calling administrator, now; `{method}` bank_transfer (also with no body) or
  // qpay_refund. A paid refund stays as it was.
  router.put('/v1/refunds/:refundId/paid', requireAdmin, async (req, res) => {
    const { method } = parseInput(refunds.markPaidBody, req.body);
    res.json(await markRefundPaid(db, req.params.refundId as string, req.principal!.id, method));
  });

  // Undo "mark paid", by the calling administrator.
  router.delete('/v1/refunds/:refundId/paid', requireAdmin, async (req, res) => {
    res.json(await undoRefundPayment(db, req.params.refundId as string, req.principal!.id));
  });

  return router;
}
