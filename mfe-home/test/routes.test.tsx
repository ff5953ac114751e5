import { screen, waitFor } from '@testing-library/react';
import { fakeGateway, renderWithPlatform } from '@learning/platform/testing';
import HomeRoutes from '../src/routes';

describe('home remote routes', () => {
  beforeEach(() => {
    globalThis.fetch = fakeGateway({}).fetch;
  });

  it('shows the home page at /home with links to both products and the workshop', async () => {
    renderWithPlatform(<HomeRoutes />, { route: '/home' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Англи хэлийг хамтдаа' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Үзэх: Monster plan' })).toHaveAttribute('href', '/product-monster-plan');
    expect(screen.getByRole('link', { name: 'Үзэх: Зайн сургалт' })).toHaveAttribute('href', '/product-remote-lesson');
    expect(screen.getByRole('link', { name: 'Воркшопын танилцуулга' })).toHaveAttribute('href', '/boosterz');
  });

  it('shows the workshop at /boosterz', async () => {
    renderWithPlatform(<HomeRoutes />, { route: '/boosterz' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Воркшоп' })).toBeInTheDocument();
  });

  it('sends an unknown path under its area to the 404 page', async () => {
    renderWithPlatform(<HomeRoutes />, { route: '/home/nothing' });
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/404'));
  });
});
