import { screen, waitFor, within } from '@testing-library/react';
import { adminSession, address, renderAdmin } from './fixtures';

describe('administrator remote routes', () => {
  it('redirects /administrator to the lesson bundles', async () => {
    adminSession();
    renderAdmin('/administrator');
    await waitFor(() => expect(address()).toHaveTextContent('/administrator/lessons'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Багц хичээл' })).toBeInTheDocument();
  });

  it.each([
    ['/administrator/lessons/requests', 'Багц хичээлийн хүсэлтүүд', 'Багц хичээлийн хүсэлтүүд'],
    ['/administrator/monsterplans', 'Monster plan', 'Monster plan'],
    ['/administrator/monsterplans/requests', 'Monster plan-ы хүсэлтүүд', 'Monster plan-ы хүсэлтүүд'],
    ['/administrator/payments', 'Төлбөрүүд', 'Төлбөрүүд'],
    ['/administrator/users', 'Хэрэглэгчид', 'Хэрэглэгчид'],
    ['/administrator/videos', 'Видео', 'Видео'],
    ['/administrator/centre', 'Төвийн лого', 'Төвийн лого'],
  ])('shows %s with its entry of the panel marked', async (route, title, entry) => {
    adminSession();
    renderAdmin(route);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const sections = within(screen.getByRole('navigation', { name: 'Админы хэсгүүд' }));
    expect(sections.getByRole('link', { name: entry })).toHaveClass('lp-button--primary');
  });

  it('has entries for lesson bundles and Monster plans with their requests, the payments, videos, users and the centre\'s logo, with the new-request counts', async () => {
    adminSession({
      'GET /v1/lesson-requests/total-new-requests': { body: { count: 3 } },
      'GET /v1/monsterplan-requests/total-new-requests': { body: { count: 0 } },
    });
    renderAdmin('/administrator/users');
    const sections = within(screen.getByRole('navigation', { name: 'Админы хэсгүүд' }));
    expect(await sections.findByRole('link', { name: 'Багц хичээл 3 шинэ хүсэлт' })).toHaveAttribute('href', '/administrator/lessons');
    expect(sections.getByRole('link', { name: 'Monster plan' })).toHaveAttribute('href', '/administrator/monsterplans');
    expect(sections.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/administrator/lessons',
      '/administrator/lessons/requests',
      '/administrator/monsterplans',
      '/administrator/monsterplans/requests',
      '/administrator/payments',
      '/administrator/videos',
      '/administrator/users',
      '/administrator/refunds',
      '/administrator/centre',
    ]);
  });

  it('sends an unknown admin path to the 404 page', async () => {
    adminSession();
    renderAdmin('/administrator/nothing-here');
    await waitFor(() => expect(address()).toHaveTextContent('/404'));
  });
});
