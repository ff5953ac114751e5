import { auth } from '@learning/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, learner, remotesThatWork, renderApp } from './fixtures';

const token = 'Qm9sZF9yZXNldF90b2tlbl9mb3JfdGhlX3Rlc3QtMDE';
const newPassword = 'хавар-ирлээ-2026';
const checked = { 'POST /v1/auth/password-reset/check': { body: { email: learner.email } } };
const noLearning = { 'GET /v1/progress/mine': { body: { monsterplans: [], lessons: [] } } };
const callsTo = (gateway: ReturnType<typeof fakeSession>, path: string) => gateway.calls.filter((call) => call.path === path);
const newLinkLink = () => screen.findByRole('link', { name: 'Шинэ холбоос авах' });

async function typeNewPassword(password: string, repeatPassword = password) {
  await userEvent.type(await screen.findByLabelText('Шинэ нууц үг'), password);
  await userEvent.type(screen.getByLabelText('Шинэ нууц үг давтах'), repeatPassword);
  await userEvent.click(screen.getByRole('button', { name: 'Нууц үг хадгалах' }));
}

describe('the reset link (/reset-password#token=…)', () => {
  it('checks the link, shows the email and the rule, saves the new password and lands signed in on /me', async () => {
    const gateway = fakeSession(null, {
      ...checked,
      ...noLearning,
      'POST /v1/auth/password-reset/confirm': { body: { user: learner, token: 'session-after-reset' } },
    });
    renderApp(`/reset-password#token=${token}`);
    expect(await screen.findByText('Холбоосыг шалгаж байна…')).toBeInTheDocument();
    expect(await screen.findByText(learner.email)).toBeInTheDocument();
    expect(screen.getByLabelText('Шинэ нууц үг')).toHaveAccessibleDescription(auth.passwordRule.text);
    expect(callsTo(gateway, '/v1/auth/password-reset/check').map((call) => call.body)).toEqual([{ token }]);

    await typeNewPassword(newPassword);
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/me$/));
    expect(callsTo(gateway, '/v1/auth/password-reset/confirm').map((call) => call.body)).toEqual([
      { token, password: newPassword, repeatPassword: newPassword },
    ]);
    expect(localStorage.getItem('token')).toBe('session-after-reset');
    expect(await screen.findByRole('heading', { level: 1, name: 'Миний хичээлүүд' })).toBeInTheDocument();
    expect(gateway.calls.every((call) => !call.path.includes(token) && !Object.values(call.query).includes(token))).toBe(true);
  });

  it('takes the token out of the address bar once read', async () => {
    fakeSession(null, checked);
    renderApp(`/reset-password#token=${token}`, remotesThatWork, { inBrowser: true });
    expect(await screen.findByText(learner.email)).toBeInTheDocument();
    expect(window.location.href).toBe('http://localhost/reset-password');
  });

  it.each([
    [400, 'reset_link_invalid', 'Нууц үг сэргээх холбоос буруу байна.'],
    [410, 'reset_link_expired', 'Нууц үг сэргээх холбоосын хугацаа дууссан байна.'],
    [410, 'reset_link_used', 'Энэ холбоосоор нууц үгээ аль хэдийн сольсон байна.'],
  ])("a link answered %i %s shows the server's explanation and a link to ask for a new one", async (status, code, message) => {
    const gateway = fakeSession(null, { 'POST /v1/auth/password-reset/check': { status, body: { message, code } } });
    renderApp(`/reset-password#token=${token}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(await newLinkLink()).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('Шинэ нууц үг')).not.toBeInTheDocument();
    expect(callsTo(gateway, '/v1/auth/password-reset/confirm')).toHaveLength(0);
  });

  it('an address without a token says the link is not valid, without calling the server', async () => {
    const gateway = fakeSession(null);
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Нууц үг сэргээх холбоос буруу байна.');
    expect(await newLinkLink()).toHaveAttribute('href', '/forgot-password');
    expect(callsTo(gateway, '/v1/auth/password-reset/check')).toHaveLength(0);
  });

  it(`refuses a password under ${auth.passwordRule.minLength} characters, or repeated differently, without sending it`, async () => {
    const gateway = fakeSession(null, checked);
    renderApp(`/reset-password#token=${token}`);
    await typeNewPassword('short', 'short');
    expect(screen.getByText(`Нууц үг дор хаяж ${auth.passwordRule.minLength} тэмдэгт байна.`)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Шинэ нууц үг'));
    await userEvent.type(screen.getByLabelText('Шинэ нууц үг'), newPassword);
    expect(screen.getByText('Нууц үг таарахгүй байна.')).toBeInTheDocument();
    expect(callsTo(gateway, '/v1/auth/password-reset/confirm')).toHaveLength(0);
  });

  it("shows the server's refusal of the password in the form and stays signed out", async () => {
    const tooCommon = 'Энэ нууц үг хэтэрхий түгээмэл байна. Өөр нууц үг сонгоно уу.';
    fakeSession(null, { ...checked, 'POST /v1/auth/password-reset/confirm': { status: 400, body: { message: tooCommon, code: 'password_too_common' } } });
    renderApp(`/reset-password#token=${token}`);
    await typeNewPassword('qwertyuiop');
    expect(await screen.findByRole('alert')).toHaveTextContent(tooCommon);
    expect(screen.getByLabelText('Шинэ нууц үг')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a link used up while the form was open says so, with a link to ask for a new one', async () => {
    const used = 'Энэ холбоосоор нууц үгээ аль хэдийн сольсон байна.';
    fakeSession(null, { ...checked, 'POST /v1/auth/password-reset/confirm': { status: 410, body: { message: used, code: 'reset_link_used' } } });
    renderApp(`/reset-password#token=${token}`);
    await typeNewPassword(newPassword);
    expect(await screen.findByRole('alert')).toHaveTextContent(used);
    expect(await newLinkLink()).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('Шинэ нууц үг')).not.toBeInTheDocument();
  });
});
