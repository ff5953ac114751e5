import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aLessonRequest, aMonsterplanRequest, adminSession, callsTo, pagedFrom, renderAdmin } from './fixtures';

const panel = () => within(screen.getByRole('region', { name: 'Багц хичээлийн хүсэлтүүд' }));

describe('the requests panel', () => {
  it("shows 'Багц хичээлийн хүсэлтүүд', the badge 'N new request' and when, who, which bundle and the action", async () => {
    adminSession({
      'GET /v1/lesson-requests': pagedFrom([aLessonRequest('r1'), aLessonRequest('r2', { isApproved: true, createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString() })]),
      'GET /v1/lesson-requests/total-new-requests': { body: { count: 1 } },
    });
    renderAdmin('/administrator/lessons/requests');
    expect(await screen.findByRole('heading', { level: 1, name: 'Багц хичээлийн хүсэлтүүд' })).toBeInTheDocument();
    expect(await panel().findByText('1 new request')).toBeInTheDocument();
    const table = panel().getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Хэзээ', 'Имэйл', 'Багц', 'Үйлдэл']);
    const [pending, approved] = within(table).getAllByRole('row').slice(1).map((row) => within(row));
    expect(pending!.getByText('5 минутын өмнө')).toHaveAttribute('datetime');
    expect(pending!.getByText('r1@example.com')).toBeInTheDocument();
    expect(pending!.getByText('Англи хэл 1')).toBeInTheDocument();
    expect(pending!.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(pending!.getByRole('button', { name: 'Цуцлах' })).toBeInTheDocument();
    expect(approved!.getByText('2 өдрийн өмнө')).toBeInTheDocument();
    expect(approved!.getByText('Approved')).toBeInTheDocument();
    expect(approved!.queryByRole('button')).not.toBeInTheDocument();
  });

  it('approves with the spec payload, then reloads the current user, the requests, the bundles and the new-request count', async () => {
    let requests = [aLessonRequest('r1')];
    const gateway = adminSession({
      'GET /v1/lesson-requests': () => ({ body: { result: requests, total: requests.length } }),
      'GET /v1/lesson-requests/total-new-requests': () => ({ body: { count: requests.filter((request) => !request.isApproved).length } }),
      'PUT /v1/lesson-requests/r1': () => {
        requests = [{ ...requests[0]!, isApproved: true }];
        return { body: requests[0] };
      },
    });
    renderAdmin('/administrator/lessons');
    expect(await panel().findByText('1 new request')).toBeInTheDocument();
    const before = (path: string) => callsTo(gateway.calls, 'GET', path).length;
    const counts = { me: before('/v1/auth/me'), lessons: before('/v1/lessons'), requests: before('/v1/lesson-requests'), count: before('/v1/lesson-requests/total-new-requests') };

    await userEvent.click(await panel().findByRole('button', { name: 'Approve' }));
    expect(await panel().findByText('Approved')).toBeInTheDocument();
    expect(await panel().findByText('0 new request')).toBeInTheDocument();
    expect(callsTo(gateway.calls, 'PUT', '/v1/lesson-requests/r1')[0]?.body).toEqual({ id: 'r1', user: 'user-of-r1', lesson: 'l1', videos: ['l1-v1', 'l1-v2'], isApproved: true });
    await waitFor(() =>
      expect({ me: before('/v1/auth/me'), lessons: before('/v1/lessons'), requests: before('/v1/lesson-requests'), count: before('/v1/lesson-requests/total-new-requests') }).toEqual({
        me: counts.me + 1,
        lessons: counts.lessons + 1,
        requests: counts.requests + 1,
        count: counts.count + 1,
      }),
    );
    // The panel's entry loses its badge too.
    expect(within(screen.getByRole('navigation', { name: 'Админы хэсгүүд' })).getByRole('link', { name: 'Багц хичээл' })).toBeInTheDocument();
  });

  it('cancels a pending plan request after Yes, which removes it; No keeps it', async () => {
    let requests = [aMonsterplanRequest('m1'), aMonsterplanRequest('m2')];
    const gateway = adminSession({
      'GET /v1/monsterplan-requests': () => ({ body: { result: requests, total: requests.length } }),
      'GET /v1/monsterplan-requests/total-new-requests': () => ({ body: { count: requests.length } }),
      'DELETE /v1/monsterplan-requests/m1': () => {
        requests = requests.filter((request) => request._id !== 'm1');
        return { status: 204 };
      },
    });
    renderAdmin('/administrator/monsterplans');
    expect(await panel().findByText('2 new request')).toBeInTheDocument();
    const plansLoaded = callsTo(gateway.calls, 'GET', '/v1/monsterplans').length;
    expect(panel().getAllByText('3 цагийн өмнө')).toHaveLength(2);
    const row = within((await panel().findByText('m1@example.com')).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: 'Цуцлах' }));
    expect(row.getByRole('group', { name: 'Цуцлах уу?' })).toBeInTheDocument();
    await userEvent.click(row.getByRole('button', { name: 'No' }));
    expect(callsTo(gateway.calls, 'DELETE', '/v1/monsterplan-requests/m1')).toHaveLength(0);

    await userEvent.click(row.getByRole('button', { name: 'Цуцлах' }));
    await userEvent.click(row.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(panel().queryByText('m1@example.com')).not.toBeInTheDocument());
    expect(await panel().findByText('1 new request')).toBeInTheDocument();
    expect(callsTo(gateway.calls, 'DELETE', '/v1/monsterplan-requests/m1')[0]?.body).toEqual({ id: 'm1', user: 'user-of-m1', monsterplan: 'p1', videos: ['mv1'], isApproved: false });
    await waitFor(() => expect(callsTo(gateway.calls, 'GET', '/v1/monsterplans').length).toBeGreaterThan(plansLoaded));
  });

  it("shows the server's message when a request cannot be settled, and reloads the list", async () => {
    adminSession({
      'GET /v1/lesson-requests': pagedFrom([aLessonRequest('r1')]),
      'PUT /v1/lesson-requests/r1': { status: 404, body: { message: 'Хүсэлт олдсонгүй.', code: 'request_not_found' } },
    });
    renderAdmin('/administrator/lessons/requests');
    await userEvent.click(await panel().findByRole('button', { name: 'Approve' }));
    const error = await panel().findByRole('alert');
    expect(error).toHaveTextContent('Хүсэлтийг шийдэж чадсангүй.');
    expect(error).toHaveTextContent('Хүсэлт олдсонгүй.');
  });

  it('pages on the server with the real total', async () => {
    const requests = Array.from({ length: 14 }, (_, index) => aLessonRequest(`r${index + 1}`));
    const gateway = adminSession({ 'GET /v1/lesson-requests': pagedFrom(requests) });
    renderAdmin('/administrator/lessons/requests');
    const pager = await screen.findByRole('navigation', { name: 'Хуудаслалт: Багц хичээлийн хүсэлтүүд' });
    expect(within(pager).getByText('Нийт 14, 1/2 хуудас')).toBeInTheDocument();
    await userEvent.click(within(pager).getByRole('button', { name: '2-р хуудас' }));
    expect(await panel().findByText('r14@example.com')).toBeInTheDocument();
    expect(callsTo(gateway.calls, 'GET', '/v1/lesson-requests').at(-1)?.query).toEqual({ perPage: '10', currentPage: '2' });
  });

  it('says so when there are no requests', async () => {
    adminSession();
    renderAdmin('/administrator/monsterplans/requests');
    expect(await panel().findByText('Хүсэлт алга.')).toBeInTheDocument();
    expect(await panel().findByText('0 new request')).toBeInTheDocument();
  });
});
