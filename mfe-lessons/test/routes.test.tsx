import { fakeSession } from '@learning/platform/testing';
import { screen, waitFor } from '@testing-library/react';
import { address, renderLessons } from './fixtures';

describe('remote lesson remote routes', () => {
  beforeEach(() => {
    fakeSession(null, { 'GET /v1/lessons': { body: [] } });
  });

  it('shows the Remote lesson title at /product-remote-lesson', async () => {
    renderLessons('/product-remote-lesson');
    expect(await screen.findByRole('heading', { level: 1, name: 'Зайн сургалт' })).toBeInTheDocument();
  });

  it('sends an unknown path to the 404 page', async () => {
    renderLessons('/product-remote-lesson/l1/more');
    await waitFor(() => expect(address()).toHaveTextContent('/404'));
  });
});
