import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { admin, fakeSession, learner, renderApp } from './fixtures';

const address = () => screen.getByTestId('address');

describe('guards (spec section 6)', () => {
  it('sends a guest on a restricted page to /signin with continue = origin plus path', async () => {
    fakeSession(null);
    renderApp('/me');
    await waitFor(() => expect(address()).toHaveTextContent(`/signin?continue=${encodeURIComponent('http://localhost/me')}`));
    expect(await screen.findByRole('heading', { name: 'Нэвтрэх' })).toBeInTheDocument();
  });

  it('sends a guest on an administrator page to sign in first', async () => {
    fakeSession(null);
    renderApp('/administrator/users');
    await waitFor(() => expect(address()).toHaveTextContent(`/signin?continue=${encodeURIComponent('http://localhost/administrator/users')}`));
  });

  it('sends a learner on /administrator to /unauthorized', async () => {
    fakeSession(learner);
    renderApp('/administrator');
    expect(await screen.findByText('UNAUTHORIZED')).toBeInTheDocument();
    expect(address()).toHaveTextContent('/unauthorized');
  });

  it("lets an administrator into the administrator remote's area", async () => {
    fakeSession(admin);
    renderApp('/administrator/lessons');
    expect(await screen.findByRole('heading', { name: 'remote admin' })).toBeInTheDocument();
  });

  it('shows a signed-in user their settings: greeting, email and Google status', async () => {
    fakeSession(learner);
    renderApp('/me/settings');
    expect(await screen.findByText(`Сайн байна уу, ${learner.name}!`)).toBeInTheDocument();
    expect(screen.getByText(learner.email)).toBeInTheDocument();
    expect(screen.getByText('Холбогдоогүй')).toBeInTheDocument();
  });

  it('drops the token and treats the visitor as a guest when the auth check answers 401', async () => {
    fakeSession(null);
    localStorage.setItem('token', 'expired');
    renderApp('/me/settings');
    await waitFor(() => expect(address()).toHaveTextContent('/signin'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('redirects an unknown path to the 404 page', async () => {
    fakeSession(null);
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(address()).toHaveTextContent('/404');
  });

  it('redirects / to /home, which the home remote fills', async () => {
    fakeSession(null);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'remote home' })).toBeInTheDocument();
    expect(address()).toHaveTextContent('/home');
  });
});

describe('side menu (spec section 2)', () => {
  const menu = () => within(screen.getByRole('navigation', { name: 'Үндсэн цэс' }));

  it('shows guests sign-in and register, and no administrator section', async () => {
    fakeSession(null);
    renderApp('/help');
    expect(await menu().findByRole('link', { name: 'Нэвтрэх' })).toHaveAttribute('href', `/signin?continue=${encodeURIComponent('http://localhost/help')}`);
    expect(menu().getByRole('link', { name: 'Бүртгүүлэх' })).toBeInTheDocument();
    expect(menu().queryByRole('heading', { name: 'Админ' })).not.toBeInTheDocument();
    expect(menu().queryByRole('link', { name: 'Гарах' })).not.toBeInTheDocument();
  });

  it('sends sign-in from the auth screens back to the site origin', async () => {
    fakeSession(null);
    renderApp('/create-account');
    expect(await menu().findByRole('link', { name: 'Нэвтрэх' })).toHaveAttribute('href', `/signin?continue=${encodeURIComponent('http://localhost')}`);
  });

  it('keeps Notifications disabled for a guest, saying it needs sign-in', async () => {
    fakeSession(null);
    renderApp('/help');
    const notifications = await menu().findByText('Мэдэгдэл');
    expect(notifications.closest('[aria-disabled]')).toHaveAttribute('aria-disabled', 'true');
    expect(notifications).toHaveTextContent('Нэвтэрсний дараа нээгдэнэ');
    expect(menu().queryByRole('link', { name: /Мэдэгдэл/ })).not.toBeInTheDocument();
  });

  it('gives a signed-in learner Notifications as a link to its page', async () => {
    fakeSession(learner);
    renderApp('/help');
    const notifications = await menu().findByRole('link', { name: 'Мэдэгдэл' });
    expect(notifications).toHaveAttribute('href', '/notifications');
    expect(menu().queryByText('Нэвтэрсний дараа нээгдэнэ')).not.toBeInTheDocument();
    await userEvent.click(notifications);
    expect(await screen.findByRole('heading', { level: 1, name: 'Мэдэгдэл' })).toBeInTheDocument();
  });

  it('shows a learner sign-out and no administrator section', async () => {
    fakeSession(learner);
    renderApp('/help');
    expect(await menu().findByRole('link', { name: 'Гарах' })).toBeInTheDocument();
    expect(menu().queryByRole('heading', { name: 'Админ' })).not.toBeInTheDocument();
  });

  it('shows an administrator the administrator section with Remote lesson, Monster plan and Videos', async () => {
    fakeSession(admin);
    renderApp('/help');
    const section = within((await menu().findByRole('heading', { name: 'Админ' })).closest('section')!);
    expect(section.getByRole('link', { name: 'Зайн сургалт' })).toHaveAttribute('href', '/administrator/lessons');
    expect(section.getByRole('link', { name: 'Monster plan' })).toHaveAttribute('href', '/administrator/monsterplans');
    expect(section.getByRole('link', { name: 'Видео' })).toHaveAttribute('href', '/administrator/videos');
  });
});
