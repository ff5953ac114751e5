import { changeLanguage } from '@learning/platform';
import { aUser } from '@learning/platform/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminSession, address, callsTo, pagedFrom, renderAdmin } from './fixtures';

const users = Array.from({ length: 23 }, (_, index) => aUser({ _id: `u${index + 1}`, name: `Хэрэглэгч ${index + 1}`, email: `user${index + 1}@example.com` }));

describe('the users (/administrator/users)', () => {
  it('lists name and email, 10 per page, asked of the server page by page', async () => {
    const gateway = adminSession({ 'GET /v1/users': pagedFrom(users) });
    renderAdmin('/administrator/users');
    const table = await screen.findByRole('table', { name: 'Хэрэглэгчид' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Нэр', 'Имэйл']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(within(rows[0]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Хэрэглэгч 1', 'user1@example.com']);
    expect(callsTo(gateway.calls, 'GET', '/v1/users')[0]?.query).toEqual({ perPage: '10', currentPage: '1' });
  });

  it('counts its pages from the real total, with the page in the address', async () => {
    const gateway = adminSession({ 'GET /v1/users': pagedFrom(users) });
    renderAdmin('/administrator/users');
    const pager = await screen.findByRole('navigation', { name: 'Хуудаслалт: Хэрэглэгчид' });
    expect(within(pager).getAllByRole('button', { name: /-р хуудас$/ })).toHaveLength(3);
    expect(within(pager).getByText('Нийт 23, 1/3 хуудас')).toBeInTheDocument();

    await userEvent.click(within(pager).getByRole('button', { name: '3-р хуудас' }));
    expect(await screen.findByText('user23@example.com')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(1 + 3);
    expect(address()).toHaveTextContent('/administrator/users?page=3');
    expect(callsTo(gateway.calls, 'GET', '/v1/users').at(-1)?.query).toEqual({ perPage: '10', currentPage: '3' });
    expect(within(pager).getByRole('button', { name: 'Дараах' })).toBeDisabled();
    expect(within(pager).getByRole('button', { name: '3-р хуудас' })).toHaveAttribute('aria-current', 'page');
  });

  it("says 'Хэрэглэгч олдсонгүй.' when there are none, and offers a retry when the list fails", async () => {
    adminSession({ 'GET /v1/users': { body: { result: [], total: 0 } } });
    const { unmount } = renderAdmin('/administrator/users');
    expect(await screen.findByText('Хэрэглэгч олдсонгүй.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: /Хуудаслалт/ })).not.toBeInTheDocument();
    unmount();

    let isUp = false;
    adminSession({ 'GET /v1/users': () => (isUp ? pagedFrom(users)({ query: {} } as never) : { status: 503, body: { message: 'Түр ажиллахгүй байна.', code: 'unavailable' } }) });
    renderAdmin('/administrator/users');
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Хэрэглэгчдийг ачаалж чадсангүй.');
    isUp = true;
    await userEvent.click(within(error).getByRole('button', { name: 'Дахин оролдох' }));
    await waitFor(() => expect(screen.getByText('user1@example.com')).toBeInTheDocument());
  });

  it('speaks English when the administrator chose it', async () => {
    adminSession({ 'GET /v1/users': { body: { result: [], total: 0 } } });
    renderAdmin('/administrator/users');
    try {
      await act(() => changeLanguage('en'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
      expect(await screen.findByText('No user found.')).toBeInTheDocument();
    } finally {
      await act(() => changeLanguage('mn'));
    }
  });
});
