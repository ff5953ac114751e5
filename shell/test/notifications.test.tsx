import type { auth } from '@learning/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { unreadCountPollMs } from '@learning/platform';
import { aUser, fakeSession, renderApp } from './fixtures';

afterEach(() => jest.useRealTimers());

const address = () => screen.getByTestId('address');
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const approved: auth.Notification = {
  _id: 'n2',
  type: 'request-approved',
  message: '"Monster plan 1" хөтөлбөрт нэвтрэх эрх нээгдлээ. Одоо үзэж эхлээрэй.',
  link: '/product-monster-plan/p1',
  createdAt: minutesAgo(5),
  isRead: false,
};
const earned: auth.Notification = {
  _id: 'n1',
  type: 'refund-earned',
  message: '10,000₮ буцаан олголт авах эрхтэй боллоо: "Monster plan 1" шалгалтад тэнцсэн. Сургалтын төв олгоход дахин мэдэгдэнэ.',
  link: null,
  createdAt: minutesAgo(3 * 60),
  isRead: true,
};

/** A stand-in for /v1/notifications that keeps what was marked read. */
function notificationsGateway(all: auth.Notification[], extra: Parameters<typeof fakeSession>[1] = {}) {
  const kept = all.map((notification) => ({ ...notification }));
  const unread = () => kept.filter((notification) => !notification.isRead).length;
  const gateway = fakeSession(aUser(), {
    'GET /v1/notifications': ({ query }) => {
      const perPage = Number(query.perPage);
      const start = (Number(query.currentPage) - 1) * perPage;
      return { body: { result: kept.slice(start, start + perPage), total: kept.length, unread: unread() } };
    },
    'GET /v1/notifications/unread-count': () => ({ body: { count: unread() } }),
    'PUT /v1/notifications/read': () => {
      for (const notification of kept) notification.isRead = true;
      return { body: { count: 0 } };
    },
    ...Object.fromEntries(
      kept.map((notification) => [
        `PUT /v1/notifications/${notification._id}/read`,
        () => {
          notification.isRead = true;
          return { body: notification };
        },
      ]),
    ),
    ...extra,
  });
  return { gateway, puts: () => gateway.calls.filter((call) => call.method === 'PUT').map((call) => call.path) };
}

const entryOf = (message: string) => screen.getByText(message).closest('li')!;

describe('notifications (/notifications)', () => {
  it('lists them newest first: the message, how long ago, "Шинэ" on the unread ones, a link when there is one', async () => {
    notificationsGateway([approved, earned]);
    renderApp('/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Мэдэгдэл' })).toBeInTheDocument();
    expect(await screen.findByText('1 уншаагүй мэдэгдэл байна.')).toBeInTheDocument();

    const items = within(screen.getByRole('list', { name: 'Мэдэгдэл' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.notifications__message')!.textContent)).toEqual([approved.message, earned.message]);

    const first = within(entryOf(approved.message));
    expect(first.getByText('Шинэ')).toBeInTheDocument();
    expect(first.getByText('5 минутын өмнө')).toHaveAttribute('datetime', approved.createdAt);
    expect(first.getByRole('link', { name: 'Нээх' })).toHaveAttribute('href', '/product-monster-plan/p1');
    expect(first.getByRole('button', { name: 'Уншсан гэж тэмдэглэх' })).toBeInTheDocument();

    const second = within(entryOf(earned.message));
    expect(second.queryByText('Шинэ')).not.toBeInTheDocument();
    expect(second.getByText('3 цагийн өмнө')).toBeInTheDocument();
    expect(second.queryByRole('link')).not.toBeInTheDocument();
    expect(second.queryByRole('button')).not.toBeInTheDocument();
  });

  it('marks one read with the keyboard; the focus stays on its notification', async () => {
    const { puts } = notificationsGateway([approved, earned]);
    renderApp('/notifications');
    const button = await screen.findByRole('button', { name: 'Уншсан гэж тэмдэглэх' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(entryOf(approved.message)).queryByText('Шинэ')).not.toBeInTheDocument());
    expect(puts()).toEqual(['/v1/notifications/n2/read']);
    expect(entryOf(approved.message)).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Бүгдийг уншсан гэж тэмдэглэх' })).not.toBeInTheDocument();
  });

  it('following the link marks it read and opens the page', async () => {
    const { puts } = notificationsGateway([approved, earned]);
    renderApp('/notifications');
    await userEvent.click(await screen.findByRole('link', { name: 'Нээх' }));
    await waitFor(() => expect(address()).toHaveTextContent('/product-monster-plan/p1'));
    await waitFor(() => expect(puts()).toEqual(['/v1/notifications/n2/read']));
  });

  it('marks all read at once', async () => {
    const another = { ...approved, _id: 'n3', message: '"IELTS" хүсэлт цуцлагдлаа. Асуух зүйл байвал төвтэй холбогдоорой.', link: null };
    const { puts } = notificationsGateway([another, approved, earned]);
    renderApp('/notifications');
    expect(await screen.findByText('2 уншаагүй мэдэгдэл байна.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Бүгдийг уншсан гэж тэмдэглэх' }));
    await waitFor(() => expect(screen.queryByText('Шинэ')).not.toBeInTheDocument());
    expect(puts()).toEqual(['/v1/notifications/read']);
    expect(screen.queryByText(/уншаагүй мэдэгдэл байна/)).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Мэдэгдэл' })).toHaveFocus();
  });

  it('pages ten at a time', async () => {
    const many = Array.from({ length: 12 }, (_, index) => ({ ...earned, _id: `m${index}`, message: `Мэдэгдэл №${index + 1}` }));
    const { gateway } = notificationsGateway(many);
    renderApp('/notifications');
    expect(await screen.findByText('Мэдэгдэл №1')).toBeInTheDocument();
    const pager = within(screen.getByRole('navigation', { name: 'Мэдэгдлийн хуудас' }));
    expect(pager.getByText('1 / 2 хуудас')).toBeInTheDocument();
    expect(pager.getByRole('button', { name: 'Өмнөх' })).toBeDisabled();
    await userEvent.click(pager.getByRole('button', { name: 'Дараах' }));
    expect(await screen.findByText('Мэдэгдэл №11')).toBeInTheDocument();
    expect(screen.queryByText('Мэдэгдэл №1')).not.toBeInTheDocument();
    expect(pager.getByText('2 / 2 хуудас')).toBeInTheDocument();
    const pages = gateway.calls.filter((call) => call.path === '/v1/notifications').map((call) => call.query);
    expect(pages).toEqual([
      { perPage: '10', currentPage: '1' },
      { perPage: '10', currentPage: '2' },
    ]);
  });

  it('says when there are none', async () => {
    notificationsGateway([]);
    renderApp('/notifications');
    expect(await screen.findByText('Одоогоор мэдэгдэл алга.')).toBeInTheDocument();
  });

  it('says when they cannot be loaded, and tries again', async () => {
    let isDown = true;
    notificationsGateway([approved], {
      'GET /v1/notifications': () =>
        isDown ? { status: 503, body: { message: 'Түр саатал.', code: 'unavailable' } } : { body: { result: [approved], total: 1, unread: 1 } },
    });
    renderApp('/notifications');
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Мэдэгдлийг ачаалж чадсангүй.');
    isDown = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Дахин оролдох' }));
    expect(await screen.findByText(approved.message)).toBeInTheDocument();
  });

  it('sends a guest to sign in', async () => {
    fakeSession(null);
    renderApp('/notifications');
    await waitFor(() => expect(address()).toHaveTextContent(`/signin?continue=${encodeURIComponent('http://localhost/notifications')}`));
  });
});

