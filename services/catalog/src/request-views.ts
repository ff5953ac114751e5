// The administrator's views of access requests: one request, and the newest-first list of a kind with
// its total, each with the learner's email (from the read model; '' until it arrives) and the bundle
// with its videos. The rules that change requests are requests.ts's.
import type { catalog, Page, PageQuery } from '@learning/contracts';
import { isUuid, notFound } from '@learning/kit/http';
import { sql } from 'kysely';
import { bundleKinds } from './bundle-kinds.js';
import type { CatalogDb, RequestKind } from './tables.js';

export type RequestView = catalog.LessonRequest | catalog.MonsterplanRequest;

export const requestNotFound = () => notFound('Хүсэлт олдсонгүй.', 'request_not_found');

export async function findRequest(db: CatalogDb, kind: RequestKind, requestId: string): Promise<RequestView> {
  if (!isUuid(requestId)) throw requestNotFound();
  const [view] = await requestViews(db, kind, { id: requestId });
  if (!view) throw requestNotFound();
  return view;
}

/** The administrator's list: newest first, a page at a time, with the total of requests of the kind (one round trip). */
export async function listRequests(db: CatalogDb, kind: RequestKind, { perPage, currentPage }: PageQuery): Promise<Page<RequestView>> {
  const views = requestViewsQuery(kind, { limit: perPage, offset: (currentPage - 1) * perPage });
  // The tally row always exists, so a page past the end still tells the total.
  const { rows } = await sql<{ total: number } & Partial<RequestListRow>>`
    SELECT t.total, v.* FROM request_tally t LEFT JOIN LATERAL (${views}) v ON true
    WHERE t.kind = ${kind} ORDER BY v.created_at DESC, v.id DESC`.execute(db);
  const result = rows.filter((row): row is typeof row & RequestListRow => row.id != null).map((row) => requestView(kind, row));
  return { result, total: rows[0]!.total };
}

interface RequestListRow {
  id: string;
  user_id: string;
  email: string;
  is_approved: boolean;
  created_at: Date;
  bundle_id: string;
  bundle_name: string;
  videos: string[];
  price: string;
  approved_at: Date | null;
  approved_via: 'manual' | 'qpay' | null;
  payment_id: string | null;
  paid_amount: number | null;
  paid_at: Date | null;
  open_invoice: { id: string; amount: number; expires_at: string } | null;
  flagged_payments: Array<{ payment_id: string; amount: number; invoice_amount: number; outcome: 'received' | 'partial' | 'excess' | 'request_gone'; paid_at: string }>;
}

/** Requests as the administrator sees them, by id (one) or by page. */
export async function requestViews(db: CatalogDb, kind: RequestKind, which: { id: string }): Promise<RequestView[]> {
  const { rows } = await sql<RequestListRow>`${requestViewsQuery(kind, which)}`.execute(db);
  return rows.map((row) => requestView(kind, row));
}

function requestViewsQuery(kind: RequestKind, which: { id: string } | { limit: number; offset: number }) {
  const { views } = bundleKinds[kind];
  // The page is chosen from the index alone; only its rows are joined to learners and bundles.
  const page =
    'id' in which
      ? sql`SELECT * FROM access_request WHERE id = ${which.id} AND kind = ${kind}`
      : sql`SELECT id, user_id, lesson_id, monsterplan_id, is_approved, created_at, price, approved_at, approved_via, payment_id, paid_amount, paid_at FROM access_request
            WHERE kind = ${kind} ORDER BY created_at DESC, id DESC LIMIT ${which.limit} OFFSET ${which.offset}`;
  return sql`
    SELECT r.id, r.user_id, coalesce(l.email, '') AS email, r.is_approved, r.created_at, r.price,
           r.approved_at, r.approved_via, r.payment_id, r.paid_amount, r.paid_at,
           b.id AS bundle_id, b.name AS bundle_name, coalesce((${views.videos}), '{}') AS videos,
           (SELECT json_build_object('id', i.id, 'amount', i.amount, 'expires_at', i.expires_at) FROM qpay_invoice i
             WHERE i.request_id = r.id AND i.status = 'open') AS open_invoice,
           (SELECT coalesce(json_agg(json_build_object('payment_id', p.payment_id, 'amount', p.amount, 'invoice_amount', i.amount,
                                                       'outcome', p.outcome, 'paid_at', p.paid_at) ORDER BY p.paid_at), '[]')
              FROM qpay_payment p JOIN qpay_invoice i ON i.id = p.invoice_id
             WHERE i.request_id = r.id AND p.outcome <> 'approved') AS flagged_payments
    FROM (${page}) r ${views.join} LEFT JOIN learner l ON l.user_id = r.user_id
    ORDER BY r.created_at DESC, r.id DESC`;
}

function requestView(kind: RequestKind, row: RequestListRow): RequestView {
  const common = {
    _id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    user: { _id: row.user_id, email: row.email },
    isApproved: row.is_approved,
    price: row.price,
    payment: paymentOf(row),
    openInvoice: row.open_invoice && { _id: row.open_invoice.id, amount: row.open_invoice.amount, expiresAt: new Date(row.open_invoice.expires_at).toISOString() },
    flaggedPayments: row.flagged_payments.map((payment) => ({
      paymentId: payment.payment_id,
      amount: payment.amount,
      invoiceAmount: payment.invoice_amount,
      outcome: payment.outcome,
      paidAt: new Date(payment.paid_at).toISOString(),
    })),
  };
  return bundleKinds[kind].view(common, { _id: row.bundle_id, name: row.bundle_name, videos: row.videos });
}

/** How an approved request was paid; requests approved before payments were recorded read as by hand. */
function paymentOf(row: RequestListRow): RequestView['payment'] {
  if (!row.is_approved) return null;
  if (row.approved_via === 'qpay' && row.payment_id && row.paid_amount !== null && row.paid_at) {
    return { method: 'qpay', paymentId: row.payment_id, amount: row.paid_amount, paidAt: new Date(row.paid_at).toISOString() };
  }
  return { method: 'manual', approvedAt: new Date(row.approved_at ?? row.created_at).toISOString() };
}
