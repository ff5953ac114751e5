import { fireEvent, screen, within } from '@testing-library/react';
import { fakeSession, renderApp } from './fixtures';

const centre = { name: 'Англи хэлний сургалтын төв', phone: null, email: null, address: null, facebookUrl: null };
const banner = () => within(document.querySelector<HTMLElement>('.shell__topbar')!);

describe("the centre's logo in the header", () => {
  it('shows CENTRE_LOGO_URL in a fixed 40×40 box with Mongolian alt text, in the top bar and the menu', async () => {
    fakeSession(null, { 'GET /v1/centre': { body: { ...centre, logoUrl: 'https://cdn.centre.mn/logo.png' } } });
    renderApp('/help');
    const logo = await banner().findByRole('img', { name: 'Англи хэлний сургалтын төв-ийн лого' });
    expect(logo).toHaveAttribute('src', 'https://cdn.centre.mn/logo.png');
    expect(logo).toHaveAttribute('width', '40');
    expect(logo).toHaveAttribute('height', '40');
    expect(screen.getAllByRole('img', { name: 'Англи хэлний сургалтын төв-ийн лого' })).toHaveLength(2);
  });

  it('shows none when the centre has no logo, or when it does not load', async () => {
    fakeSession(null, { 'GET /v1/centre': { body: { ...centre, logoUrl: 'https://cdn.centre.mn/gone.png' } } });
    const { unmount } = renderApp('/help');
    const logo = await banner().findByRole('img');
    fireEvent.error(logo);
    expect(banner().queryByRole('img')).not.toBeInTheDocument();
    unmount();

    fakeSession(null, { 'GET /v1/centre': { body: { ...centre, logoUrl: null } } });
    renderApp('/help');
    await screen.findByRole('region', { name: 'Холбоо барих' });
    expect(banner().queryByRole('img')).not.toBeInTheDocument();
  });
});
