import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, learner, renderApp } from './fixtures';

const sent = 'Хэрэв энэ хаягаар бүртгэл байгаа бол нууц үг сэргээх холбоос илгээлээ.';
const resetCalls = (gateway: ReturnType<typeof fakeSession>) => gateway.calls.filter((call) => call.path === '/v1/auth/password-reset');
const send = () => userEvent.click(screen.getByRole('button', { name: 'Холбоос илгээх' }));

describe('asking for a password reset link (/forgot-password)', () => {
  it("sends the email from the address, then shows the server's message in place of the form, with the way back to sign-in", async () => {
    const gateway = fakeSession(null, { 'POST /v1/auth/password-reset': { status: 202, body: { message: sent } } });
    renderApp(`/forgot-password?email=${encodeURIComponent(learner.email)}`);
    expect(await screen.findByLabelText('Имэйл')).toHaveValue(learner.email);
    await send();
    expect(await screen.findByRole('status')).toHaveTextContent(sent);
    expect(screen.queryByLabelText('Имэйл')).not.toBeInTheDocument();
    expect(resetCalls(gateway).map((call) => call.body)).toEqual([{ email: learner.email }]);
    expect(screen.getByRole('link', { name: 'Нэвтрэх хуудас руу буцах' })).toHaveAttribute('href', '/signin');
  });

  it('sends the email typed, trimmed', async () => {
    const gateway = fakeSession(null, { 'POST /v1/auth/password-reset': { status: 202, body: { message: sent } } });
    renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText('Имэйл'), ` ${learner.email} `);
    await send();
    expect(await screen.findByText(sent)).toBeInTheDocument();
    expect(resetCalls(gateway).map((call) => call.body)).toEqual([{ email: learner.email }]);
  });

  it('refuses an email that is not valid, in Mongolian, without calling the server', async () => {
    const gateway = fakeSession(null);
    renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText('Имэйл'), 'bat@example');
    await send();
    expect(screen.getByText('Имэйл хаяг буруу байна.')).toBeInTheDocument();
    expect(screen.getByLabelText('Имэйл')).toHaveFocus();
    expect(resetCalls(gateway)).toHaveLength(0);
  });

  it("shows the server's message when too many links were asked for, and keeps the form", async () => {
    const limit = 'Нэг цагт 3-аас олон холбоос авах боломжгүй. Түр хүлээгээд дахин оролдоно уу.';
    fakeSession(null, { 'POST /v1/auth/password-reset': { status: 429, body: { message: limit, code: 'reset_limit' } } });
    renderApp(`/forgot-password?email=${encodeURIComponent(learner.email)}`);
    await screen.findByLabelText('Имэйл');
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent(limit);
    expect(screen.getByLabelText('Имэйл')).toHaveValue(learner.email);
  });
});
