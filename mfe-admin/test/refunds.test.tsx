import type { FakeCall } from '@learning/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RefundItem, RefundReport } from '../src/refunds';
import { address, adminSession, aPlan, callsTo, catchCsvDownloads, pagedFrom, renderAdmin } from './fixtures';

const examItem: RefundItem = {
  _id: 'r1',
  kind: 'exam',
  amount: 10000,
  earnedAt: '2026-11-20T05:00:00.000Z',
  exam: { correctQuestions: 36, totalQuestions: 40 },
  aloud: null,
  paidAt: null,
  paidBy: null,
  paidVia: null,
};
const aloudItem: RefundItem = {
  _id: 'r2',
  kind: 'aloud',
  amount: 10000,
  earnedAt: '2026-11-18T05:00:00.000Z',
  exam: null,
  aloud: { aloudId: 'a1', week: 2, dayOfWeek: 3, assignedAt: '2026-11-18T01:00:00.000Z', recordedAt: '2026-11-18T05:00:00.000Z' },
  paidAt: '2026-11-19T03:00:00.000Z',
  paidBy: { _id: 'admin', email: 'admin@example.com' },
  paidVia: 'bank_transfer',
};

function report(learners: RefundReport['result']) {
  return (call: FakeCall) => {
    const { body } = pagedFrom(learners)(call) as { body: { result: RefundReport['result']; total: number } };
    return { body: { monsterplan: { _id: 'p1', name: 'Monster plan 1' }, amountPerItem: 10000, ...body } satisfies RefundReport };
  };
}
const bat = { user: { _id: 'u1', email: 'bat@example.com' }, items: [examItem, aloudItem], earnedAmount: 20000, paidAmount: 10000, paidPrice: '35000' };

