import type { payments } from '@learning/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { address, adminSession, callsTo, catchCsvDownloads, pagedFrom, renderAdmin } from './fixtures';

function aPayment(id: string, overrides: Partial<payments.Payment> = {}): payments.Payment {
  return {
    _id: id,
    paymentId: `qpay-${id}`,
    invoiceId: `inv-${id}`,
    amount: 49000,
    invoiceAmount: 49000,
    paidAt: '2026-11-20T05:00:00.000Z',
    outcome: 'approved',
    request: { _id: `req-${id}`, kind: 'monsterplan', name: 'Monster plan 1' },
    user: { _id: `user-${id}`, email: `${id}@example.com` },
    ...overrides,
  };
}

const table = () => screen.findByRole('table', { name: 'Төлбөрүүд' });
const rows = async () => within(await table()).getAllByRole('row').slice(1);

describe('the payments page (/administrator/payments)', () => {
  it("opens from the side menu, 'Төлбөрүүд', and lists each payment: paid time, QPay's id, amount, invoiced amount, outcome, learner and request", async () => {
    const gateway = adminSession({
      'GET /v1/payments': pagedFrom([
        aPayment('p1'),
        aPayment('p2', { outcome: 'partial', amount: 20000, paidAt: '2026-11-19T16:30:00.000Z', request: { _id: 'req-p2', kind: 'lesson', name: 'Англи хэл 1' } }),
        aPayment('p3', { outcome: 'received' }),
      ]),
    });
    renderAdmin('/administrator/users');
    const sections = within(await screen.findByRole('navigation', { name: 'Админы хэсгүүд' }));
    await userEvent.click(sections.getByRole('link', { name: 'Төлбөрүүд' }));
    expect(address()).toHaveTextContent('/administrator/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Төлбөрүүд' })).toBeInTheDocument();
    expect(sections.getByRole('link', { name: 'Төлбөрүүд' })).toHaveAttribute('aria-current', 'page');
    expect(callsTo(gateway.calls, 'GET', '/v1/payments')[0]?.query).toEqual({ perPage: '10', currentPage: '1' });

    expect(within(await table()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Төлсөн огноо',
      'QPay төлбөрийн дугаар',
      'Дүн',
      'Нэхэмжилсэн',
      'Үр дүн',
      'Суралцагч ба хүсэлт',
    ]);
    const [approved, partial, received] = await rows();
    expect(within(approved!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '2026 оны 11-р сарын 20, 13:00',
      'qpay-p1',
      '49,000₮',
      '49,000₮',
      'Баталгаажуулсан',
      'p1@example.comMonster plan Monster plan 1',
    ]);
    expect(approved).not.toHaveClass('admin-row--flagged');
    expect(within(approved!).getByRole('link', { name: 'p1@example.com' })).toHaveAttribute('href', '/administrator/users/user-p1');
    // The centre's day: paid at 00:30 in Ulaanbaatar on the 20th.
    expect(within(partial!).getByRole('time')).toHaveTextContent('2026 оны 11-р сарын 20, 00:30');
    expect(partial).toHaveTextContent('20,000₮');
    expect(partial).toHaveTextContent('Багц хичээл Англи хэл 1');
    expect(within(partial!).getByText('Дутуу төлсөн')).toHaveClass('lp-badge--danger');
    expect(partial).toHaveClass('admin-row--flagged');
    expect(within(received!).getByText('Шалгаж байна')).toHaveClass('lp-badge--info');
    expect(received).not.toHaveClass('admin-row--flagged');
  });

  it("names every outcome in Mongolian and flags too little, too much and a request already closed", async () => {
    const outcomes = ['received', 'approved', 'partial', 'excess', 'request_gone'] as const;
    adminSession({ 'GET /v1/payments': pagedFrom(outcomes.map((outcome) => aPayment(outcome, { outcome }))) });
    renderAdmin('/administrator/payments');
    const shown = (await rows()).map((row) => ({ outcome: within(row).getAllByRole('cell')[4]!.textContent, isFlagged: row.classList.contains('admin-row--flagged') }));
    expect(shown).toEqual([
      { outcome: 'Шалгаж байна', isFlagged: false },
      { outcome: 'Баталгаажуулсан', isFlagged: false },
      { outcome: 'Дутуу төлсөн', isFlagged: true },
      { outcome: 'Илүү төлсөн', isFlagged: true },
      { outcome: 'Хүсэлт хаагдсан', isFlagged: true },
    ]);
  });

  it('filters by the days chosen, kept in the address from page 1, and Back returns to the days before', async () => {
    const everyPayment = Array.from({ length: 12 }, (_, index) => aPayment(`p${index + 1}`));
    const gateway = adminSession({
      'GET /v1/payments': (call) => (call.query.from ? { body: { result: [aPayment('nov')], total: 1 } } : pagedFrom(everyPayment)(call)),
    });
    renderAdmin('/administrator/payments?page=2', { inBrowser: true });
    expect(await within(await table()).findByText('p11@example.com')).toBeInTheDocument();

    const days = within(screen.getByRole('form', { name: 'Төлбөрийн өдрүүд' }));
    await userEvent.type(days.getByLabelText('Эхлэх өдөр'), '2026-11-01');
    await userEvent.type(days.getByLabelText('Дуусах өдөр'), '2026-11-30');
    // Nothing is asked until the days are applied.
    expect(callsTo(gateway.calls, 'GET', '/v1/payments').some((call) => call.query.from)).toBe(false);
    await userEvent.click(days.getByRole('button', { name: 'Шүүх' }));

    expect(await within(await table()).findByText('nov@example.com')).toBeInTheDocument();
    expect(window.location.search).toBe('?from=2026-11-01&to=2026-11-30');
    expect(callsTo(gateway.calls, 'GET', '/v1/payments').at(-1)?.query).toEqual({ from: '2026-11-01', to: '2026-11-30', perPage: '10', currentPage: '1' });

    await act(async () => window.history.back());
    expect(await within(await table()).findByText('p11@example.com')).toBeInTheDocument();
    expect(window.location.search).toBe('?page=2');
    expect(days.getByLabelText('Эхлэх өдөр')).toHaveValue('');
    expect(days.getByLabelText('Дуусах өдөр')).toHaveValue('');

    await act(async () => window.history.forward());
    expect(await within(await table()).findByText('nov@example.com')).toBeInTheDocument();
    expect(days.getByLabelText('Эхлэх өдөр')).toHaveValue('2026-11-01');
    await userEvent.click(days.getByRole('button', { name: 'Бүх өдөр' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(await within(await table()).findByText('p1@example.com')).toBeInTheDocument();
  });

  it('pages on the server with the real total', async () => {
    const gateway = adminSession({ 'GET /v1/payments': pagedFrom(Array.from({ length: 14 }, (_, index) => aPayment(`p${index + 1}`))) });
    renderAdmin('/administrator/payments');
    const pager = await screen.findByRole('navigation', { name: 'Хуудаслалт: Төлбөрүүд' });
    expect(within(pager).getByText('Нийт 14, 1/2 хуудас')).toBeInTheDocument();
    await userEvent.click(within(pager).getByRole('button', { name: '2-р хуудас' }));
    expect(await within(await table()).findByText('p14@example.com')).toBeInTheDocument();
    expect(address()).toHaveTextContent('/administrator/payments?page=2');
    expect(callsTo(gateway.calls, 'GET', '/v1/payments').at(-1)?.query).toEqual({ perPage: '10', currentPage: '2' });
  });

  it("shows that the list is loading, then says 'Төлбөр алга.' when there is none", async () => {
    adminSession({ 'GET /v1/payments': { body: { result: [], total: 0 } } });
    // The list's answer waits until the test lets it through.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const fakeFetch = globalThis.fetch;
    globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      if (String(input).startsWith('/v1/payments?')) await held;
      return fakeFetch(input, init);
    }) as typeof fetch;
    renderAdmin('/administrator/payments');
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.queryByText('Төлбөр алга.')).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('Төлбөр алга.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when the payments cannot be loaded, with a retry', async () => {
    adminSession({ 'GET /v1/payments': { status: 500, body: { message: 'Алдаа гарлаа.', code: 'internal' } } });
    renderAdmin('/administrator/payments');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Төлбөрүүдийг ачаалж чадсангүй.');
    expect(within(alert).getByRole('button', { name: 'Дахин оролдох' })).toBeInTheDocument();
  });

  it("downloads the CSV of the days shown with the session's token, saved under the server's file name", async () => {
    const gateway = adminSession({ 'GET /v1/payments': pagedFrom([aPayment('p1')]) });
    const csv = new Blob(['\uFEFFТөлсөн огноо,QPay төлбөрийн дугаар\n'], { type: 'text/csv' });
    const downloads = catchCsvDownloads(csv, 'payments-2026-11-01-2026-11-30.csv');
    try {
      renderAdmin('/administrator/payments?from=2026-11-01&to=2026-11-30');
      await userEvent.click(await screen.findByRole('button', { name: 'CSV татах' }));
      await waitFor(() => expect(downloads.saved).toEqual([{ href: 'blob:http://localhost/csv-1', download: 'payments-2026-11-01-2026-11-30.csv' }]));
      expect(downloads.asked).toEqual([{ url: '/v1/payments.csv?from=2026-11-01&to=2026-11-30', headers: { accept: 'text/csv', authorization: 'Bearer token-of-admin' } }]);
      expect(downloads.objectUrls).toEqual([csv]);
      expect(gateway.calls.some((call) => call.path.endsWith('.csv'))).toBe(false);
    } finally {
      downloads.restore();
    }
  });

  it('downloads every day when none is chosen', async () => {
    adminSession({ 'GET /v1/payments': pagedFrom([aPayment('p1')]) });
    const downloads = catchCsvDownloads(new Blob(['\uFEFF'], { type: 'text/csv' }), 'payments.csv');
    try {
      renderAdmin('/administrator/payments');
      await userEvent.click(await screen.findByRole('button', { name: 'CSV татах' }));
      await waitFor(() => expect(downloads.saved).toEqual([{ href: 'blob:http://localhost/csv-1', download: 'payments.csv' }]));
      expect(downloads.asked.map((each) => each.url)).toEqual(['/v1/payments.csv']);
    } finally {
      downloads.restore();
    }
  });

  it("shows the server's message when the CSV is refused", async () => {
    adminSession({
      'GET /v1/payments': pagedFrom([aPayment('p1')]),
      'GET /v1/payments.csv': { status: 400, body: { message: 'Огноог ОООО-СС-ӨӨ хэлбэрээр бичнэ үү.', code: 'validation_failed' } },
    });
    renderAdmin('/administrator/payments');
    await userEvent.click(await screen.findByRole('button', { name: 'CSV татах' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('CSV файлыг татаж чадсангүй.');
    expect(alert).toHaveTextContent('Огноог ОООО-СС-ӨӨ хэлбэрээр бичнэ үү.');
  });
});
