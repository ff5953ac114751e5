import type { auth } from '@learning/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, fakeSession, learner, renderApp } from './fixtures';

const address = () => screen.getByTestId('address');
const deleteCalls = (gateway: ReturnType<typeof fakeSession>) => gateway.calls.filter((call) => call.method === 'DELETE' && call.path === '/v1/auth/me');

const savedMailPreferences: Record<string, { body: auth.MailPreferences | auth.ReminderSettings }> = {
  'GET /v1/auth/mail-preferences': { body: { requests: true, exam: true, refunds: true, weeks: false, reminders: true } },
  'GET /v1/auth/reminders': { body: { dailyAt: null, aloudWindow: false } },
};
/** No account for refunds given yet: its part of the page shows an empty form, not an error. */
const noBankAccount = { 'GET /v1/me/bank-account': { status: 404, body: { message: 'Буцаан олголт хүлээн авах данс бүртгэгдээгүй байна.', code: 'bank_account_not_found' } } };
const mailSwitch = (name: string) => screen.findByRole('switch', { name });
const mailCalls = (gateway: ReturnType<typeof fakeSession>) => gateway.calls.filter((call) => call.method === 'PUT' && call.path === '/v1/auth/mail-preferences');

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

describe('the password on /me/settings', () => {
  it('links to changing the password, and to a reset link for their own email', async () => {
    fakeSession(learner, savedMailPreferences);
    renderApp('/me/settings');
    expect(await screen.findByRole('link', { name: 'Нууц үг солих' })).toHaveAttribute('href', '/me/password');
    expect(screen.getByRole('link', { name: 'Нууц үгээ мартсан уу?' })).toHaveAttribute('href', `/forgot-password?email=${encodeURIComponent(learner.email)}`);
  });
});

describe('the daily reminder on /me/settings', () => {
  const reminderCard = async () => within((await screen.findByRole('heading', { name: 'Өдөр бүрийн сануулга' })).closest('section, .settings')! as HTMLElement);

  it('sets the time of the daily reminder, and turns it off', async () => {
    const gateway = fakeSession(learner, {
      ...noBankAccount,
      ...savedMailPreferences,
      'PUT /v1/auth/reminders': (call) => ({ body: { aloudWindow: false, ...(call.body as object) } }),
    });
    renderApp('/me/settings');
    const card = await reminderCard();
    expect(await card.findByText('Сануулга тохируулаагүй байна.')).toBeInTheDocument();
    const time = card.getByLabelText('Сануулах цаг (Улаанбаатарын цагаар)');
    await userEvent.clear(time);
    await userEvent.type(time, '21:15');
    await userEvent.click(card.getByRole('button', { name: 'Хадгалах' }));
    expect(await card.findByText('Өдөр бүр 21:15 цагт сануулна (Улаанбаатарын цагаар).')).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Сануулга унтраах' }));
    expect(await card.findByText('Сануулга тохируулаагүй байна.')).toBeInTheDocument();
    const puts = gateway.calls.filter((call) => call.method === 'PUT' && call.path === '/v1/auth/reminders').map((call) => call.body);
    expect(puts).toEqual([{ dailyAt: '21:15' }, { dailyAt: null }]);
  });

  it('turns the read-aloud reminder on and off with a checkbox, by keyboard, keeping the daily time', async () => {
    const gateway = fakeSession(learner, {
      ...noBankAccount,
      ...savedMailPreferences,
      'GET /v1/auth/reminders': { body: { dailyAt: '20:30', aloudWindow: false } },
      'PUT /v1/auth/reminders': (call) => ({ body: call.body }),
    });
    renderApp('/me/settings');
    const card = await reminderCard();
    const aloud = await card.findByRole('checkbox', { name: 'Чанга уншлагын 24 цагийн хугацаа дуусахаас 3 цагийн өмнө сануулах' });
    expect(aloud).not.toBeChecked();
    expect(aloud).toHaveAccessibleDescription(/илгээгээгүй бол сануулна/);
    aloud.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(aloud).toBeChecked());
    await waitFor(() => expect(aloud).toBeEnabled());
    await userEvent.click(aloud);
    await waitFor(() => expect(aloud).not.toBeChecked());
    const puts = gateway.calls.filter((call) => call.method === 'PUT' && call.path === '/v1/auth/reminders').map((call) => call.body);
    expect(puts).toEqual([
      { dailyAt: '20:30', aloudWindow: true },
      { dailyAt: '20:30', aloudWindow: false },
    ]);
  });

  it('says where this browser cannot take notifications, and that the reminder comes by mail', async () => {
    fakeSession(learner, { ...noBankAccount, ...savedMailPreferences });
    renderApp('/me/settings');
    expect(await (await reminderCard()).findByText(/Энэ хөтөч мэдэгдэл хүлээн авч чадахгүй\..*Сануулга имэйлээр ирнэ\./)).toBeInTheDocument();
  });
});