describe('the refund report (/administrator/monsterplans/{id}/refunds)', () => {
  it("opens from the plan's row ('Буцаан олголт') and shows each learner's price paid for the plan, items, amounts and the totals", async () => {
    const gateway = adminSession({ 'GET /v1/monsterplans': { body: [aPlan()] }, 'GET /v1/monsterplans/p1/refunds': report([bat]) });
    renderAdmin('/administrator/monsterplans');
    const row = within((await within(await screen.findByRole('table', { name: 'Monster plan-ууд' })).findByText('Monster plan 1')).closest('tr')!);
    await userEvent.click(row.getByRole('link', { name: 'Буцаан олголт: Monster plan 1' }));
    expect(address()).toHaveTextContent('/administrator/monsterplans/p1/refunds');
    expect(await screen.findByRole('heading', { level: 1, name: 'Буцаан олголт: Monster plan 1' })).toBeInTheDocument();
    expect(callsTo(gateway.calls, 'GET', '/v1/monsterplans/p1/refunds')[0]?.query).toEqual({ perPage: '10', currentPage: '1' });

    const table = screen.getByRole('table', { name: 'Буцаан олголт: Monster plan 1' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Имэйл', 'Хөтөлбөрийн үнэ', 'Олгох зүйлс', 'Олгох дүн', 'Төлсөн', 'Үлдэгдэл']);
    const learner = within(within(table).getAllByRole('row')[1]!);
    const cells = learner.getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('bat@example.com');
    // What the learner's request recorded (the early price), not the plan's price today.
    expect(cells[1]).toHaveTextContent('35,000₮');
    expect(cells.slice(3).map((cell) => cell.textContent)).toEqual(['20,000₮', '10,000₮', '10,000₮']);
    const [exam, aloud] = within(cells[2]!).getAllByRole('listitem');
    expect(exam).toHaveTextContent('Шалгалт');
    expect(exam).toHaveTextContent('10,000₮');
    expect(exam).toHaveTextContent('36/40');
    expect(exam).toHaveTextContent('Төлөөгүй');
    expect(within(exam!).getByRole('time')).toHaveAttribute('datetime', '2026-11-20T05:00:00.000Z');
    expect(aloud).toHaveTextContent('Уншлага');
    expect(aloud).toHaveTextContent('2-р долоо хоног, 3-р өдөр');
    expect(aloud).toHaveTextContent('Төлсөн');
    expect(aloud).toHaveTextContent('тэмдэглэсэн: admin@example.com');
    expect(screen.getByTestId('refund-totals')).toHaveTextContent('Нийт 1 суралцагч. Энэ хуудсанд: олгох 20,000₮, төлсөн 10,000₮, үлдэгдэл 10,000₮.');
    expect(screen.getByText(/Нэг зүйлд 10,000₮/)).toBeInTheDocument();
  });

  it("shows '—' for the price of a learner whose request for the plan is gone", async () => {
    adminSession({ 'GET /v1/monsterplans/p1/refunds': report([{ ...bat, paidPrice: null }]) });
    renderAdmin('/administrator/monsterplans/p1/refunds');
    const table = await screen.findByRole('table', { name: 'Буцаан олголт: Monster plan 1' });
    expect(within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')[1]).toHaveTextContent(/^—$/);
  });

  it('marks an item paid and undoes it, the answer replacing the item and the amounts', async () => {
    const gateway = adminSession({
      'GET /v1/monsterplans/p1/refunds': report([bat]),
      'PUT /v1/refunds/r1/paid': { body: { ...examItem, paidAt: '2026-11-24T06:00:00.000Z', paidBy: { _id: 'admin', email: 'admin@example.com' } } },
      'DELETE /v1/refunds/r2/paid': { body: { ...aloudItem, paidAt: null, paidBy: null } },
    });
    renderAdmin('/administrator/monsterplans/p1/refunds');
    const table = await screen.findByRole('table', { name: 'Буцаан олголт: Monster plan 1' });
    await userEvent.click(within(table).getByRole('button', { name: 'Төлсөн гэж тэмдэглэх: Шалгалт, 36/40' }));
    await waitFor(() => expect(within(table).getAllByText('Төлсөн', { selector: '.lp-badge' })).toHaveLength(2));
    expect(callsTo(gateway.calls, 'PUT', '/v1/refunds/r1/paid')).toHaveLength(1);
    expect(within(table).getAllByRole('cell').slice(3).map((cell) => cell.textContent)).toEqual(['20,000₮', '20,000₮', '0₮']);
    // Replaced from the answer, not reloaded.
    expect(callsTo(gateway.calls, 'GET', '/v1/monsterplans/p1/refunds')).toHaveLength(1);

    await userEvent.click(within(table).getByRole('button', { name: 'Тэмдэглэгээг буцаах: Уншлага, 2-р долоо хоног, 3-р өдөр' }));
    expect(await within(table).findByRole('button', { name: 'Төлсөн гэж тэмдэглэх: Уншлага, 2-р долоо хоног, 3-р өдөр' })).toBeInTheDocument();
    expect(callsTo(gateway.calls, 'DELETE', '/v1/refunds/r2/paid')).toHaveLength(1);
  });

  it("shows the server's message when a mark is refused", async () => {
    adminSession({
      'GET /v1/monsterplans/p1/refunds': report([bat]),
      'PUT /v1/refunds/r1/paid': { status: 404, body: { message: 'Буцаан олголт олдсонгүй.', code: 'refund_not_found' } },
    });
    renderAdmin('/administrator/monsterplans/p1/refunds');
    const table = await screen.findByRole('table', { name: 'Буцаан олголт: Monster plan 1' });
    await userEvent.click(within(table).getByRole('button', { name: 'Төлсөн гэж тэмдэглэх: Шалгалт, 36/40' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Төлбөрийг тэмдэглэж чадсангүй.');
    expect(alert).toHaveTextContent('Буцаан олголт олдсонгүй.');
  });

  it('pages the learners on the server, and says when nobody has earned one yet', async () => {
    const learners = Array.from({ length: 12 }, (_, index) => ({ ...bat, user: { _id: `u${index + 1}`, email: `learner${index + 1}@example.com` } }));
    const gateway = adminSession({ 'GET /v1/monsterplans/p1/refunds': report(learners) });
    const { unmount } = renderAdmin('/administrator/monsterplans/p1/refunds');
    const pager = await screen.findByRole('navigation', { name: 'Хуудаслалт: Буцаан олголт: Monster plan 1' });
    await userEvent.click(within(pager).getByRole('button', { name: '2-р хуудас' }));
    expect(await screen.findByText('learner12@example.com')).toBeInTheDocument();
    expect(address()).toHaveTextContent('/administrator/monsterplans/p1/refunds?page=2');
    expect(callsTo(gateway.calls, 'GET', '/v1/monsterplans/p1/refunds').at(-1)?.query).toEqual({ perPage: '10', currentPage: '2' });
    unmount();

    adminSession({ 'GET /v1/monsterplans/p1/refunds': report([]) });
    renderAdmin('/administrator/monsterplans/p1/refunds');
    expect(await screen.findByText('Буцаан олголт авах суралцагч одоогоор алга.')).toBeInTheDocument();
    expect(screen.queryByTestId('refund-totals')).not.toBeInTheDocument();
  });

  it("downloads the CSV with the session's token and saves it under the server's file name", async () => {
    const gateway = adminSession({ 'GET /v1/monsterplans/p1/refunds': report([bat]) });
    const csv = new Blob(['\uFEFFИмэйл,Төрөл\n'], { type: 'text/csv' });
    const downloads = catchCsvDownloads(csv, 'refunds-p1.csv');
    try {
      renderAdmin('/administrator/monsterplans/p1/refunds');
      await userEvent.click(await screen.findByRole('button', { name: 'CSV татах' }));
      await waitFor(() => expect(downloads.saved).toEqual([{ href: 'blob:http://localhost/csv-1', download: 'refunds-p1.csv' }]));
      expect(downloads.asked).toEqual([{ url: '/v1/monsterplans/p1/refunds.csv', headers: { accept: 'text/csv', authorization: 'Bearer token-of-admin' } }]);
      expect(downloads.objectUrls).toEqual([csv]);
      await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/csv-1'));
      expect(gateway.calls.some((call) => call.path.endsWith('.csv'))).toBe(false);
    } finally {
      downloads.restore();
    }
  });

  it("shows the server's message when the CSV is refused", async () => {
    adminSession({ 'GET /v1/monsterplans/p1/refunds': report([bat]), 'GET /v1/monsterplans/p1/refunds.csv': { status: 404, body: { message: 'Monster plan олдсонгүй.', code: 'monsterplan_not_found' } } });
    renderAdmin('/administrator/monsterplans/p1/refunds');
    await userEvent.click(await screen.findByRole('button', { name: 'CSV татах' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('CSV файлыг татаж чадсангүй.');
    expect(alert).toHaveTextContent('Monster plan олдсонгүй.');
  });
});
