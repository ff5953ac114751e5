// The e-receipt (eBarimt) of a paid invoice, asked of QPay by the catalog's own consumer of
// `qpay-invoice.paid` when the centre switches receipts on (QPAY_EBARIMT=1). A receipt QPay fails to
// make is asked again as the bus redelivers the event; the access it was paid for is already granted.
// QPay gives the receipt's QR code as text; it is drawn here once, as a PNG the learner's page shows.
import type { EventOf } from '@learning/kit/events';
import QRCode from 'qrcode';
import type { CatalogDb } from '../tables.js';
import type { QpayClient } from './qpay-client.js';

export async function makeReceipt(db: CatalogDb, qpay: QpayClient, event: EventOf<'qpay-invoice.paid'>): Promise<void> {
  const { invoiceId, paymentId } = event.data;
  const invoice = await db.selectFrom('qpay_invoice').select('receipt_number').where('id', '=', invoiceId).executeTakeFirst();
  if (!invoice || invoice.receipt_number) return;
  const receipt = await qpay.createReceipt(paymentId);
  const qrImage = (await QRCode.toBuffer(receipt.qrData, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 240 })).toString('base64');
  await db
    .updateTable('qpay_invoice')
    .set({ receipt_number: receipt.number, receipt_qr_data: receipt.qrData, receipt_qr_image: qrImage })
    .where('id', '=', invoiceId)
    .execute();
}
