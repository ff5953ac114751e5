// Paying by QPay as the administrator sees it: cancelling a request's open invoice, every payment
// QPay reported for reconciliation (a page of days, and the same days as CSV), and how each payment
// turned out, so that one that could not approve its request stands out.
import type { Page, payments } from '@learning/contracts';
import { api, keepPreviousData, useMutation, useQuery, useQueryClient, type BadgeTone } from '@learning/platform';
import { downloadCsv } from './csv-download';
import { paymentsKey, requestsKey } from './keys';
import { rowsPerPage } from './paging';
import type { RequestKind } from './requests';

/** The centre's days the payments are listed for, "YYYY-MM-DD" as the address and the API write them, both included; '' leaves that end open. */
export interface PaymentDays {
  from: string;
  to: string;
}

/** A payment whose amount differs from its invoice's, or whose request was gone: it approved nothing and waits for the administrator. */
export const isMismatched = (outcome: payments.PaymentOutcome) => outcome === 'partial' || outcome === 'excess' || outcome === 'request_gone';

export const outcomeTone = (outcome: payments.PaymentOutcome): BadgeTone => (outcome === 'approved' ? 'success' : outcome === 'received' ? 'info' : 'danger');

const daysQuery = ({ from, to }: PaymentDays) => ({ from: from || undefined, to: to || undefined });

/** GET /v1/payments: the newest first, a page of the days chosen. */
export function usePayments(days: PaymentDays, page: number) {
  return useQuery({
    queryKey: [...paymentsKey, days.from, days.to, page],
    queryFn: ({ signal }) => api.get<Page<payments.Payment>>('/v1/payments', { ...daysQuery(days), perPage: rowsPerPage, currentPage: page }, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /v1/payments.csv of the same days, saved under the server's name (payments[-from][-to].csv). */
export function downloadPaymentsCsv(days: PaymentDays): Promise<void> {
  return downloadCsv('/v1/payments.csv', { query: daysQuery(days), fallbackName: `${['payments', days.from, days.to].filter(Boolean).join('-')}.csv` });
}

/** DELETE /v1/payments/qpay/invoices/{id} cancels it at QPay. The list is reloaded either way: a 409 means it was paid or closed meanwhile. */
export function useCancelInvoice(kind: RequestKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoice: { _id: string }) => api.delete<payments.Invoice>(`/v1/payments/qpay/invoices/${encodeURIComponent(invoice._id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsKey(kind) }),
  });
}
