import { fakeSession } from '@learning/platform/testing';
import { screen, waitFor } from '@testing-library/react';
import { address, renderMonster } from './fixtures';

describe('Monster plan remote routes', () => {
  beforeEach(() => {
    fakeSession(null, { 'GET /v1/monsterplans': { body: [] } });
  });

  it('shows the Monster plan title at /product-monster-plan', async () => {
    renderMonster('/product-monster-plan');
    expect(await screen.findByRole('heading', { level: 1, name: 'Monster plan' })).toBeInTheDocument();
  });

  it('sends a guest at the exam to sign in', async () => {
    renderMonster('/product-monster-plan/p1/exam');
    await waitFor(() => expect(address()).toHaveTextContent('/signin?continue='));
  });

  it('sends an unknown path to the 404 page', async () => {
    renderMonster('/product-monster-plan/p1/exam/more');
    await waitFor(() => expect(address()).toHaveTextContent('/404'));
  });
});
