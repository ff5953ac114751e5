// Refund claims: the learner's account to be paid into and their claims' states (the learner's
// own), and the claims ready to pay (JSON and the bank's CSV) with each claim's history (the
// administrator's). Marking paid is with the ledger's calls (refunds.ts).
import { refunds } from '@learning/contracts';
import { requireAdmin, requireUser } from '@learning/kit/auth';
import { parseInput } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router } from 'express';
import { type AccountSeal, bankAccountOf, saveBankAccount } from '../bank-accounts.js';
import { payableCsv } from '../payable-csv.js';
import { claimHistory, myRefunds, payableRefunds } from '../refund-claims.js';
import type { CatalogTables } from '../tables.js';

export function refundClaimRoutes(context: ServiceContext<CatalogTables>, seal: AccountSeal): Router {
  const { db } = context;
  const router = Router();
  const noStore = { 'cache-control': 'private, no-store' };

  // The signed-in learner's account for refunds; 404 bank_account_not_found until given.
  router.get('/v1/me/bank-account', requireUser, async (req, res) => {
    res.set(noStore).json(await bankAccountOf(db, seal, req.principal!.id));
  });

  // Gives or replaces it: every claim not yet paid has its details given.
  router.put('/v1/me/bank-account', requireUser, async (req, res) => {
    const account = parseInput(refunds.bankAccountBody, req.body);
    res.set(noStore).json(await saveBankAccount(db, seal, req.principal!.id, account));
  });

  // The signed-in learner's claims with their states, newest first.
  router.get('/v1/me/refunds', requireUser, async (req, res) => {
    res.set(noStore).json(await myRefunds(db, req.principal!.id));
  });

  // Claims with an account given and not yet paid, newest first; `perPage`, `currentPage`.
  router.get('/v1/refunds/payable', requireAdmin, async (req, res) => {
    const page = parseInput(refunds.payableRefundsQuery, req.query);
    res.set(noStore).json(await payableRefunds(db, seal, page));
  });

  // The same claims, every one, as the bank's bulk-transfer file.
  router.get('/v1/refunds/payable.csv', requireAdmin, async (_req, res) => {
    const { result } = await payableRefunds(db, seal, undefined);
    res
      .set({ ...noStore, 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="refunds-payable.csv"' })
      .send(Buffer.from(payableCsv(result), 'utf8'));
  });

  // Every change of one claim: what, who and when, oldest first.
  router.get('/v1/refunds/:refundId/history', requireAdmin, async (req, res) => {
    res.set(noStore).json(await claimHistory(db, req.params.refundId as string));
  });

  return router;
}
