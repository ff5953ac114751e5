// Paying by QPay as the administrator sees it: cancelling a request's open invoice, and how each
// payment QPay reported turned out, so that one that could not approve its request stands out.
import type { payments } from '@learning/contracts';
import { api, useMutation, useQueryClient, type BadgeTone } from '@learning/platform';
import { requestsKey } from './keys';
import type { RequestKind } from './requests';

/** A payment whose amount differs from its invoice's, or whose request was gone: it approved nothing and waits for the administrator. */
export const isMismatched = (outcome: payments.PaymentOutcome) => outcome === 'partial' || outcome === 'excess' || outcome === 'request_gone';

export const outcomeTone = (outcome: payments.PaymentOutcome): BadgeTone => (outcome === 'approved' ? 'success' : outcome === 'received' ? 'info' : 'danger');

/** DELETE /v1/payments/qpay/invoices/{id} cancels it at QPay. The list is reloaded either way: a 409 means it was paid or closed meanwhile. */
export function useCancelInvoice(kind: RequestKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoice: { _id: string }) => api.delete<payments.Invoice>(`/v1/payments/qpay/invoices/${encodeURIComponent(invoice._id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsKey(kind) }),
  });
}
