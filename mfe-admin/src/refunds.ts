// The refund ledger (contract section 3): a plan's report per learner, a learner's refunds,
// marking one paid and undoing it (the answer replaces the item shown), and the report as CSV.
// And the claims ready to pay: their list, the bank's CSV, paying one by bank transfer or QPay refund
// (it leaves the list), and a claim's history.
import type { refunds } from '@learning/contracts';
import { api, keepPreviousData, useMutation, useQuery, useQueryClient } from '@learning/platform';
import { downloadCsv } from './csv-download';
import { refundsKey } from './keys';
import { rowsPerPage } from './paging';

export interface RefundItem {
  _id: string;
  kind: 'exam' | 'aloud';
  amount: number;
  earnedAt: string;
  exam: { correctQuestions: number; totalQuestions: number } | null;
  aloud: { aloudId: string; week: number; dayOfWeek: number; assignedAt: string; recordedAt: string } | null;
  paidAt: string | null;
  paidBy: { _id: string; email: string } | null;
  paidVia: refunds.PaymentMethod | null;
}

export interface LearnerRefunds {
  user: { _id: string; email: string };
  items: RefundItem[];
  earnedAmount: number;
  paidAmount: number;
  /** The price the learner's request for the plan recorded; null when the request is gone. */
  paidPrice: string | null;
}

export interface RefundReport {
  monsterplan: { _id: string; name: string };
  amountPerItem: number;
  result: LearnerRefunds[];
  total: number;
}

export type UserRefund = RefundItem & { monsterplan: { _id: string; name: string } };

export const refundReportPath = (monsterplanId: string) => `/administrator/monsterplans/${encodeURIComponent(monsterplanId)}/refunds`;
const reportPath = (monsterplanId: string) => `/v1/monsterplans/${encodeURIComponent(monsterplanId)}/refunds`;

export function useRefundReport(monsterplanId: string, page: number) {
  return useQuery({
    queryKey: [...refundsKey, 'report', monsterplanId, page],
    queryFn: ({ signal }) => api.get<RefundReport>(reportPath(monsterplanId), { perPage: rowsPerPage, currentPage: page }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUserRefunds(userId: string) {
  return useQuery({
    queryKey: [...refundsKey, 'user', userId],
    queryFn: ({ signal }) => api.get<{ result: UserRefund[] }>('/v1/refunds', { user: userId }, signal),
  });
}

/**
 * PUT marks it paid (a paid one stays as it was), by bank transfer unless `method` says QPay refund;
 * DELETE undoes it; each answers the item as it is now. The claims ready to pay and the histories
 * are read again.
 */
export function useSetRefundPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ refund, isPaid, method }: { refund: Pick<RefundItem, '_id'>; isPaid: boolean; method?: refunds.PaymentMethod }) => {
      const path = `/v1/refunds/${encodeURIComponent(refund._id)}/paid`;
      return isPaid ? api.put<RefundItem>(path, method ? { method } : undefined) : api.delete<RefundItem>(path);
    },
    onSuccess: (item) => {
      queryClient.setQueriesData<unknown>({ queryKey: refundsKey }, (shown: unknown) => withItem(shown, item));
      void queryClient.invalidateQueries({ queryKey: payableKey });
      void queryClient.invalidateQueries({ queryKey: [...refundsKey, 'history', item._id] });
    },
  });
}

const payableKey = [...refundsKey, 'payable'] as const;
export const payableRefundsPath = '/administrator/refunds';

/** GET /v1/refunds/payable: a page of the claims ready to pay, newest first. */
export function usePayableRefunds(page: number) {
  return useQuery({
    queryKey: [...payableKey, page],
    queryFn: ({ signal }) => api.get<{ result: refunds.PayableRefund[]; total: number }>('/v1/refunds/payable', { perPage: rowsPerPage, currentPage: page }, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /v1/refunds/{id}/history: every change of the claim, oldest first; asked for once shown. */
export function useRefundHistory(refundId: string, isShown: boolean) {
  return useQuery({
    queryKey: [...refundsKey, 'history', refundId],
    queryFn: ({ signal }) => api.get<refunds.ClaimHistory>(`/v1/refunds/${encodeURIComponent(refundId)}/history`, undefined, signal),
    enabled: isShown,
  });
}

/** A report or a learner's list with the item replaced (and the learner's paid amount counted again). */
export function withItem(shown: unknown, item: RefundItem): unknown {
  if (!shown || typeof shown !== 'object' || !('result' in shown)) return shown;
  if ('amountPerItem' in shown) {
    const report = shown as RefundReport;
    return {
      ...report,
      result: report.result.map((learner) => {
        if (!learner.items.some((each) => each._id === item._id)) return learner;
        const items = learner.items.map((each) => (each._id === item._id ? item : each));
        return { ...learner, items, paidAmount: items.reduce((sum, each) => sum + (each.paidAt ? each.amount : 0), 0) };
      }),
    };
  }
  const list = shown as { result: UserRefund[] };
  return { ...list, result: list.result.map((each) => (each._id === item._id ? { ...each, ...item } : each)) };
}

/** GET …/refunds.csv, saved under the name the server gives (refunds-{id}.csv). */
export function downloadRefundsCsv(monsterplanId: string): Promise<void> {
  return downloadCsv(`${reportPath(monsterplanId)}.csv`, { fallbackName: `refunds-${monsterplanId}.csv` });
}

/** GET /v1/refunds/payable.csv: the bank's bulk-transfer file of the claims ready to pay. */
export function downloadPayableCsv(): Promise<void> {
  return downloadCsv('/v1/refunds/payable.csv', { fallbackName: 'refunds-payable.csv' });
}