describe('the side menu item', () => {
  it('is disabled for a guest, saying it needs sign-in, and asks for no count', async () => {
    const gateway = fakeSession(null);
    renderApp('/help');
    const menu = within(screen.getByRole('navigation'));
    expect(await menu.findByText('Нэвтэрсний дараа нээгдэнэ')).toBeInTheDocument();
    expect(menu.queryByRole('link', { name: /Мэдэгдэл/ })).not.toBeInTheDocument();
    expect(gateway.calls.some((call) => call.path === '/v1/notifications/unread-count')).toBe(false);
  });

  it('shows a signed-in learner the unread count, named for screen readers', async () => {
    notificationsGateway([approved, { ...approved, _id: 'n4' }, { ...approved, _id: 'n5' }]);
    renderApp('/help');
    const link = await within(screen.getByRole('navigation')).findByRole('link', { name: 'Мэдэгдэл, 3 уншаагүй мэдэгдэл' });
    expect(link).toHaveAttribute('href', '/notifications');
    expect(link).toHaveTextContent('3');
  });

  it('has no badge when all are read', async () => {
    notificationsGateway([earned]);
    renderApp('/help');
    const link = await within(screen.getByRole('navigation')).findByRole('link', { name: 'Мэдэгдэл' });
    await waitFor(() => expect(link.querySelector('.side-menu__count')).toBeNull());
  });

  it('asks again every 5 s; when the count grows, the learner and their progress are asked for again (an approval shows without a reload)', async () => {
    // The 5 s are the page's timer: fake timers move it on, no test waits for it.
    jest.useFakeTimers();
    let count = 0;
    const { gateway } = notificationsGateway([], {
      'GET /v1/notifications/unread-count': () => ({ body: { count } }),
      'GET /v1/progress/mine': { body: { monsterplans: [], lessons: [] } },
    });
    renderApp('/me');
    const menu = within(screen.getByRole('navigation'));
    await menu.findByRole('link', { name: 'Мэдэгдэл' });
    await screen.findByText('Та одоогоор ямар нэг хөтөлбөр, багцад хамрагдаагүй байна.');
    await waitFor(() => expect(gateway.calls.filter((call) => call.path === '/v1/notifications/unread-count')).toHaveLength(1));
    const callsTo = (path: string) => gateway.calls.filter((call) => call.path === path).length;
    const before = { me: callsTo('/v1/auth/me'), progress: callsTo('/v1/progress/mine') };

    // An unchanged count changes nothing.
    await act(() => jest.advanceTimersByTimeAsync(unreadCountPollMs));
    expect(callsTo('/v1/notifications/unread-count')).toBe(2);
    expect({ me: callsTo('/v1/auth/me'), progress: callsTo('/v1/progress/mine') }).toEqual(before);

    count = 1;
    await act(() => jest.advanceTimersByTimeAsync(unreadCountPollMs));
    expect(await menu.findByRole('link', { name: 'Мэдэгдэл, 1 уншаагүй мэдэгдэл' })).toBeInTheDocument();
    await waitFor(() => expect({ me: callsTo('/v1/auth/me'), progress: callsTo('/v1/progress/mine') }).toEqual({ me: before.me + 1, progress: before.progress + 1 }));
  });
});
