import { changeLanguage } from '@learning/platform';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aLessonRequest, aMonsterplanRequest, adminSession, callsTo, pagedFrom, renderAdmin } from './fixtures';

const lessonPanel = () => within(screen.getByRole('region', { name: 'Багц хичээлийн хүсэлтүүд' }));
const planPanel = () => within(screen.getByRole('region', { name: 'Monster plan-ы хүсэлтүүд' }));

describe('the requests panel', () => {
  it("shows 'Багц хичээлийн хүсэлтүүд', the badge 'N new request' and when, who, which bundle, the price the request recorded and the action, in Mongolian", async () => {
    adminSession({
      'GET /v1/lesson-requests': pagedFrom([
        aLessonRequest('r1', { price: '35000' }),
        aLessonRequest('r2', { isApproved: true, createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString() }),
      ]),
      'GET /v1/lesson-requests/total-new-requests': { body: { count: 1 } },
    });
    renderAdmin('/administrator/lessons/requests');
    expect(await screen.findByRole('heading', { level: 1, name: 'Багц хичээлийн хүсэлтүүд' })).toBeInTheDocument();
    // The spec's one English badge, as it writes it.
    expect(await lessonPanel().findByText('1 new request')).toBeInTheDocument();
    const table = lessonPanel().getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Хэзээ', 'Имэйл', 'Багц', 'Үнэ', 'Төлбөр', 'Үйлдэл']);
    const [pending, approved] = within(table).getAllByRole('row').slice(1).map((row) => within(row));
    expect(pending!.getByText('5 минутын өмнө')).toHaveAttribute('datetime');
    expect(pending!.getByText('r1@example.com')).toBeInTheDocument();
    expect(pending!.getByText('Англи хэл 1')).toBeInTheDocument();
    // What the learner was told to pay (the early price when asked before its deadline), not the price today.
    expect(pending!.getByRole('cell', { name: '35,000₮' })).toBeInTheDocument();
    expect(approved!.getByRole('cell', { name: '49,000₮' })).toBeInTheDocument();
    // Each button says whose request it settles.
    expect(pending!.getByRole('button', { name: 'Зөвшөөрөх: r1@example.com, Англи хэл 1' })).toHaveTextContent(/^Зөвшөөрөх$/);
    expect(pending!.getByRole('button', { name: 'Цуцлах: r1@example.com, Англи хэл 1' })).toHaveTextContent(/^Цуцлах$/);
    expect(approved!.getByText('2 өдрийн өмнө')).toBeInTheDocument();
    expect(approved!.getByText('Зөвшөөрсөн')).toBeInTheDocument();
    expect(approved!.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText(/Approve|Approved|Yes|No\b/)).not.toBeInTheDocument();
  });

  it("titles the plans' panel for plans, 'Monster plan-ы хүсэлтүүд', and its entry of the panel likewise", async () => {
    adminSession({ 'GET /v1/monsterplan-requests': pagedFrom([aMonsterplanRequest('m1')]) });
    renderAdmin('/administrator/monsterplans/requests');
    expect(await screen.findByRole('heading', { level: 1, name: 'Monster plan-ы хүсэлтүүд' })).toBeInTheDocument();
    expect(await planPanel().findByRole('table', { name: 'Monster plan-ы хүсэлтүүд' })).toHaveTextContent('m1@example.com');
    expect(screen.queryByText('Багц хичээлийн хүсэлтүүд', { selector: 'h1, h2' })).not.toBeInTheDocument();
    const sections = within(screen.getByRole('navigation', { name: 'Админы хэсгүүд' }));
    expect(sections.getByRole('link', { name: 'Monster plan-ы хүсэлтүүд' })).toHaveAttribute('aria-current', 'page');
    expect(sections.getByRole('link', { name: 'Багц хичээлийн хүсэлтүүд' })).toHaveAttribute('href', '/administrator/lessons/requests');
  });

  it("approves only after 'Тийм' (from the keyboard too); 'Үгүй' or Escape keeps the request and gives the focus back", async () => {
    let requests = [aLessonRequest('r1')];
    const gateway = adminSession({
      'GET /v1/lesson-requests': () => ({ body: { result: requests, total: requests.length } }),
      'PUT /v1/lesson-requests/r1': () => {
        requests = [{ ...requests[0]!, isApproved: true }];
        return { body: requests[0] };
      },
    });
    renderAdmin('/administrator/lessons/requests');
    const row = within((await lessonPanel().findByText('r1@example.com')).closest('tr')!);
    const approve = () => row.getByRole('button', { name: 'Зөвшөөрөх: r1@example.com, Англи хэл 1' });

    await userEvent.click(approve());
    const question = row.getByRole('group', { name: 'Зөвшөөрөх үү?' });
    expect(within(question).getByRole('button', { name: 'Тийм' })).toHaveFocus();
    await userEvent.click(within(question).getByRole('button', { name: 'Үгүй' }));
    expect(approve()).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    expect(row.getByRole('group', { name: 'Зөвшөөрөх үү?' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(row.queryByRole('group', { name: 'Зөвшөөрөх үү?' })).not.toBeInTheDocument();
    expect(approve()).toHaveFocus();
    expect(callsTo(gateway.calls, 'PUT', '/v1/lesson-requests/r1')).toHaveLength(0);

    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Enter}');
    expect(await row.findByText('Зөвшөөрсөн')).toBeInTheDocument();
    expect(callsTo(gateway.calls, 'PUT', '/v1/lesson-requests/r1')).toHaveLength(1);
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
    expect(await lessonPanel().findByText('1 new request')).toBeInTheDocument();
    const before = (path: string) => callsTo(gateway.calls, 'GET', path).length;
    const counts = { me: before('/v1/auth/me'), lessons: before('/v1/lessons'), requests: before('/v1/lesson-requests'), count: before('/v1/lesson-requests/total-new-requests') };

    await userEvent.click(await lessonPanel().findByRole('button', { name: /^Зөвшөөрөх:/ }));
    await userEvent.click(lessonPanel().getByRole('button', { name: 'Тийм' }));
    expect(await lessonPanel().findByText('Зөвшөөрсөн')).toBeInTheDocument();
    expect(await lessonPanel().findByText('0 new request')).toBeInTheDocument();
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

  it("cancels a pending plan request after 'Тийм', which removes it; 'Үгүй' keeps it", async () => {
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
    expect(await planPanel().findByText('2 new request')).toBeInTheDocument();
    const plansLoaded = callsTo(gateway.calls, 'GET', '/v1/monsterplans').length;
    expect(planPanel().getAllByText('3 цагийн өмнө')).toHaveLength(2);
    const row = within((await planPanel().findByText('m1@example.com')).closest('tr')!);
    const cancel = () => row.getByRole('button', { name: 'Цуцлах: m1@example.com, Monster plan 1' });
    await userEvent.click(cancel());
    expect(row.getByRole('group', { name: 'Цуцлах уу?' })).toBeInTheDocument();
    await userEvent.click(row.getByRole('button', { name: 'Үгүй' }));
    expect(cancel()).toHaveFocus();
    expect(callsTo(gateway.calls, 'DELETE', '/v1/monsterplan-requests/m1')).toHaveLength(0);

    await userEvent.click(cancel());
    await userEvent.click(row.getByRole('button', { name: 'Тийм' }));
    await waitFor(() => expect(planPanel().queryByText('m1@example.com')).not.toBeInTheDocument());
    expect(await planPanel().findByText('1 new request')).toBeInTheDocument();
    expect(callsTo(gateway.calls, 'DELETE', '/v1/monsterplan-requests/m1')[0]?.body).toEqual({ id: 'm1', user: 'user-of-m1', monsterplan: 'p1', videos: ['mv1'], isApproved: false });
    await waitFor(() => expect(callsTo(gateway.calls, 'GET', '/v1/monsterplans').length).toBeGreaterThan(plansLoaded));
  });

  it("shows the server's message when a request cannot be settled, and reloads the list", async () => {
    adminSession({
      'GET /v1/lesson-requests': pagedFrom([aLessonRequest('r1')]),
      'PUT /v1/lesson-requests/r1': { status: 404, body: { message: 'Хүсэлт олдсонгүй.', code: 'request_not_found' } },
    });
    renderAdmin('/administrator/lessons/requests');
    await userEvent.click(await lessonPanel().findByRole('button', { name: /^Зөвшөөрөх:/ }));
    await userEvent.click(lessonPanel().getByRole('button', { name: 'Тийм' }));
    const error = await lessonPanel().findByRole('alert');
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
    expect(await lessonPanel().findByText('r14@example.com')).toBeInTheDocument();
    expect(callsTo(gateway.calls, 'GET', '/v1/lesson-requests').at(-1)?.query).toEqual({ perPage: '10', currentPage: '2' });
  });

  it('says so when there are no requests', async () => {
    adminSession();
    renderAdmin('/administrator/monsterplans/requests');
    expect(await planPanel().findByText('Хүсэлт алга.')).toBeInTheDocument();
    expect(await planPanel().findByText('0 new request')).toBeInTheDocument();
  });

  it('keeps the English words in the English locale: Approve, Approved, Yes and No', async () => {
    adminSession({ 'GET /v1/monsterplan-requests': pagedFrom([aMonsterplanRequest('m1'), aMonsterplanRequest('m2', { isApproved: true })]) });
    renderAdmin('/administrator/monsterplans/requests');
    await screen.findByText('m1@example.com');
    try {
      await act(() => changeLanguage('en'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Monster plan requests' })).toBeInTheDocument();
      const row = within(screen.getByText('m1@example.com').closest('tr')!);
      await userEvent.click(row.getByRole('button', { name: 'Approve: m1@example.com, Monster plan 1' }));
      expect(row.getByRole('group', { name: 'Approve it?' })).toBeInTheDocument();
      expect(row.getByRole('button', { name: 'Yes' })).toBeInTheDocument();
      expect(row.getByRole('button', { name: 'No' })).toBeInTheDocument();
      expect(within(screen.getByText('m2@example.com').closest('tr')!).getByText('Approved')).toBeInTheDocument();
    } finally {
      await act(() => changeLanguage('mn'));
    }
  });
});