describe('the email notifications on /me/settings', () => {
  it('shows a loading state, then a switch per topic as the server has them', async () => {
    fakeSession(learner, savedMailPreferences);
    renderApp('/me/settings');
    expect(await screen.findByText('Имэйлийн тохиргоог ачаалж байна…')).toBeInTheDocument();
    const group = within(await screen.findByRole('group', { name: 'Имэйл мэдэгдэл' }));
    expect(group.getAllByRole('switch').map((input) => [input.closest('label')!.textContent, (input as HTMLInputElement).checked])).toEqual([
      ['Хүсэлтийн шийдвэр', true],
      ['Шалгалтын дүн', true],
      ['Буцаан олголт', true],
      ['Шинэ долоо хоног', false],
      ['Өдөр бүрийн сануулга', true],
    ]);
  });

  it('sends PUT with the topic switched, and keeps the answer', async () => {
    const gateway = fakeSession(learner, {
      ...savedMailPreferences,
      'PUT /v1/auth/mail-preferences': { body: { requests: true, exam: false, refunds: true, weeks: false, reminders: true } },
    });
    renderApp('/me/settings');
    const exam = await mailSwitch('Шалгалтын дүн');
    await userEvent.click(exam);
    expect(exam).not.toBeChecked();
    await waitFor(() => expect(mailCalls(gateway).map((call) => call.body)).toEqual([{ exam: false }]));
    await userEvent.click(await mailSwitch('Шинэ долоо хоног'));
    await waitFor(() => expect(mailCalls(gateway).map((call) => call.body)).toEqual([{ exam: false }, { weeks: true }]));
  });

  it("shows the server's message and puts the switch back when saving fails", async () => {
    fakeSession(learner, {
      ...savedMailPreferences,
      ...noBankAccount,
      'PUT /v1/auth/mail-preferences': { status: 503, body: { message: 'Түр саатал гарлаа. Дахин оролдоно уу.', code: 'unavailable' } },
    });
    renderApp('/me/settings');
    const requests = await mailSwitch('Хүсэлтийн шийдвэр');
    await userEvent.click(requests);
    expect(await screen.findByRole('alert')).toHaveTextContent('Түр саатал гарлаа. Дахин оролдоно уу.');
    expect(requests).toBeChecked();
  });

  it('says when the settings cannot be loaded, and tries again', async () => {
    let isDown = true;
    fakeSession(learner, {
      ...noBankAccount,
      'GET /v1/auth/reminders': savedMailPreferences['GET /v1/auth/reminders']!,
      'GET /v1/auth/mail-preferences': () => (isDown ? { status: 502, body: undefined } : savedMailPreferences['GET /v1/auth/mail-preferences']!),
    });
    renderApp('/me/settings');
    expect(await screen.findByText('Имэйлийн тохиргоог ачаалж чадсангүй.')).toBeInTheDocument();
    isDown = false;
    await userEvent.click(screen.getByRole('button', { name: 'Дахин оролдох' }));
    expect(await mailSwitch('Буцаан олголт')).toBeChecked();
  });

  it('can be switched from the keyboard', async () => {
    const gateway = fakeSession(learner, { ...savedMailPreferences, 'PUT /v1/auth/mail-preferences': { body: { requests: true, exam: true, refunds: false, weeks: false, reminders: true } } });
    renderApp('/me/settings');
    (await mailSwitch('Буцаан олголт')).focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(mailCalls(gateway).map((call) => call.body)).toEqual([{ refunds: false }]));
  });
});

