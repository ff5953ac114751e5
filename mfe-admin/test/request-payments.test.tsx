import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aLessonRequest, aMonsterplanRequest, adminSession, callsTo, pagedFrom, renderAdmin } from './fixtures';

const lessonTable = async () => within(await screen.findByRole('table', { name: 'Багц хичээлийн хүсэлтүүд' }));
const rowOf = async (email: string) => within((await (await lessonTable()).findByText(email)).closest('tr')!);
const paymentCell = (row: Awaited<ReturnType<typeof rowOf>>) => row.getAllByRole('cell')[4]!;

const invoice = { _id: 'inv-1', amount: 49000, expiresAt: '2026-11-28T08:30:00.000Z' };

describe('how each request was paid, on the requests panel', () => {
  it("shows a QPay payment's id, amount and time, an approval by hand with its time, and keeps Approve for the pending one", async () => {
    adminSession({
      'GET /v1/lesson-requests': pagedFrom([
        aLessonRequest('byqpay', { isApproved: true, payment: { method: 'qpay', paymentId: '593744473409193', amount: 49000, paidAt: '2026-11-20T05:00:00.000Z' } }),
        aLessonRequest('byhand', { isApproved: true, payment: { method: 'manual', approvedAt: '2026-11-21T16:30:00.000Z' } }),
        aLessonRequest('waiting'),
      ]),
    });
    renderAdmin('/administrator/lessons/requests');

    const qpay = paymentCell(await rowOf('byqpay@example.com'));
    expect(within(qpay).getByText('QPay')).toBeInTheDocument();
    expect(qpay).toHaveTextContent('49,000₮');
    expect(qpay).toHaveTextContent('Төлбөрийн дугаар: 593744473409193');
    // The centre's clock, as the payments' CSV writes it.
    expect(within(qpay).getByRole('time')).toHaveTextContent('2026 оны 11-р сарын 20, 13:00');

    const byHand = paymentCell(await rowOf('byhand@example.com'));
    expect(byHand).toHaveTextContent('Гараар баталгаажуулсан');
    expect(within(byHand).getByRole('time')).toHaveTextContent('2026 оны 11-р сарын 22, 00:30');

    const waiting = await rowOf('waiting@example.com');
    expect(paymentCell(waiting)).toHaveTextContent('—');
    expect(waiting.getByRole('button', { name: 'Зөвшөөрөх: waiting@example.com, Англи хэл 1' })).toBeInTheDocument();
    expect(waiting.queryByRole('button', { name: /Нэхэмжлэх цуцлах/ })).not.toBeInTheDocument();
  });

  it("shows a pending request's open QPay invoice with its amount and expiry, and cancels it after 'Тийм', reloading the list", async () => {
    let requests = [aLessonRequest('r1', { openInvoice: invoice })];
    const gateway = adminSession({
      'GET /v1/lesson-requests': () => ({ body: { result: requests, total: requests.length } }),
      'DELETE /v1/payments/qpay/invoices/inv-1': () => {
        requests = [{ ...requests[0]!, openInvoice: null }];
        return { body: { _id: 'inv-1', status: 'cancelled' } };
      },
    });
    renderAdmin('/administrator/lessons/requests');
    const row = await rowOf('r1@example.com');
    const cell = within(paymentCell(row));
    expect(cell.getByText('QPay нэхэмжлэх нээлттэй')).toBeInTheDocument();
    expect(paymentCell(row)).toHaveTextContent('49,000₮');
    expect(paymentCell(row)).toHaveTextContent('Дуусах хугацаа: 2026 оны 11-р сарын 28, 16:30');

    const cancel = cell.getByRole('button', { name: 'Нэхэмжлэх цуцлах: r1@example.com, Англи хэл 1' });
    expect(cancel).toHaveTextContent(/^Нэхэмжлэх цуцлах$/);
    await userEvent.click(cancel);
    await userEvent.click(within(row.getByRole('group', { name: 'Нэхэмжлэхийг цуцлах уу?' })).getByRole('button', { name: 'Үгүй' }));
    expect(callsTo(gateway.calls, 'DELETE', '/v1/payments/qpay/invoices/inv-1')).toHaveLength(0);

    const listed = callsTo(gateway.calls, 'GET', '/v1/lesson-requests').length;
    await userEvent.click(cell.getByRole('button', { name: /^Нэхэмжлэх цуцлах:/ }));
    await userEvent.click(within(row.getByRole('group', { name: 'Нэхэмжлэхийг цуцлах уу?' })).getByRole('button', { name: 'Тийм' }));
    await waitFor(() => expect(screen.queryByText('QPay нэхэмжлэх нээлттэй')).not.toBeInTheDocument());
    expect(callsTo(gateway.calls, 'DELETE', '/v1/payments/qpay/invoices/inv-1')).toHaveLength(1);
    expect(callsTo(gateway.calls, 'GET', '/v1/lesson-requests').length).toBeGreaterThan(listed);
    // Approving by hand stays, for cash and transfers.
    expect((await rowOf('r1@example.com')).getByRole('button', { name: 'Зөвшөөрөх: r1@example.com, Англи хэл 1' })).toBeInTheDocument();
  });

  it("shows the server's message when the invoice cannot be cancelled", async () => {
    adminSession({
      'GET /v1/lesson-requests': pagedFrom([aLessonRequest('r1', { openInvoice: invoice })]),
      'DELETE /v1/payments/qpay/invoices/inv-1': { status: 409, body: { message: 'Нэхэмжлэх нээлттэй биш байна.', code: 'invoice_not_open' } },
    });
    renderAdmin('/administrator/lessons/requests');
    const row = await rowOf('r1@example.com');
    await userEvent.click(row.getByRole('button', { name: /^Нэхэмжлэх цуцлах:/ }));
    await userEvent.click(row.getByRole('button', { name: 'Тийм' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Нэхэмжлэхийг цуцалж чадсангүй.');
    expect(alert).toHaveTextContent('Нэхэмжлэх нээлттэй биш байна.');
  });

  it('flags a payment that could not approve its request, with the figures: too little, too much, or after the request was closed', async () => {
    const flagged = (paymentId: string, outcome: 'partial' | 'excess' | 'request_gone', amount: number) => ({ paymentId, amount, invoiceAmount: 49000, outcome, paidAt: '2026-11-20T05:00:00.000Z' });
    adminSession({
      'GET /v1/monsterplan-requests': pagedFrom([
        aMonsterplanRequest('short', { flaggedPayments: [flagged('pay-1', 'partial', 20000)] }),
        aMonsterplanRequest('over', { isApproved: true, payment: { method: 'manual', approvedAt: '2026-11-21T16:30:00.000Z' }, flaggedPayments: [flagged('pay-2', 'excess', 60000)] }),
        aMonsterplanRequest('late', { isApproved: true, payment: { method: 'manual', approvedAt: '2026-11-19T16:30:00.000Z' }, flaggedPayments: [flagged('pay-3', 'request_gone', 49000)] }),
      ]),
    });
    renderAdmin('/administrator/monsterplans/requests');
    const table = within(await screen.findByRole('table', { name: 'Monster plan-ы хүсэлтүүд' }));
    const flaggedOf = async (email: string) => within(within((await table.findByText(email)).closest('tr')!).getByRole('list', { name: 'Хүсэлтийг баталгаажуулж чадаагүй төлбөрүүд' }));

    const short = await flaggedOf('short@example.com');
    expect(short.getByText('Дутуу төлсөн: 20,000₮ / 49,000₮')).toHaveClass('lp-badge--danger');
    expect(short.getByRole('listitem')).toHaveTextContent('Төлбөрийн дугаар: pay-1, 2026 оны 11-р сарын 20, 13:00');
    expect((await flaggedOf('over@example.com')).getByText('Илүү төлсөн: 60,000₮ / 49,000₮')).toHaveClass('lp-badge--danger');
    expect((await flaggedOf('late@example.com')).getByText('Хүсэлт хаагдсан үед төлсөн: 49,000₮')).toHaveClass('lp-badge--danger');
    // Nothing approves it for the administrator: the pending one still waits for Approve.
    expect(within(table.getByText('short@example.com').closest('tr')!).getByRole('button', { name: /^Зөвшөөрөх:/ })).toBeInTheDocument();
  });
});
