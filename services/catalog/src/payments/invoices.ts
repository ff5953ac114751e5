// A learner's QPay invoice for their pending request: made once and shown again until it expires,
// for the amount the request recorded, with a callback URL built from PUBLIC_URL. An invoice is made
// while the request is locked, so two clicks make one; when QPay fails, nothing is kept and the
// request stays as it was, to be paid by the centre's instructions.
import { randomUUID } from 'node:crypto';
import { amountOf, type payments } from '@learning/contracts';
import { transaction } from '@learning/kit/data';
import { conflict, HttpError, isUuid, notFound } from '@learning/kit/http';
import type { Selectable } from 'kysely';
import { bundleKinds } from '../bundle-kinds.js';
import type { CatalogDb, CatalogTables, RequestKind } from '../tables.js';
import { isRefusedByQpay, QpayUnavailable, type QpayClient } from './qpay-client.js';

export type InvoiceRow = Selectable<CatalogTables['qpay_invoice']>;

export interface InvoiceSettings {
  /** PUBLIC_URL. */
  publicUrl: string;
  invoiceMinutes: number;
  /** When the poller first asks about a new invoice, should its callback not come. */
  firstCheckMs: number;
}

export const invoiceRefusals = {
  qpayOff: () => notFound('QPay-ээр төлөх боломж одоогоор алга. Төлбөрийн зааврын дагуу төлнө үү.', 'qpay_off'),
  noRequest: () => notFound('Төлөх хүсэлт олдсонгүй. Эхлээд хүсэлтээ илгээнэ үү.', 'request_not_found'),
  approved: () => conflict('Таны хүсэлт аль хэдийн баталгаажсан байна.', 'request_approved'),
  notPayable: () => conflict('Энэ үнийг QPay-ээр төлөх боломжгүй. Төлбөрийн зааврын дагуу төлнө үү.', 'price_not_payable'),
  invoiceNotFound: () => notFound('Нэхэмжлэх олдсонгүй.', 'invoice_not_found'),
  notOpen: () => conflict('Зөвхөн төлөгдөөгүй нэхэмжлэхийг цуцлах боломжтой.', 'invoice_not_open'),
  unavailable: () => new HttpError(502, 'qpay_unavailable', 'QPay-тэй холбогдож чадсангүй. Хэсэг хугацааны дараа дахин оролдох эсвэл төлбөрийн зааврын дагуу төлнө үү.'),
};

/**
 * The learner's open invoice for their pending request of the plan or bundle: the one already made if
 * it has not expired (`isNew` false), else a new one from QPay.
 */
