import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, learner, renderApp } from './fixtures';

const emailField = () => screen.getByLabelText('Имэйл');
const next = () => screen.getByRole('button', { name: 'Үргэлжлүүлэх' });

describe('sign-in (/signin)', () => {
  it('asks for the email when it is empty, without calling the server', async () => {
    const gateway = fakeSession(null);
    renderApp('/signin');
    await userEvent.click(await screen.findByRole('button', { name: 'Үргэлжлүүлэх' }));
    expect(await screen.findByText('Имэйл хаягаа оруулна уу.')).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveFocus();
    expect(gateway.calls.filter((call) => call.path === '/v1/auth/check-email')).toHaveLength(0);
  });

  it('refuses an email that is not valid', async () => {
    const gateway = fakeSession(null);
    renderApp('/signin');
    await userEvent.type(await screen.findByLabelText('Имэйл'), 'bat@example');
    await userEvent.click(next());
    expect(await screen.findByText('Имэйл хаяг буруу байна.')).toBeInTheDocument();
    expect(gateway.calls.filter((call) => call.path === '/v1/auth/check-email')).toHaveLength(0);
  });

  it("shows the server's message when the email step fails", async () => {
    fakeSession(null, { 'POST /v1/auth/check-email': { status: 404, body: { message: 'Энэ имэйл хаягаар бүртгэл олдсонгүй.', code: 'account_not_found' } } });
    renderApp('/signin');
    await userEvent.type(await screen.findByLabelText('Имэйл'), 'nobody@example.com');
    await userEvent.click(next());
    expect(await screen.findByRole('alert')).toHaveTextContent('Энэ имэйл хаягаар бүртгэл олдсонгүй.');
  });

  it('shows the fallback Алдаа when the server gives no message', async () => {
    fakeSession(null, { 'POST /v1/auth/check-email': { status: 502, body: undefined } });
    renderApp('/signin');
    await userEvent.type(await screen.findByLabelText('Имэйл'), 'bat@example.com');
    await userEvent.click(next());
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Алдаа$/);
  });

  it('asks for the password on the second step, without calling the server', async () => {
    const gateway = fakeSession(null, { 'POST /v1/auth/check-email': { body: { _id: learner._id, name: learner.name, email: learner.email } } });
    renderApp('/signin');
    await userEvent.type(await screen.findByLabelText('Имэйл'), learner.email);
    await userEvent.click(next());
    await userEvent.click(await screen.findByRole('button', { name: 'Нэвтрэх' }));
    expect(await screen.findByText('Нууц үгээ оруулна уу.')).toBeInTheDocument();
    expect(screen.getByLabelText('Нууц үг')).toHaveFocus();
    expect(gateway.calls.filter((call) => call.path === '/v1/auth/login')).toHaveLength(0);
  });

  it("signs in in two steps, greets 'Hi. {name}', then goes to continue", async () => {
    const gateway = fakeSession(null, {
      'POST /v1/auth/check-email': { body: { _id: learner._id, name: learner.name, email: learner.email } },
      'POST /v1/auth/login': { body: { user: learner, token: 'new-token' } },
    });
    renderApp(`/signin?continue=${encodeURIComponent('http://localhost/me/settings')}`);
    await userEvent.type(await screen.findByLabelText('Имэйл'), ` ${learner.email} `);
    await userEvent.click(next());
    expect(await screen.findByText(`Сайн байна уу, ${learner.name}`)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Нууц үг'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Нэвтрэх' }));

    expect(await screen.findByText(`Hi. ${learner.name}`)).toBeInTheDocument();
    expect(gateway.calls.find((call) => call.path === '/v1/auth/login')?.body).toEqual({ email: learner.email, password: 'correct horse' });
    expect(localStorage.getItem('token')).toBe('new-token');
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/me/settings'), { timeout: 3000 });
    expect(await screen.findByText(learner.email)).toBeInTheDocument();
  });

  it("shows the server's message when the password is wrong", async () => {
    fakeSession(null, {
      'POST /v1/auth/check-email': { body: { _id: learner._id, name: learner.name, email: learner.email } },
      'POST /v1/auth/login': { status: 401, body: { message: 'Имэйл эсвэл нууц үг буруу байна.', code: 'bad_credentials' } },
    });
    renderApp('/signin');
    await userEvent.type(await screen.findByLabelText('Имэйл'), learner.email);
    await userEvent.click(next());
    await userEvent.type(await screen.findByLabelText('Нууц үг'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Нэвтрэх' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Имэйл эсвэл нууц үг буруу байна.');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('links the password step to /forgot-password with the email typed', async () => {
    fakeSession(null, { 'POST /v1/auth/check-email': { body: { _id: learner._id, name: learner.name, email: learner.email } } });
    renderApp('/signin');
    await userEvent.type(await screen.findByLabelText('Имэйл'), learner.email);
    await userEvent.click(next());
    const forgot = await screen.findByRole('link', { name: 'Нууц үгээ мартсан уу?' });
    expect(forgot).toHaveAttribute('href', `/forgot-password?email=${encodeURIComponent(learner.email)}`);
    await userEvent.click(forgot);
    expect(await screen.findByLabelText('Имэйл')).toHaveValue(learner.email);
  });

  it("shows the server's message when sign-in is slowed after repeated wrong passwords", async () => {
    fakeSession(null, {
      'POST /v1/auth/check-email': { body: { _id: learner._id, name: learner.name, email: learner.email } },
      'POST /v1/auth/login': {
        status: 429,
        headers: { 'retry-after': '60' },
        body: { message: 'Олон удаа буруу оролдлоо. 1 минутын дараа дахин оролдоно уу.', code: 'sign_in_slowed' },
      },
    });
    renderApp('/signin');
    await userEvent.type(await screen.findByLabelText('Имэйл'), learner.email);
    await userEvent.click(next());
    await userEvent.type(await screen.findByLabelText('Нууц үг'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Нэвтрэх' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Олон удаа буруу оролдлоо. 1 минутын дараа дахин оролдоно уу.');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("says why a learner sent by a request is there ('Хүсэлт илгээхийн тулд нэвтэрнэ үү'), and keeps the request in the way to registration", async () => {
    fakeSession(null);
    const continueUrl = 'http://localhost/product-monster-plan/p1?request=p1';
    renderApp(`/signin?continue=${encodeURIComponent(continueUrl)}`);
    const reason = await screen.findByRole('status');
    expect(reason).toHaveTextContent('Хүсэлт илгээхийн тулд нэвтэрнэ үү');
    expect(reason).toHaveTextContent('Нэвтэрмэгц таны эхлүүлсэн хүсэлт илгээгдэнэ.');
    expect(screen.getByRole('link', { name: 'Бүртгүүлэх' })).toHaveAttribute('href', `/create-account?continue=${encodeURIComponent(continueUrl)}`);
  });

  it('gives no reason to a visitor who came to sign in by themselves, or from a restricted page', async () => {
    fakeSession(null);
    const { unmount } = renderApp('/signin');
    await screen.findByLabelText('Имэйл');
    expect(screen.queryByText('Хүсэлт илгээхийн тулд нэвтэрнэ үү')).not.toBeInTheDocument();
    unmount();

    renderApp(`/signin?continue=${encodeURIComponent('http://localhost/me')}`);
    await screen.findByLabelText('Имэйл');
    expect(screen.queryByText('Хүсэлт илгээхийн тулд нэвтэрнэ үү')).not.toBeInTheDocument();
  });

  it('goes back to the plan with the request to send after signing in', async () => {
    fakeSession(null, {
      'POST /v1/auth/check-email': { body: { _id: learner._id, name: learner.name, email: learner.email } },
      'POST /v1/auth/login': { body: { user: learner, token: 'new-token' } },
    });
    renderApp(`/signin?continue=${encodeURIComponent('http://localhost/product-monster-plan/p1?request=p1')}`);
    await userEvent.type(await screen.findByLabelText('Имэйл'), learner.email);
    await userEvent.click(next());
    await userEvent.type(await screen.findByLabelText('Нууц үг'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Нэвтрэх' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/product-monster-plan/p1?request=p1'), { timeout: 3000 });
  });
});
