import type { refunds } from '@learning/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, learner, renderApp } from './fixtures';

const noAccount = { 'GET /v1/me/bank-account': { status: 404, body: { message: 'Буцаан олголт хүлээн авах данс бүртгэгдээгүй байна.', code: 'bank_account_not_found' } } };
const given: refunds.BankAccount = { bankName: 'Голомт банк', accountNumber: '1105123456', accountHolder: 'Сарангэрэл' };
const saveCalls = (gateway: ReturnType<typeof fakeSession>) => gateway.calls.filter((call) => call.method === 'PUT' && call.path === '/v1/me/bank-account');
const section = async () => within(await screen.findByRole('region', { name: 'Буцаан олголт хүлээн авах данс' }));

describe('the account for refunds on /me/settings', () => {
  it('shows an empty form saying no account is given yet', async () => {
    fakeSession(learner, noAccount);
    renderApp('/me/settings');
    const account = await section();
    expect(await account.findByText('Та дансны мэдээллээ оруулаагүй байна.')).toBeInTheDocument();
    expect(account.getByLabelText('Банк')).toHaveValue('');
    expect(account.getByLabelText('Дансны дугаар')).toHaveValue('');
    expect(account.getByLabelText('Данс эзэмшигчийн нэр')).toHaveValue('');
  });

  it('asks for the account again when the server can no longer read the one given', async () => {
    fakeSession(learner, {
      'GET /v1/me/bank-account': { status: 409, body: { message: 'Таны дансны мэдээллийг уншиж чадсангүй. Дансаа дахин оруулна уу.', code: 'bank_account_unreadable' } },
    });
    renderApp('/me/settings');
    const account = await section();
    expect(await account.findByText('Та дансны мэдээллээ оруулаагүй байна.')).toBeInTheDocument();
    expect(account.getByLabelText('Дансны дугаар')).toHaveValue('');
  });

  it('shows the account given before', async () => {
    fakeSession(learner, { 'GET /v1/me/bank-account': { body: given } });
    renderApp('/me/settings');
    const account = await section();
    await waitFor(() => expect(account.getByLabelText('Банк')).toHaveValue('Голомт банк'));
    expect(account.getByLabelText('Дансны дугаар')).toHaveValue('1105123456');
    expect(account.getByLabelText('Данс эзэмшигчийн нэр')).toHaveValue('Сарангэрэл');
  });

  it('says in Mongolian what is missing or wrong beside each field, moves focus to the first, and sends nothing', async () => {
    const gateway = fakeSession(learner, noAccount);
    renderApp('/me/settings');
    const account = await section();
    await userEvent.click(await account.findByRole('button', { name: 'Хадгалах' }));
    expect(account.getByText('Банкаа жагсаалтаас сонгоно уу.')).toBeInTheDocument();
    expect(account.getByText('Дансны дугаараа оруулна уу.')).toBeInTheDocument();
    expect(account.getByText('Данс эзэмшигчийн нэрээ оруулна уу.')).toBeInTheDocument();
    expect(account.getByLabelText('Банк')).toHaveFocus();
    expect(account.getByLabelText('Банк')).toHaveAccessibleDescription('Банкаа жагсаалтаас сонгоно уу.');

    await userEvent.selectOptions(account.getByLabelText('Банк'), 'Хаан банк');
    await userEvent.type(account.getByLabelText('Дансны дугаар'), '12ab');
    await userEvent.click(account.getByRole('button', { name: 'Хадгалах' }));
    expect(account.getByText('Дансны дугаар зөвхөн цифрээс (5–20 орон) бүрдэнэ, эсвэл MN-ээр эхэлсэн IBAN байна.')).toBeInTheDocument();
    expect(account.getByLabelText('Дансны дугаар')).toHaveFocus();
    expect(saveCalls(gateway)).toHaveLength(0);
  });

  it('is filled from the keyboard, Tab from field to field and Enter to save; the number comes back without its spaces', async () => {
    const gateway = fakeSession(learner, {
      ...noAccount,
      'PUT /v1/me/bank-account': { body: { bankName: 'Хаан банк', accountNumber: '5012345678', accountHolder: 'Батболд' } },
    });
    renderApp('/me/settings');
    const account = await section();
    const bank = await account.findByLabelText('Банк');
    bank.focus();
    // jsdom does not move a select with the arrow keys: the choice is made as the browser would make it.
    await userEvent.selectOptions(bank, 'Хаан банк');
    await userEvent.tab();
    expect(account.getByLabelText('Дансны дугаар')).toHaveFocus();
    await userEvent.keyboard('5012 345 678');
    await userEvent.tab();
    await userEvent.keyboard('Батболд{Enter}');
    expect(await account.findByText('Дансны мэдээлэл хадгалагдлаа.')).toBeInTheDocument();
    expect(saveCalls(gateway).map((call) => call.body)).toEqual([{ bankName: 'Хаан банк', accountNumber: '5012 345 678', accountHolder: 'Батболд' }]);
    expect(account.getByLabelText('Дансны дугаар')).toHaveValue('5012345678');
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    fakeSession(learner, {
      ...noAccount,
      'PUT /v1/me/bank-account': { status: 400, body: { message: 'Дансны дугаар зөвхөн цифрээс (5–20 орон) бүрдэнэ, эсвэл MN-ээр эхэлсэн IBAN байна.', code: 'validation_failed' } },
    });
    renderApp('/me/settings');
    const account = await section();
    await userEvent.selectOptions(await account.findByLabelText('Банк'), 'Хас банк');
    await userEvent.type(account.getByLabelText('Дансны дугаар'), '50123');
    await userEvent.type(account.getByLabelText('Данс эзэмшигчийн нэр'), 'Болд');
    await userEvent.click(account.getByRole('button', { name: 'Хадгалах' }));
    expect(await account.findByRole('alert')).toHaveTextContent('Дансны дугаар зөвхөн цифрээс');
    expect(account.getByLabelText('Дансны дугаар')).toHaveValue('50123');
  });

  it('says when the account cannot be loaded, and tries again', async () => {
    let isDown = true;
    fakeSession(learner, { 'GET /v1/me/bank-account': () => (isDown ? { status: 502, body: undefined } : { body: given }) });
    renderApp('/me/settings');
    const account = await section();
    expect(await account.findByText('Дансны мэдээллийг ачаалж чадсангүй.')).toBeInTheDocument();
    isDown = false;
    await userEvent.click(account.getByRole('button', { name: /Дахин/ }));
    await waitFor(() => expect(account.getByLabelText('Дансны дугаар')).toHaveValue('1105123456'));
  });
});
