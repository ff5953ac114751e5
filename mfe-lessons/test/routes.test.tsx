import { screen, waitFor } from '@testing-library/react';
import { fakeGateway, renderWithPlatform } from '@learning/platform/testing';
import LessonsRoutes from '../src/routes';

describe('remote lesson remote routes', () => {
  beforeEach(() => {
    globalThis.fetch = fakeGateway({}).fetch;
  });

  it('shows the Remote lesson title at /product-remote-lesson', async () => {
    renderWithPlatform(<LessonsRoutes />, { route: '/product-remote-lesson' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Зайн сургалт' })).toBeInTheDocument();
  });

  it('shows a lesson at /product-remote-lesson/{id}', async () => {
    renderWithPlatform(<LessonsRoutes />, { route: '/product-remote-lesson/l1' });
    expect(await screen.findByRole('link', { name: 'Бүх багц' })).toHaveAttribute('href', '/product-remote-lesson');
  });

  it('sends an unknown path to the 404 page', async () => {
    renderWithPlatform(<LessonsRoutes />, { route: '/product-remote-lesson/l1/more' });
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/404'));
  });
});
