// Learners' access requests, one family per kind (spec section 7): the paged list, the count of new
// ones, approve and cancel. After either, the current user, the request list, the bundle list and the
// new-request count are reloaded (spec section 4).
import type { catalog, Page } from '@learning/contracts';
import { api, currentUserKey, keepPreviousData, lessonsKey, monsterplansKey, useMutation, useQuery, useQueryClient } from '@learning/platform';
import { requestsKey } from './keys';
import { rowsPerPage } from './paging';

export type RequestKind = 'lesson' | 'monsterplan';

/** A request of either kind, with its bundle under one name. */
export interface AccessRequest {
  _id: string;
  createdAt: string;
  user: { _id: string; email: string };
  bundle: { _id: string; name: string; videos: string[] };
  isApproved: boolean;
  /** The price that applied when the request was made (the early one before its deadline): what the learner pays. */
  price: string;
  /** How it was paid once approved: QPay's payment, or by hand; null while pending. */
  payment: catalog.LessonRequest['payment'];
  /** The learner's QPay invoice waiting to be paid, if any. */
  openInvoice: catalog.LessonRequest['openInvoice'];
  /** Payments QPay reported that could not approve it (a different amount, or the request gone). */
  flaggedPayments: catalog.LessonRequest['flaggedPayments'];
}

const families = {
  lesson: { path: '/v1/lesson-requests', bundleField: 'lesson', bundlesKey: lessonsKey },
  monsterplan: { path: '/v1/monsterplan-requests', bundleField: 'monsterplan', bundlesKey: monsterplansKey },
} as const;

export const newRequestCountKey = (kind: RequestKind) => [...requestsKey(kind), 'total-new-requests'] as const;

function fromWire(kind: RequestKind, request: catalog.LessonRequest | catalog.MonsterplanRequest): AccessRequest {
  const bundle = kind === 'lesson' ? (request as catalog.LessonRequest).lesson : (request as catalog.MonsterplanRequest).monsterplan;
  const { _id, createdAt, user, isApproved, price, payment, openInvoice, flaggedPayments } = request;
  return { _id, createdAt, user, bundle, isApproved, price, payment, openInvoice, flaggedPayments };
}

export function useRequests(kind: RequestKind, page: number) {
  return useQuery({
    queryKey: [...requestsKey(kind), 'list', page],
    queryFn: async ({ signal }) => {
      const answer = await api.get<Page<catalog.LessonRequest | catalog.MonsterplanRequest>>(families[kind].path, { perPage: rowsPerPage, currentPage: page }, signal);
      return { total: answer.total, result: answer.result.map((request) => fromWire(kind, request)) };
    },
    placeholderData: keepPreviousData,
  });
}

export function useNewRequestCount(kind: RequestKind) {
  return useQuery({
    queryKey: newRequestCountKey(kind),
    queryFn: ({ signal }) => api.get<{ count: number }>(`${families[kind].path}/total-new-requests`, undefined, signal),
    select: ({ count }) => count,
  });
}

/**
 * The spec's payloads: approve sends {id, user, <lesson|monsterplan>, videos, isApproved: true}, cancel
 * the same with isApproved: false. The catalog trusts only the path; the body is kept for the contract.
 */
function settleBody(kind: RequestKind, request: AccessRequest, isApproved: boolean) {
  return { id: request._id, user: request.user._id, [families[kind].bundleField]: request.bundle._id, videos: request.bundle.videos, isApproved };
}

export function useSettleRequest(kind: RequestKind) {
  const queryClient = useQueryClient();
  const { path, bundlesKey } = families[kind];
  return useMutation({
    mutationFn: ({ request, decision }: { request: AccessRequest; decision: 'approve' | 'cancel' }) => {
      const url = `${path}/${encodeURIComponent(request._id)}`;
      return decision === 'approve' ? api.put<unknown>(url, settleBody(kind, request, true)) : api.delete<unknown>(url, settleBody(kind, request, false));
    },
    // Reloaded whether it worked or not: a failure often means another administrator got there first.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
        queryClient.invalidateQueries({ queryKey: requestsKey(kind) }),
        queryClient.invalidateQueries({ queryKey: bundlesKey }),
      ]),
  });
}
