import { screen, waitFor } from '@testing-library/react';
import { fakeGateway, renderWithPlatform } from '@learning/platform/testing';
import MonsterRoutes from '../src/routes';

describe('Monster plan remote routes', () => {
  beforeEach(() => {
    localStorage.clear();
    globalThis.fetch = fakeGateway({}).fetch;
  });

  it('shows the Monster plan title at /product-monster-plan', async () => {
    renderWithPlatform(<MonsterRoutes />, { route: '/product-monster-plan' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Monster plan' })).toBeInTheDocument();
  });

  it('shows a plan at /product-monster-plan/{id}', async () => {
    renderWithPlatform(<MonsterRoutes />, { route: '/product-monster-plan/p1' });
    expect(await screen.findByRole('link', { name: 'Бүх хөтөлбөр' })).toHaveAttribute('href', '/product-monster-plan');
  });

  it('sends a guest at the exam to sign in', async () => {
    renderWithPlatform(<MonsterRoutes />, { route: '/product-monster-plan/p1/exam' });
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/signin?continue='));
  });
});
