import type { refunds } from '@learning/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { address, adminSession, callsTo, pagedFrom, renderAdmin } from './fixtures';

const account = { bankName: 'Хаан банк', accountNumber: '5012345678', accountHolder: 'Батболд' } as const;
const claim = (id: string, overrides: Partial<refunds.PayableRefund> = {}): refunds.PayableRefund => ({
  _id: id,
  user: { _id: `u-${id}`, email: `${id}@example.com` },
  monsterplan: { _id: 'p1', name: 'Monster plan 1' },
  kind: 'exam',
  amount: 10000,
  earnedAt: '2026-11-20T05:00:00.000Z',
  bankAccount: account,
  ...overrides,
});
const paidItem = (id: string, paidVia: refunds.PaymentMethod) => ({
  _id: id,
  kind: 'exam',
  amount: 10000,
  earnedAt: '2026-11-20T05:00:00.000Z',
  exam: { correctQuestions: 36, totalQuestions: 40 },
  aloud: null,
  paidAt: '2026-11-24T06:00:00.000Z',
  paidBy: { _id: 'admin', email: 'admin@example.com' },
  paidVia,
});
const table = () => screen.findByRole('table', { name: 'Олгох буцаан олголт' });

describe('the refunds to pay (/administrator/refunds)', () => {
  it("opens from the admin panel's 'Буцаан олголт' and lists each claim with the account to pay into", async () => {
    const gateway = adminSession({ 'GET /v1/refunds/payable': pagedFrom([claim('r1'), claim('r2', { kind: 'aloud', bankAccount: { ...account, bankName: 'Голомт банк' } })]) });
    renderAdmin('/administrator/users');
    await userEvent.click(within(await screen.findByRole('navigation', { name: 'Админы хэсгүүд' })).getByRole('link', { name: 'Буцаан олголт' }));
    expect(address()).toHaveTextContent('/administrator/refunds');
    expect(await screen.findByRole('heading', { level: 1, name: 'Олгох буцаан олголт' })).toBeInTheDocument();
    expect(callsTo(gateway.calls, 'GET', '/v1/refunds/payable')[0]?.query).toEqual({ perPage: '10', currentPage: '1' });
    const shown = await table();
    expect(within(shown).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Имэйл', 'Юуны төлөө', 'Дүн', 'Данс', 'Үйлдэл']);
    const [first, second] = within(shown).getAllByRole('row').slice(1);
    expect(within(first!).getAllByRole('cell').slice(0, 4).map((cell) => cell.textContent)).toEqual([
      'r1@example.com',
      expect.stringContaining('Monster plan 1, Шалгалт'),
      '10,000₮',
      'Хаан банк5012345678Батболд',
    ]);
    expect(within(second!).getAllByRole('cell')[1]).toHaveTextContent('Monster plan 1, Уншлага');
    expect(within(second!).getAllByRole('cell')[3]).toHaveTextContent('Голомт банк');
  });

  it('marks a claim paid by QPay refund after asking how, and reads the list again (the claim leaves it)', async () => {
    let isPaid = false;
    const gateway = adminSession({
      'GET /v1/refunds/payable': () => ({ body: { result: isPaid ? [] : [claim('r1')], total: isPaid ? 0 : 1 } }),
      'PUT /v1/refunds/r1/paid': () => ((isPaid = true), { body: paidItem('r1', 'qpay_refund') }),
    });
    renderAdmin('/administrator/refunds');
    await userEvent.click(within(await table()).getByRole('button', { name: 'Олгосон: r1@example.com, Monster plan 1, Шалгалт' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Буцаан олголтыг олгосон гэж тэмдэглэх' }));
    const methods = within(dialog.getByRole('group', { name: 'Хэрхэн олгосон бэ?' }));
    // A bank transfer unless said otherwise.
    expect(methods.getByRole('radio', { name: 'Данс руу шилжүүлсэн' })).toBeChecked();
    await userEvent.click(methods.getByRole('radio', { name: 'QPay төлбөрөөс буцаасан' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Олгосон гэж тэмдэглэх' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(gateway.calls, 'PUT', '/v1/refunds/r1/paid').map((call) => call.body)).toEqual([{ method: 'qpay_refund' }]);
    expect(await screen.findByText('Олгох буцаан олголт одоогоор алга.')).toBeInTheDocument();
  });

  it('marks a claim paid by bank transfer with the keyboard, and Болих sends nothing', async () => {
    const gateway = adminSession({ 'GET /v1/refunds/payable': pagedFrom([claim('r1')]), 'PUT /v1/refunds/r1/paid': { body: paidItem('r1', 'bank_transfer') } });
    renderAdmin('/administrator/refunds');
    const markPaid = within(await table()).getByRole('button', { name: 'Олгосон: r1@example.com, Monster plan 1, Шалгалт' });
    await userEvent.click(markPaid);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Болих' }));
    expect(callsTo(gateway.calls, 'PUT', '/v1/refunds/r1/paid')).toHaveLength(0);

    markPaid.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = within(screen.getByRole('dialog'));
    dialog.getByRole('radio', { name: 'Данс руу шилжүүлсэн' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(callsTo(gateway.calls, 'PUT', '/v1/refunds/r1/paid').map((call) => call.body)).toEqual([{ method: 'bank_transfer' }]));
  });

  it("shows the server's message in the dialog when marking is refused", async () => {
    adminSession({
      'GET /v1/refunds/payable': pagedFrom([claim('r1')]),
      'PUT /v1/refunds/r1/paid': { status: 404, body: { message: 'Буцаан олголт олдсонгүй.', code: 'refund_not_found' } },
    });
    renderAdmin('/administrator/refunds');
    await userEvent.click(within(await table()).getByRole('button', { name: /^Олгосон: r1/ }));
    const dialog = within(screen.getByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Олгосон гэж тэмдэглэх' }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Төлбөрийг тэмдэглэж чадсангүй.');
    expect(alert).toHaveTextContent('Буцаан олголт олдсонгүй.');
  });

  it("shows a claim's history under its row: what, how, who and when", async () => {
    const history: refunds.ClaimHistory = {
      result: [
        { action: 'earned', by: null, at: '2026-11-20T05:00:00.000Z' },
        { action: 'details_given', by: { _id: 'u-r1', email: 'r1@example.com' }, at: '2026-11-21T05:00:00.000Z' },
        { action: 'paid', by: { _id: 'admin', email: 'admin@example.com' }, at: '2026-11-22T05:00:00.000Z', method: 'qpay_refund' },
        { action: 'payment_undone', by: { _id: 'admin', email: 'admin@example.com' }, at: '2026-11-23T05:00:00.000Z' },
      ],
    };
    const gateway = adminSession({ 'GET /v1/refunds/payable': pagedFrom([claim('r1')]), 'GET /v1/refunds/r1/history': { body: history } });
    renderAdmin('/administrator/refunds');
    const toggle = within(await table()).getByRole('button', { name: 'Түүх: r1@example.com, Monster plan 1, Шалгалт' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const changes = within(await screen.findByRole('list', { name: 'Түүх' })).getAllByRole('listitem');
    expect(changes.map((change) => change.textContent?.replace(/^.*?\d{2}:\d{2} /, ''))).toEqual([
      'Олгох эрх үүссэн — систем',
      'Дансны мэдээлэл өгсөн — r1@example.com',
      'Олгосон (QPay төлбөрөөс буцаасан) — admin@example.com',
      'Олгосныг буцаасан — admin@example.com',
    ]);
    expect(callsTo(gateway.calls, 'GET', '/v1/refunds/r1/history')).toHaveLength(1);
  });

  it('says when nothing is to be paid, and when the list cannot be loaded', async () => {
    adminSession({ 'GET /v1/refunds/payable': pagedFrom([]) });
    const { unmount } = renderAdmin('/administrator/refunds');
    expect(await screen.findByText('Олгох буцаан олголт одоогоор алга.')).toBeInTheDocument();
    unmount();
    adminSession({ 'GET /v1/refunds/payable': { status: 503, body: { message: 'Түр саатал.', code: 'unavailable' } } });
    renderAdmin('/administrator/refunds');
    expect(await screen.findByText('Олгох буцаан олголтыг ачаалж чадсангүй.')).toBeInTheDocument();
  });

  it("downloads the bank's CSV with the session's token under the server's file name", async () => {
    adminSession({ 'GET /v1/refunds/payable': pagedFrom([claim('r1')]) });
    const asked: string[] = [];
    const fakeFetch = globalThis.fetch;
    globalThis.fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
      const url = String(input);
      if (!url.endsWith('.csv')) return fakeFetch(input, init);
      asked.push(`${url} ${(init.headers as Record<string, string>).authorization}`);
      return { ok: true, status: 200, headers: new Headers({ 'content-disposition': 'attachment; filename="refunds-payable.csv"' }), blob: async () => new Blob(['\uFEFFБанк\r\n']) } as unknown as Response;
    }) as typeof fetch;
    const saved: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    Object.assign(URL, { createObjectURL: () => 'blob:http://localhost/csv-2', revokeObjectURL: jest.fn() });
    try {
      renderAdmin('/administrator/refunds');
      await userEvent.click(await screen.findByRole('button', { name: 'Банкны CSV татах' }));
      await waitFor(() => expect(saved).toEqual(['refunds-payable.csv']));
      expect(asked).toEqual(['/v1/refunds/payable.csv Bearer token-of-admin']);
    } finally {
      click.mockRestore();
    }
  });
});
