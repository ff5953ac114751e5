import { screen, waitFor } from '@testing-library/react';
import { fakeSession, learner, remotesThatWork, renderApp } from './fixtures';

const token = 'unsub.eyJ0b3BpYyI6ImV4YW0ifQ.c2lnbmF0dXJl';
const unsubscribeCalls = (gateway: ReturnType<typeof fakeSession>) => gateway.calls.filter((call) => call.path === '/v1/auth/unsubscribe');

describe("a mail's unsubscribe link (/unsubscribe#token=…)", () => {
  it.each([
    ['requests', 'Хүсэлтийн шийдвэр'],
    ['exam', 'Шалгалтын дүн'],
    ['refunds', 'Буцаан олголт'],
    ['weeks', 'Шинэ долоо хоног'],
  ])('switches %s off without sign-in, names those mails and links to the settings', async (topic, name) => {
    const gateway = fakeSession(null, { 'POST /v1/auth/unsubscribe': { body: { topic, email: learner.email } } });
    renderApp(`/unsubscribe#token=${token}`);
    expect(await screen.findByText(`«${name}» имэйлийг ${learner.email} хаяг руу илгээхээ больлоо.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Имэйлийн тохиргоог өөрчлөх' })).toHaveAttribute('href', '/me/settings');
    expect(unsubscribeCalls(gateway).map((call) => call.body)).toEqual([{ token }]);
  });

  it('takes the token out of the address bar and unsubscribes once', async () => {
    const gateway = fakeSession(null, { 'POST /v1/auth/unsubscribe': { body: { topic: 'weeks', email: learner.email } } });
    renderApp(`/unsubscribe#token=${token}`, remotesThatWork, { inBrowser: true });
    expect(await screen.findByText(/Шинэ долоо хоног/)).toBeInTheDocument();
    expect(window.location.href).toBe('http://localhost/unsubscribe');
    await waitFor(() => expect(unsubscribeCalls(gateway)).toHaveLength(1));
  });

  it("shows the server's message for a link that is not valid", async () => {
    const invalid = 'Бүртгэлээс гарах холбоос буруу байна.';
    fakeSession(null, { 'POST /v1/auth/unsubscribe': { status: 400, body: { message: invalid, code: 'unsubscribe_link_invalid' } } });
    renderApp(`/unsubscribe#token=${token}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(invalid);
    expect(screen.queryByRole('link', { name: 'Имэйлийн тохиргоог өөрчлөх' })).not.toBeInTheDocument();
  });

  it('says the link is not valid when it carries no token, without calling the server', async () => {
    const gateway = fakeSession(null);
    renderApp('/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent('Бүртгэлээс гарах холбоос буруу байна.');
    expect(unsubscribeCalls(gateway)).toHaveLength(0);
  });
});
