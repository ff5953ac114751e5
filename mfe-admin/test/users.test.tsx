import { changeLanguage } from '@learning/platform';
import { aUser } from '@learning/platform/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { admin, adminSession, address, callsTo, pagedFrom, renderAdmin } from './fixtures';

const users = Array.from({ length: 23 }, (_, index) => aUser({ _id: `u${index + 1}`, name: `Хэрэглэгч ${index + 1}`, email: `user${index + 1}@example.com` }));

describe('the users (/administrator/users)', () => {
  it('lists name and email, 10 per page, asked of the server page by page', async () => {
    const gateway = adminSession({ 'GET /v1/users': pagedFrom(users) });
    renderAdmin('/administrator/users');
    const table = await screen.findByRole('table', { name: 'Хэрэглэгчид' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Нэр', 'Имэйл', 'Үйлдэл']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(within(rows[0]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Хэрэглэгч 1', 'user1@example.com', 'Админ болгох']);
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

  it('searches by name or email: the text goes as `search` once the typing pauses, from page 1, and stays in the address for Back', async () => {
    const gateway = adminSession({
      'GET /v1/users': (call) => pagedFrom(users.filter((user) => !call.query.search || `${user.name} ${user.email}`.toLowerCase().includes(call.query.search.toLowerCase())))(call),
      'GET /v1/users/u2': { body: users[1] },
      'GET /v1/progress/users/u2': { body: { monsterplans: [], lessons: [] } },
      'GET /v1/refunds': { body: { result: [] } },
    });
    renderAdmin('/administrator/users?page=2', { inBrowser: true });
    expect(await screen.findByText('user11@example.com')).toBeInTheDocument();
    const box = screen.getByRole('searchbox', { name: 'Нэр эсвэл имэйлээр хайх' });
    await userEvent.type(box, 'USER2');
    // One call for the paused typing, not one per letter.
    await waitFor(() => expect(callsTo(gateway.calls, 'GET', '/v1/users').at(-1)?.query).toEqual({ perPage: '10', currentPage: '1', search: 'USER2' }));
    expect(callsTo(gateway.calls, 'GET', '/v1/users').filter((call) => call.query.search)).toHaveLength(1);
    expect(address()).toHaveTextContent(/^\/administrator\/users\?search=USER2$/);
    const table = screen.getByRole('table', { name: 'Хэрэглэгчид' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + 5));

    // A learner's page, then the browser's Back: the search is still there.
    await userEvent.click(within(table).getByRole('link', { name: 'Хэрэглэгч 2' }));
    expect(window.location.pathname).toBe('/administrator/users/u2');
    await screen.findByRole('heading', { level: 1, name: 'Хэрэглэгч 2' });
    act(() => window.history.back());
    expect(await screen.findByRole('searchbox', { name: 'Нэр эсвэл имэйлээр хайх' })).toHaveValue('USER2');
    expect(window.location.search).toBe('?search=USER2');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Нэр эсвэл имэйлээр хайх' }), 'нэг ч үгүй');
    expect(await screen.findByText('Хэрэглэгч олдсонгүй.')).toBeInTheDocument();
  });

  it('keeps the search of the address, and clears it when the box is emptied', async () => {
    const gateway = adminSession({ 'GET /v1/users': pagedFrom(users) });
    renderAdmin('/administrator/users?search=user7');
    expect(await screen.findByRole('searchbox', { name: 'Нэр эсвэл имэйлээр хайх' })).toHaveValue('user7');
    expect(callsTo(gateway.calls, 'GET', '/v1/users')[0]?.query).toEqual({ perPage: '10', currentPage: '1', search: 'user7' });
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Нэр эсвэл имэйлээр хайх' }));
    await waitFor(() => expect(address()).toHaveTextContent(/^\/administrator\/users$/));
    expect(callsTo(gateway.calls, 'GET', '/v1/users').at(-1)?.query).toEqual({ perPage: '10', currentPage: '1' });
  });

  describe('the administrator role', () => {
    /** A stand-in for the users' calls that keeps the roles it is told. */
    function usersWithRoles(people: ReturnType<typeof aUser>[], answerToChange?: () => { status: number; body: unknown }) {
      return {
        'GET /v1/users': () => ({ body: { result: people, total: people.length } }),
        ...Object.fromEntries(
          people.map((person) => [
            `PUT /v1/users/${person._id}/admin`,
            (call: { body: unknown }) => {
              const refusal = answerToChange?.();
              if (refusal) return refusal;
              person.isAdmin = (call.body as { isAdmin: boolean }).isAdmin;
              return { body: person };
            },
          ]),
        ),
      };
    }
    const rowOf = async (email: string) => within((await screen.findByText(email)).closest('tr')!);

    it("is granted after 'Тийм' with PUT /v1/users/{id}/admin {isAdmin: true}, and the reloaded list shows the badge", async () => {
      const learner = aUser({ _id: 'u7', name: 'Болд', email: 'bold@example.com' });
      const gateway = adminSession(usersWithRoles([learner]));
      renderAdmin('/administrator/users');
      const row = await rowOf('bold@example.com');
      await userEvent.click(row.getByRole('button', { name: 'Админ болгох' }));
      expect(row.getByRole('group', { name: 'Админ болгох уу?' })).toBeInTheDocument();
      expect(callsTo(gateway.calls, 'PUT', '/v1/users/u7/admin')).toHaveLength(0);
      await userEvent.click(row.getByRole('button', { name: 'Тийм' }));
      expect(await row.findByText('Админ')).toBeInTheDocument();
      expect(callsTo(gateway.calls, 'PUT', '/v1/users/u7/admin').map((call) => call.body)).toEqual([{ isAdmin: true }]);
      expect(row.getByRole('button', { name: 'Админ эрхийг хасах' })).toBeInTheDocument();
    });

    it("is removed after 'Тийм'; 'Үгүй' keeps it and calls nothing", async () => {
      const other = aUser({ _id: 'u8', name: 'Туслах', email: 'helper@example.com', isAdmin: true });
      const gateway = adminSession(usersWithRoles([other]));
      renderAdmin('/administrator/users');
      const row = await rowOf('helper@example.com');
      await userEvent.click(row.getByRole('button', { name: 'Админ эрхийг хасах' }));
      await userEvent.click(row.getByRole('button', { name: 'Үгүй' }));
      expect(callsTo(gateway.calls, 'PUT', '/v1/users/u8/admin')).toHaveLength(0);
      await userEvent.click(row.getByRole('button', { name: 'Админ эрхийг хасах' }));
      await userEvent.click(row.getByRole('button', { name: 'Тийм' }));
      expect(await row.findByRole('button', { name: 'Админ болгох' })).toBeInTheDocument();
      expect(callsTo(gateway.calls, 'PUT', '/v1/users/u8/admin').map((call) => call.body)).toEqual([{ isAdmin: false }]);
      expect(row.queryByText('Админ')).not.toBeInTheDocument();
    });

    it("is never offered on the administrator's own row", async () => {
      adminSession(usersWithRoles([{ ...admin }]));
      renderAdmin('/administrator/users');
      const row = await rowOf(admin.email);
      expect(row.getByText('Та')).toBeInTheDocument();
      expect(row.queryByRole('button')).not.toBeInTheDocument();
    });

    it("shows the server's message when the change is refused, and the role as it is", async () => {
      const other = aUser({ _id: 'u9', email: 'last@example.com', isAdmin: true });
      adminSession(usersWithRoles([other], () => ({ status: 409, body: { message: 'Сүүлийн администраторын эрхийг хасах боломжгүй.', code: 'last_administrator' } })));
      renderAdmin('/administrator/users');
      const row = await rowOf('last@example.com');
      await userEvent.click(row.getByRole('button', { name: 'Админ эрхийг хасах' }));
      await userEvent.click(row.getByRole('button', { name: 'Тийм' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Эрхийг өөрчилж чадсангүй.');
      expect(alert).toHaveTextContent('Сүүлийн администраторын эрхийг хасах боломжгүй.');
      expect(row.getByText('Админ')).toBeInTheDocument();
    });
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
