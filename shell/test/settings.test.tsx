import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, fakeSession, learner, renderApp } from './fixtures';

const address = () => screen.getByTestId('address');
const deleteCalls = (gateway: ReturnType<typeof fakeSession>) => gateway.calls.filter((call) => call.method === 'DELETE' && call.path === '/v1/auth/me');

async function openDeleteDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Бүртгэл устгах' }));
  return within(screen.getByRole('dialog', { name: 'Бүртгэлээ устгах уу?' }));
}

describe('the settings (/me/settings)', () => {
  it('shows change email disabled, saying it is not offered yet', async () => {
    fakeSession(learner);
    renderApp('/me/settings');
    const changeEmail = await screen.findByRole('button', { name: 'Имэйл солих' });
    expect(changeEmail).toBeDisabled();
    expect(changeEmail).toHaveAccessibleDescription('Имэйл хаягаа солих боломж удахгүй нэмэгдэнэ.');
  });

  it('asks before deleting the account, saying what goes; Болих closes the dialog and deletes nothing', async () => {
    const gateway = fakeSession(learner);
    renderApp('/me/settings');
    const dialog = await openDeleteDialog();
    expect(dialog.getByText(/бүр мөсөн устана/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Болих' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deleteCalls(gateway)).toHaveLength(0);
  });

  it('deletes the account with the password typed again, then says goodbye, drops the token and goes home as a guest', async () => {
    const gateway = fakeSession(learner, {
      'DELETE /v1/auth/me': { status: 204 },
      // The deletion revoked the token: the sign-out that follows is refused, and the token dropped all the same.
      'POST /v1/auth/logout': { status: 401, body: { message: 'Та системээс гарсан байна. Дахин нэвтэрнэ үү.', code: 'token_revoked' } },
    });
    renderApp('/me/settings');
    const dialog = await openDeleteDialog();
    await userEvent.type(dialog.getByLabelText('Нууц үг'), 'my-password-1');
    await userEvent.click(dialog.getByRole('button', { name: 'Устгах' }));
    expect(await screen.findByText(`Bye. ${learner.name}`)).toBeInTheDocument();
    expect(deleteCalls(gateway).map((call) => call.body)).toEqual([{ password: 'my-password-1' }]);
    await waitFor(() => expect(address()).toHaveTextContent('/home'), { timeout: 5000 });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("shows the server's refusal in the dialog and keeps the session", async () => {
    fakeSession(learner, { 'DELETE /v1/auth/me': { status: 403, body: { message: 'Нууц үг буруу байна.', code: 'password_incorrect' } } });
    renderApp('/me/settings');
    const dialog = await openDeleteDialog();
    await userEvent.type(dialog.getByLabelText('Нууц үг'), 'wrong-password');
    await userEvent.click(dialog.getByRole('button', { name: 'Устгах' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Нууц үг буруу байна.');
    expect(address()).toHaveTextContent('/me/settings');
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it('an email account must type its password; a Google account may leave it empty', async () => {
    const gateway = fakeSession(learner, { 'DELETE /v1/auth/me': { status: 204 } });
    const { unmount } = renderApp('/me/settings');
    let dialog = await openDeleteDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'Устгах' }));
    expect(dialog.getByText('Нууц үгээ оруулна уу.')).toBeInTheDocument();
    expect(deleteCalls(gateway)).toHaveLength(0);
    unmount();

    const google = fakeSession(aUser({ googleId: 'google-1' }), { 'DELETE /v1/auth/me': { status: 204 } });
    renderApp('/me/settings');
    dialog = await openDeleteDialog();
    expect(dialog.getByText('Google-ээр бүртгүүлээд нууц үг үүсгээгүй бол хоосон орхино уу.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Устгах' }));
    await waitFor(() => expect(deleteCalls(google).map((call) => call.body)).toEqual([{}]));
  });
});
