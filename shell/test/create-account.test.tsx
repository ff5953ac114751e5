import { auth } from '@learning/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, learner, renderApp } from './fixtures';

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Бүртгүүлэх' }));

async function fill(values: Partial<Record<'Имэйл' | 'Нэр' | 'Нууц үг' | 'Нууц үг давтах', string>>) {
  for (const [label, value] of Object.entries(values)) await userEvent.type(screen.getByLabelText(label), value);
}

describe('registration (/create-account)', () => {
  it('requires the email, name, password and repeated password', async () => {
    const gateway = fakeSession(null);
    renderApp('/create-account');
    await screen.findByLabelText('Имэйл');
    await submit();
    expect(screen.getByText('Имэйл хаягаа оруулна уу.')).toBeInTheDocument();
    expect(screen.getByText('Нэрээ оруулна уу.')).toBeInTheDocument();
    expect(screen.getByText('Нууц үгээ оруулна уу.')).toBeInTheDocument();
    expect(screen.getByText('Нууц үгээ давтан оруулна уу.')).toBeInTheDocument();
    expect(screen.getByLabelText('Имэйл')).toHaveFocus();
    expect(gateway.calls.filter((call) => call.path === '/v1/auth/register')).toHaveLength(0);
  });

  it('refuses an email that is not valid', async () => {
    fakeSession(null);
    renderApp('/create-account');
    await screen.findByLabelText('Имэйл');
    await fill({ Имэйл: 'bat.example.com', Нэр: 'Бат', 'Нууц үг': 'long-password-1', 'Нууц үг давтах': 'long-password-1' });
    await submit();
    expect(screen.getByText('Имэйл хаяг буруу байна.')).toBeInTheDocument();
  });

  it('requires the repeated password to match', async () => {
    const gateway = fakeSession(null);
    renderApp('/create-account');
    await screen.findByLabelText('Имэйл');
    await fill({ Имэйл: 'bat@example.com', Нэр: 'Бат', 'Нууц үг': 'long-password-1', 'Нууц үг давтах': 'long-password-2' });
    await submit();
    expect(screen.getByText('Нууц үг таарахгүй байна.')).toBeInTheDocument();
    expect(screen.getByLabelText('Нууц үг давтах')).toHaveFocus();
    expect(gateway.calls.filter((call) => call.path === '/v1/auth/register')).toHaveLength(0);
  });

  it('shows the password rule before anything is sent, under the password field', async () => {
    fakeSession(null);
    renderApp('/create-account');
    expect(await screen.findByLabelText('Нууц үг')).toHaveAccessibleDescription(auth.passwordRule.text);
  });

  it(`refuses a password under ${auth.passwordRule.minLength} characters with the server's message, without calling it`, async () => {
    const gateway = fakeSession(null);
    renderApp('/create-account');
    await screen.findByLabelText('Имэйл');
    const short = 'x'.repeat(auth.passwordRule.minLength - 1);
    await fill({ Имэйл: 'bat@example.com', Нэр: 'Бат', 'Нууц үг': short, 'Нууц үг давтах': short });
    await submit();
    const contractMessage = auth.registerBody.safeParse({ email: 'bat@example.com', name: 'Бат', password: short, repeatPassword: short }).error?.issues[0]?.message;
    expect(contractMessage).toBe(`Нууц үг дор хаяж ${auth.passwordRule.minLength} тэмдэгт байна.`);
    expect(screen.getByText(contractMessage!)).toBeInTheDocument();
    expect(screen.getByLabelText('Нууц үг')).toHaveFocus();
    expect(gateway.calls.filter((call) => call.path === '/v1/auth/register')).toHaveLength(0);
  });

  it('clears a message once the field is corrected', async () => {
    fakeSession(null);
    renderApp('/create-account');
    await screen.findByLabelText('Имэйл');
    await submit();
    await fill({ Нэр: 'Бат' });
    expect(screen.queryByText('Нэрээ оруулна уу.')).not.toBeInTheDocument();
  });

  it('registers, then shows the success view with the way to sign in when signing in right after fails', async () => {
    const gateway = fakeSession(null, {
      'POST /v1/auth/register': { status: 201, body: learner },
      'POST /v1/auth/login': { status: 503, body: { message: 'Түр саатал.', code: 'unavailable' } },
    });
    renderApp('/create-account');
    await screen.findByLabelText('Имэйл');
    await fill({ Имэйл: learner.email, Нэр: learner.name, 'Нууц үг': 'long-password-1', 'Нууц үг давтах': 'long-password-1' });
    await submit();
    expect(await screen.findByText('Бүртгэл амжилттай үүслээ.')).toBeInTheDocument();
    expect(gateway.calls.find((call) => call.path === '/v1/auth/register')?.body).toEqual({
      email: learner.email,
      name: learner.name,
      password: 'long-password-1',
      repeatPassword: 'long-password-1',
    });
    expect(screen.getByText(`${learner.email} хаягаар нэвтэрч болно.`)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Нэвтрэх' })).toHaveAttribute('href', '/signin');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('signs the new learner in with the same email and password, shows the success view, then goes on to continue', async () => {
    const gateway = fakeSession(null, {
      'POST /v1/auth/register': { status: 201, body: learner },
      'POST /v1/auth/login': { body: { user: learner, token: 'new-token' } },
    });
    const continueUrl = 'http://localhost/product-monster-plan/p1?request=p1';
    renderApp(`/create-account?continue=${encodeURIComponent(continueUrl)}`);
    await screen.findByLabelText('Имэйл');
    await fill({ Имэйл: learner.email, Нэр: learner.name, 'Нууц үг': 'long-password-1', 'Нууц үг давтах': 'long-password-1' });
    await submit();

    const success = await screen.findByRole('status');
    expect(success).toHaveTextContent('Бүртгэл амжилттай үүслээ.');
    expect(success).toHaveTextContent(`Та ${learner.email} хаягаар нэвтэрлээ.`);
    expect(gateway.calls.find((call) => call.path === '/v1/auth/login')?.body).toEqual({ email: learner.email, password: 'long-password-1' });
    expect(localStorage.getItem('token')).toBe('new-token');
    // Signed in: the menu no longer offers to sign in.
    expect(within(screen.getByRole('navigation')).queryByRole('link', { name: 'Нэвтрэх' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Үргэлжлүүлэх' })).toHaveAttribute('href', '/product-monster-plan/p1?request=p1');
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/product-monster-plan/p1?request=p1'), { timeout: 4000 });
  });

  it('stays on the success view of a learner who came to register by themselves, with the way on to the site', async () => {
    fakeSession(null, { 'POST /v1/auth/register': { status: 201, body: learner }, 'POST /v1/auth/login': { body: { user: learner, token: 'new-token' } } });
    renderApp('/create-account');
    await screen.findByLabelText('Имэйл');
    await fill({ Имэйл: learner.email, Нэр: learner.name, 'Нууц үг': 'long-password-1', 'Нууц үг давтах': 'long-password-1' });
    await submit();
    expect(await screen.findByText(`Та ${learner.email} хаягаар нэвтэрлээ.`)).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('main')).getByRole('link', { name: 'Үргэлжлүүлэх' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/home'));
  });

  it('says why a learner sent by a request is there', async () => {
    fakeSession(null);
    renderApp(`/create-account?continue=${encodeURIComponent('http://localhost/product-remote-lesson/l1?request=l1')}`);
    const reason = await screen.findByRole('status');
    expect(reason).toHaveTextContent('Хүсэлт илгээхийн тулд бүртгүүлнэ үү');
    expect(reason).toHaveTextContent('Бүртгүүлмэгц таны эхлүүлсэн хүсэлт илгээгдэнэ.');
  });

  it("shows the server's message when registration fails", async () => {
    fakeSession(null, { 'POST /v1/auth/register': { status: 409, body: { message: 'Энэ имэйл хаяг бүртгэлтэй байна.', code: 'email_taken' } } });
    renderApp('/create-account');
    await screen.findByLabelText('Имэйл');
    await fill({ Имэйл: learner.email, Нэр: learner.name, 'Нууц үг': 'long-password-1', 'Нууц үг давтах': 'long-password-1' });
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Энэ имэйл хаяг бүртгэлтэй байна.');
  });
});