export async function openInvoice(
  db: CatalogDb,
  qpay: QpayClient,
  settings: InvoiceSettings,
  userId: string,
  body: payments.InvoiceBody,
): Promise<{ invoice: payments.Invoice; isNew: boolean }> {
  const kind: RequestKind = 'monsterplan' in body ? 'monsterplan' : 'lesson';
  const bundleId = 'monsterplan' in body ? body.monsterplan : body.lesson;
  const bundleKind = bundleKinds[kind];
  return transaction(db, async (trx) => {
    const request = await trx
      .selectFrom('access_request')
      .selectAll()
      .where('user_id', '=', userId)
      .where(bundleKind.requestColumn, '=', bundleId)
      .forUpdate()
      .executeTakeFirst();
    if (!request) throw invoiceRefusals.noRequest();
    if (request.is_approved) throw invoiceRefusals.approved();
    const now = new Date();
    const shown = await trx
      .selectFrom('qpay_invoice')
      .selectAll()
      .where('request_id', '=', request.id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (shown && shown.expires_at > now) return { invoice: invoiceView(shown), isNew: false };
    if (shown) await trx.updateTable('qpay_invoice').set({ status: 'expired' }).where('id', '=', shown.id).execute();

    const amount = amountOf(request.price);
    if (amount === null || amount <= 0) throw invoiceRefusals.notPayable();
    const id = randomUUID();
    const name = await bundleKind.nameOf(trx, bundleId);
    const made = await qpay
      .createInvoice({
        senderInvoiceNo: request.id,
        receiverCode: userId,
        description: name.slice(0, 200),
        amount,
        callbackUrl: `${settings.publicUrl}/v1/payments/qpay/callback/${id}`,
      })
      .catch(refuseWhenUnavailable);
    const invoice = await trx
      .insertInto('qpay_invoice')
      .values({
        id,
        request_id: request.id,
        kind,
        user_id: userId,
        bundle_id: bundleId,
        bundle_name: name,
        amount,
        qpay_invoice_id: made.invoiceId,
        qr_text: made.qrText,
        qr_image: made.qrImage,
        urls: JSON.stringify(made.urls),
        created_at: now,
        expires_at: new Date(now.getTime() + settings.invoiceMinutes * 60_000),
        next_check_at: new Date(now.getTime() + settings.firstCheckMs),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { invoice: invoiceView(invoice), isNew: true };
  });
}

/** One invoice: the learner's own, or any for an administrator. */
export async function findInvoice(db: CatalogDb, id: string, caller: { id: string; isAdmin: boolean }): Promise<payments.Invoice> {
  if (!isUuid(id)) throw invoiceRefusals.invoiceNotFound();
  const row = await db.selectFrom('qpay_invoice').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || (!caller.isAdmin && row.user_id !== caller.id)) throw invoiceRefusals.invoiceNotFound();
  return invoiceView(row);
}

/** The learner's invoices paid through QPay, newest first, each with its e-receipt once QPay made it. */
export async function paidInvoicesOf(db: CatalogDb, userId: string): Promise<payments.PaidInvoice[]> {
  const rows = await db
    .selectFrom('qpay_invoice as i')
    .innerJoin('qpay_payment as p', (join) => join.onRef('p.invoice_id', '=', 'i.id').on('p.outcome', '=', 'approved'))
    .selectAll('i')
    .select(['p.paid_at', 'p.payment_id'])
    .where('i.user_id', '=', userId)
    .orderBy('p.paid_at', 'desc')
    .execute();
  return rows.map((row) => ({
    invoiceId: row.id,
    request: { _id: row.request_id, kind: row.kind },
    name: row.bundle_name,
    amount: row.amount,
    paidAt: row.paid_at.toISOString(),
    paymentId: row.payment_id,
    receipt: invoiceView(row).receipt,
  }));
}

/** The administrator cancels an open invoice, at QPay first: a learner can no longer pay it. */
export async function cancelInvoice(db: CatalogDb, qpay: QpayClient, id: string): Promise<payments.Invoice> {
  if (!isUuid(id)) throw invoiceRefusals.invoiceNotFound();
  return transaction(db, async (trx) => {
    const row = await trx.selectFrom('qpay_invoice').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw invoiceRefusals.invoiceNotFound();
    if (row.status !== 'open') throw invoiceRefusals.notOpen();
    await qpay.cancelInvoice(row.qpay_invoice_id).catch(refuseWhenUnavailable);
    const cancelled = await trx.updateTable('qpay_invoice').set({ status: 'cancelled' }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    return invoiceView(cancelled);
  });
}

/**
 * A request approved by hand or cancelled: its open invoice is cancelled at QPay, so the learner is
 * not asked to pay for it. When QPay refuses (it was paid meanwhile), the invoice is checked instead,
 * and its payment is flagged for the administrator.
 */
export async function closeInvoicesOf(db: CatalogDb, qpay: QpayClient, requestId: string): Promise<void> {
  const open = await db.selectFrom('qpay_invoice').select('id').where('request_id', '=', requestId).where('status', '=', 'open').execute();
  for (const { id } of open) await closeInvoice(db, qpay, id, 'cancelled');
}

/**
 * Ends an open invoice at QPay and here, as `cancelled` or `expired`. One QPay will not cancel (paid
 * meanwhile) stays open for its payment to be checked.
 */
export async function closeInvoice(db: CatalogDb, qpay: QpayClient, id: string, status: 'cancelled' | 'expired'): Promise<void> {
  await transaction(db, async (trx) => {
    const row = await trx.selectFrom('qpay_invoice').selectAll().where('id', '=', id).where('status', '=', 'open').forUpdate().executeTakeFirst();
    if (!row) return;
    try {
      await qpay.cancelInvoice(row.qpay_invoice_id);
    } catch (error) {
      if (!isRefusedByQpay(error)) throw error;
      await trx.updateTable('qpay_invoice').set({ next_check_at: new Date() }).where('id', '=', id).execute();
      return;
    }
    await trx.updateTable('qpay_invoice').set({ status }).where('id', '=', id).execute();
  });
}

export function invoiceView(row: InvoiceRow): payments.Invoice {
  return {
    _id: row.id,
    request: { _id: row.request_id, kind: row.kind },
    amount: row.amount,
    status: row.status,
    qrText: row.qr_text,
    qrImage: row.qr_image,
    urls: row.urls,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    receipt:
      row.receipt_number && row.receipt_qr_data && row.receipt_qr_image
        ? { number: row.receipt_number, qrData: row.receipt_qr_data, qrImage: row.receipt_qr_image }
        : null,
  };
}

function refuseWhenUnavailable(error: unknown): never {
  if (error instanceof QpayUnavailable) throw invoiceRefusals.unavailable();
  throw error;
}
