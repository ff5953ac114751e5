import { screen, within } from '@testing-library/react';
import { fakeSession, renderApp } from './fixtures';

const centre = {
  name: 'Англи хэлний сургалтын төв',
  phone: '+976 9911 2233',
  email: 'info@centre.mn',
  address: 'Улаанбаатар, Сүхбаатар дүүрэг, 1-р хороо',
  facebookUrl: 'https://www.facebook.com/centre.mn',
  logoUrl: null,
};
const contact = async () => within(await screen.findByRole('region', { name: 'Холбоо барих' }));

describe("the centre's contact on /help", () => {
  it('shows the phone as a tel: link, the email as a mailto: link, the address and the Facebook page', async () => {
    fakeSession(null, { 'GET /v1/centre': { body: centre } });
    renderApp('/help');
    const block = await contact();
    expect(block.getByText(centre.name)).toBeInTheDocument();
    expect(block.getByRole('link', { name: centre.phone })).toHaveAttribute('href', 'tel:+97699112233');
    expect(block.getByRole('link', { name: centre.email })).toHaveAttribute('href', 'mailto:info@centre.mn');
    expect(block.getByText(centre.address)).toBeInTheDocument();
    expect(block.getByRole('link', { name: 'facebook.com/centre.mn' })).toHaveAttribute('href', centre.facebookUrl);
  });

  it('hides what the centre has not set', async () => {
    fakeSession(null, { 'GET /v1/centre': { body: { ...centre, phone: null, address: null, facebookUrl: null } } });
    renderApp('/help');
    const block = await contact();
    expect(block.getByRole('link', { name: centre.email })).toBeInTheDocument();
    expect(block.queryByText('Утас')).not.toBeInTheDocument();
    expect(block.queryByText('Хаяг')).not.toBeInTheDocument();
    expect(block.queryByText('Facebook хуудас')).not.toBeInTheDocument();
    expect(block.getAllByRole('link')).toHaveLength(1);
  });

  it('shows no Facebook link that is not a web address', async () => {
    fakeSession(null, { 'GET /v1/centre': { body: { ...centre, facebookUrl: 'javascript:alert(1)' } } });
    renderApp('/help');
    const block = await contact();
    expect(block.queryByText('Facebook хуудас')).not.toBeInTheDocument();
  });

  it('keeps the help text and shows no contact block when the call fails', async () => {
    fakeSession(null, { 'GET /v1/centre': { status: 502, body: undefined } });
    renderApp('/help');
    expect(await screen.findByText('Асуулт гарвал сургалтын төвийнхөө багштай холбогдоорой.')).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Нэвтрэх' });
    expect(screen.queryByRole('region', { name: 'Холбоо барих' })).not.toBeInTheDocument();
    expect(screen.queryByText('Холбоо барих мэдээллийг ачаалж байна…')).not.toBeInTheDocument();
  });
});
