import { auth } from '@learning/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, fakeSession, learner, renderApp } from './fixtures';

const newPassword = 'намрын-навч-2026';
const mustChange = 'Таны нууц үг шинэ шаардлагыг хангахгүй байна. Шинэ нууц үг сонгоно уу.';
const weakLearner = aUser({ mustChangePassword: true });
const address = () => screen.getByTestId('address');
const passwordCalls = (gateway: ReturnType<typeof fakeSession>) => gateway.calls.filter((call) => call.method === 'PUT' && call.path === '/v1/auth/password');
const changed = (user = learner) => ({ 'PUT /v1/auth/password': { body: { user: { ...user, mustChangePassword: false }, token: 'token-after-change' } } });

async function changePassword(current: string, password = newPassword) {
  await userEvent.type(await screen.findByLabelText('Одоогийн нууц үг'), current);
  await userEvent.type(screen.getByLabelText('Шинэ нууц үг'), password);
  await userEvent.type(screen.getByLabelText('Шинэ нууц үг давтах'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Нууц үг солих' }));
}

describe('changing the password (/me/password)', () => {
  it('sends the current and the new password, keeps the new session and says the other devices are signed out', async () => {
    const gateway = fakeSession(learner, changed());
    renderApp('/me/password');
    expect(await screen.findByLabelText('Шинэ нууц үг')).toHaveAccessibleDescription(auth.passwordRule.text);
    expect(screen.queryByText(mustChange)).not.toBeInTheDocument();
    await changePassword('old-password');
    expect(await screen.findByText('Нууц үг солигдлоо.')).toBeInTheDocument();
    expect(screen.getByText('Бусад төхөөрөмж дээрх нэвтрэлт хаагдлаа.')).toBeInTheDocument();
    expect(passwordCalls(gateway).map((call) => call.body)).toEqual([{ currentPassword: 'old-password', password: newPassword, repeatPassword: newPassword }]);
    expect(localStorage.getItem('token')).toBe('token-after-change');
    expect(screen.getByRole('link', { name: 'Бүртгэлийн тохиргоо руу буцах' })).toHaveAttribute('href', '/me/settings');
  });

  it('asks for the current password and a long enough new one before sending anything', async () => {
    const gateway = fakeSession(learner);
    renderApp('/me/password');
    await screen.findByLabelText('Одоогийн нууц үг');
    await userEvent.type(screen.getByLabelText('Шинэ нууц үг'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Нууц үг солих' }));
    expect(screen.getByText('Нууц үгээ оруулна уу.')).toBeInTheDocument();
    expect(screen.getByText(`Нууц үг дор хаяж ${auth.passwordRule.minLength} тэмдэгт байна.`)).toBeInTheDocument();
    expect(screen.getByLabelText('Одоогийн нууц үг')).toHaveFocus();
    expect(passwordCalls(gateway)).toHaveLength(0);
  });

  it.each([
    [403, 'password_incorrect', 'Одоогийн нууц үг буруу байна.', learner],
    [409, 'no_password', 'Та Google-ээр бүртгүүлсэн тул нууц үг алга. Нууц үг үүсгэхийн тулд «Нууц үгээ мартсан уу?»-г ашиглана уу.', aUser({ googleId: 'google-1' })],
  ])("shows the server's %i %s message and keeps the session", async (status, code, message, user) => {
    fakeSession(user, { 'PUT /v1/auth/password': { status, body: { message, code } } });
    renderApp('/me/password');
    await changePassword('any-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(localStorage.getItem('token')).toBe(`token-of-${user._id}`);
    expect(screen.getByRole('link', { name: 'Одоогийн нууц үгээ мартсан уу?' })).toHaveAttribute('href', `/forgot-password?email=${encodeURIComponent(user.email)}`);
  });

  it('is for signed-in users: a guest goes to sign-in', async () => {
    fakeSession(null);
    renderApp('/me/password');
    await waitFor(() => expect(address()).toHaveTextContent(`/signin?continue=${encodeURIComponent('http://localhost/me/password')}`));
  });
});

describe('a password that must be changed after sign-in (mustChangePassword)', () => {
  it('sends the learner from sign-in to /me/password with the explanation, then on to where they were going', async () => {
    const gateway = fakeSession(null, {
      'POST /v1/auth/check-email': { body: { _id: weakLearner._id, name: weakLearner.name, email: weakLearner.email } },
      'POST /v1/auth/login': { body: { user: weakLearner, token: 'weak-token' } },
      ...changed(weakLearner),
    });
    renderApp(`/signin?continue=${encodeURIComponent('http://localhost/me/settings')}`);
    await userEvent.type(await screen.findByLabelText('Имэйл'), weakLearner.email);
    await userEvent.click(screen.getByRole('button', { name: 'Үргэлжлүүлэх' }));
    await userEvent.type(await screen.findByLabelText('Нууц үг'), 'password1');
    await userEvent.click(screen.getByRole('button', { name: 'Нэвтрэх' }));

    expect(await screen.findByText(`Hi. ${weakLearner.name}`)).toBeInTheDocument();
    await waitFor(() => expect(address()).toHaveTextContent(`/me/password?continue=${encodeURIComponent('/me/settings')}`), { timeout: 3000 });
    expect(await screen.findByText(mustChange)).toBeInTheDocument();

    await changePassword('password1');
    await waitFor(() => expect(address()).toHaveTextContent(/^\/me\/settings$/));
    expect(localStorage.getItem('token')).toBe('token-after-change');
    expect(passwordCalls(gateway)).toHaveLength(1);
  });

  it('goes home by way of /me/password when the sign-in had nowhere else to go', async () => {
    fakeSession(weakLearner);
    renderApp('/login/callback');
    await waitFor(() => expect(address()).toHaveTextContent(`/me/password?continue=${encodeURIComponent('/')}`), { timeout: 3000 });
  });

  it('does the same after sign-in with Google', async () => {
    sessionStorage.setItem('google-sign-in', JSON.stringify({ state: 'state-1', continueUrl: 'http://localhost/product-monster-plan' }));
    fakeSession(null, { 'POST /v1/auth/login-google': { body: { user: weakLearner, token: 'google-token' } } });
    renderApp('/callback/google#code=the-code&state=state-1');
    await waitFor(() => expect(address()).toHaveTextContent(`/me/password?continue=${encodeURIComponent('/product-monster-plan')}`));
    expect(await screen.findByText(mustChange)).toBeInTheDocument();
  });

  it('lets a learner whose password keeps the rule go straight on', async () => {
    fakeSession(learner);
    renderApp(`/login/callback?continue=${encodeURIComponent('http://localhost/me/settings')}`);
    await waitFor(() => expect(address()).toHaveTextContent(/^\/me\/settings$/), { timeout: 3000 });
  });
});
