// Paying a pending request by QPay in the shared query client: whether the centre takes QPay, the
// learner's invoice for a plan or a bundle (the same unpaid one each time it is asked for), and the
// invoice watched while its dialog is open, until it is paid or ends.
import type { payments } from '@learning/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { reloadUserUntil } from '../session';
import { progressKey } from './progress';

export const qpayOfferKey = ['payments', 'qpay'] as const;
export const paidInvoicesKey = [...qpayOfferKey, 'receipts'] as const;
export const invoiceKey = (invoiceId: string) => [...qpayOfferKey, 'invoices', invoiceId] as const;

/** How often an open invoice's dialog asks whether it was paid; TanStack Query stops while the tab is hidden. */
export const invoicePollMs = 3000;

export function fetchQpayOffer(signal?: AbortSignal): Promise<payments.QpayOffer> {
  return api.get<payments.QpayOffer>('/v1/payments/qpay', undefined, signal);
}

export function fetchInvoice(invoiceId: string, signal?: AbortSignal): Promise<payments.Invoice> {
  return api.get<payments.Invoice>(`/v1/payments/qpay/invoices/${encodeURIComponent(invoiceId)}`, undefined, signal);
}

/** GET /v1/payments/qpay/receipts: the learner's invoices paid through QPay, with their e-receipts (on /me). */
export function usePaidInvoices() {
  return useQuery({
    queryKey: paidInvoicesKey,
    queryFn: ({ signal }) => api.get<{ result: payments.PaidInvoice[] }>('/v1/payments/qpay/receipts', undefined, signal),
  });
}

/** GET /v1/payments/qpay: it changes only with the centre's settings, so one answer serves the visit. */
export function useQpayOffer() {
  return useQuery({ queryKey: qpayOfferKey, queryFn: ({ signal }) => fetchQpayOffer(signal), staleTime: 60 * 60_000 });
}

/**
 * POST /v1/payments/qpay/invoices: mutate({ monsterplan: id }) or mutate({ lesson: id }). The answer
 * is the invoice to show, a new one or the one still open, and becomes the watched invoice's data.
 */
export function useOpenInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bundle: payments.InvoiceBody) => api.post<payments.Invoice>('/v1/payments/qpay/invoices', bundle),
    onSuccess: (invoice) => queryClient.setQueryData(invoiceKey(invoice._id), invoice),
  });
}

/**
 * GET /v1/payments/qpay/invoices/{id} every few seconds while the invoice is open and the tab is
 * visible, and when the learner comes back to the tab. The moment it reads paid, the learner's user
 * is reloaded until the plan or bundle shows approved, so the page behind turns approved without
 * waiting for the notification.
 */
export function useInvoice(invoiceId: string, bundle: payments.InvoiceBody) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: invoiceKey(invoiceId),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<payments.Invoice>(invoiceKey(invoiceId));
      const invoice = await fetchInvoice(invoiceId, signal);
      if (invoice.status === 'paid' && before?.status !== 'paid') void showApproved(queryClient, bundle);
      return invoice;
    },
    refetchInterval: (query) => (query.state.data?.status === 'open' ? invoicePollMs : false),
    // A learner who paid in a bank app on this phone comes back to the tab: asked at once.
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** What a paid invoice changes: the learner's access (once auth has heard of it) and their progress list. */
async function showApproved(queryClient: QueryClient, bundle: payments.InvoiceBody): Promise<void> {
  await reloadUserUntil(queryClient, (user) =>
    'monsterplan' in bundle ? !user.pendingMonsterplans.includes(bundle.monsterplan) : !user.pendingLessons.includes(bundle.lesson),
  );
  await queryClient.invalidateQueries({ queryKey: progressKey });
}
