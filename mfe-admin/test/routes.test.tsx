import { screen, waitFor, within } from '@testing-library/react';
import { fakeGateway, renderWithPlatform } from '@learning/platform/testing';
import AdminRoutes from '../src/routes';

describe('administrator remote routes', () => {
  beforeEach(() => {
    globalThis.fetch = fakeGateway({}).fetch;
  });

  it('redirects /administrator to the lesson bundles', async () => {
    renderWithPlatform(<AdminRoutes />, { route: '/administrator' });
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/administrator/lessons'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Багц хичээл' })).toBeInTheDocument();
  });

  it.each([
    ['/administrator/lessons/requests', 'Багц хичээлийн хүсэлтүүд'],
    ['/administrator/monsterplans', 'Monster plan'],
    ['/administrator/monsterplans/requests', 'Monster plan хүсэлтүүд'],
    ['/administrator/users', 'Хэрэглэгчид'],
    ['/administrator/videos', 'Видео'],
  ])('shows %s', async (route, title) => {
    renderWithPlatform(<AdminRoutes />, { route });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const sections = within(screen.getByRole('navigation', { name: 'Админы хэсгүүд' }));
    expect(sections.getByRole('link', { name: title })).toHaveClass('lp-button--primary');
  });
});
