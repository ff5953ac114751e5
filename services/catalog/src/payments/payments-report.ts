// Every payment QPay reported, for the centre's reconciliation: newest first, filtered by the days
// (in Asia/Ulaanbaatar) it was paid, with the request it paid and the learner, as a page or as a CSV.
import { centreClockOf, centreMidnightOf, type Page, type payments } from '@learning/contracts';
import { sql } from 'kysely';
import { csvFile } from '../csv.js';
import type { CatalogDb } from '../tables.js';

export interface PaymentDays {
  from?: string | undefined;
  to?: string | undefined;
}

interface PaymentRow {
  id: string;
  payment_id: string;
  invoice_id: string;
  amount: number;
  invoice_amount: number;
  paid_at: Date;
  outcome: payments.PaymentOutcome;
  request_id: string;
  kind: 'lesson' | 'monsterplan';
  bundle_name: string;
  user_id: string;
  email: string;
}

export async function listPayments(db: CatalogDb, days: PaymentDays, page?: { perPage: number; currentPage: number }): Promise<Page<payments.Payment>> {
  const where = daysFilter(days);
  const limit = page ? sql`LIMIT ${page.perPage} OFFSET ${(page.currentPage - 1) * page.perPage}` : sql``;
  const { rows } = await sql<PaymentRow>`
    SELECT p.id, p.payment_id, p.invoice_id, p.amount, i.amount AS invoice_amount, p.paid_at, p.outcome,
           i.request_id, i.kind, i.bundle_name, i.user_id, coalesce(l.email, '') AS email
    FROM qpay_payment p JOIN qpay_invoice i ON i.id = p.invoice_id LEFT JOIN learner l ON l.user_id = i.user_id
    WHERE ${where} ORDER BY p.paid_at DESC, p.id DESC ${limit}`.execute(db);
  const { rows: counted } = await sql<{ total: number }>`SELECT count(*)::int AS total FROM qpay_payment p WHERE ${where}`.execute(db);
  return { result: rows.map(paymentView), total: counted[0]!.total };
}

const outcomeNames: Record<payments.PaymentOutcome, string> = {
  received: 'Шалгаж байна',
  approved: 'Баталгаажуулсан',
  partial: 'Дутуу төлсөн',
  excess: 'Илүү төлсөн',
  request_gone: 'Хүсэлт хаагдсан',
};
const kindNames = { lesson: 'Багц хичээл', monsterplan: 'Monster plan' };
const heading = ['Төлсөн огноо', 'QPay төлбөрийн дугаар', 'Дүн (₮)', 'Нэхэмжилсэн (₮)', 'Үр дүн', 'Имэйл', 'Төрөл', 'Нэр', 'Хүсэлтийн дугаар'];

/** The report as a file: one row per payment, times as the centre's clock reads them. */
export function paymentsCsv(report: Page<payments.Payment>): string {
  return csvFile(
    heading,
    report.result.map((payment) => [
      centreClockOf(new Date(payment.paidAt)),
      payment.paymentId,
      String(payment.amount),
      String(payment.invoiceAmount),
      outcomeNames[payment.outcome],
      payment.user.email,
      kindNames[payment.request.kind],
      payment.request.name,
      payment.request._id,
    ]),
  );
}

/** `from` and `to` are the centre's days, both included. */
function daysFilter({ from, to }: PaymentDays) {
  const after = from ? sql`p.paid_at >= ${centreMidnightOf(from)}::timestamptz` : sql`true`;
  const before = to ? sql`p.paid_at < ${centreMidnightOf(to)}::timestamptz + interval '1 day'` : sql`true`;
  return sql`${after} AND ${before}`;
}

function paymentView(row: PaymentRow): payments.Payment {
  return {
    _id: row.id,
    paymentId: row.payment_id,
    invoiceId: row.invoice_id,
    amount: row.amount,
    invoiceAmount: row.invoice_amount,
    paidAt: new Date(row.paid_at).toISOString(),
    outcome: row.outcome,
    request: { _id: row.request_id, kind: row.kind, name: row.bundle_name },
    user: { _id: row.user_id, email: row.email },
  };
}
