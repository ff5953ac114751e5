// The installable app as a learner meets it: the install offer (Android's prompt) only once they have
// an approved plan, closed for good on a "not now"; the notice while offline, saying what works; and
// /help's steps for adding the app on an iPhone.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { keepInstallPrompt } from '../src/installable/install-prompt';
import { aUser, fakeSession, renderApp } from './fixtures';

keepInstallPrompt();

/** Chrome's offer to install, as it fires on a page that can be installed. */
function offerToInstall() {
  const prompt = jest.fn(async () => undefined);
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt, userChoice: Promise.resolve({ outcome: 'accepted' as const }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { prompt, event };
}

const approved = aUser({ monsterplans: ['plan-1'] });

beforeEach(() => localStorage.clear());
afterEach(() => {
  act(() => {
    window.dispatchEvent(new Event('appinstalled'));
  });
});

describe('the install offer', () => {
  it('asks a learner approved for a plan, and the browser shows its own prompt only when they choose', async () => {
    fakeSession(approved);
    renderApp('/home');
    const { prompt, event } = offerToInstall();
    expect(event.defaultPrevented).toBe(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Суулгах' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Суулгах' })).not.toBeInTheDocument();
  });

  it('is not made to a learner without an approved plan, nor to a guest', async () => {
    fakeSession(aUser({ monsterplans: [] }));
    renderApp('/home');
    offerToInstall();
    expect(await screen.findByRole('heading', { name: 'remote home' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Суулгах' })).not.toBeInTheDocument();
  });

  it('once put off with "Дараа", is not made again on this device', async () => {
    fakeSession(approved);
    const first = renderApp('/home');
    offerToInstall();
    await userEvent.click(await screen.findByRole('button', { name: 'Дараа' }));
    expect(screen.queryByRole('button', { name: 'Суулгах' })).not.toBeInTheDocument();
    first.unmount();
    renderApp('/home');
    offerToInstall();
    expect(await screen.findByRole('heading', { name: 'remote home' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Суулгах' })).not.toBeInTheDocument();
  });
});

describe('offline', () => {
  const setOnline = (isOnline: boolean) => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(isOnline);
    act(() => {
      window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'));
    });
  };
  afterEach(() => jest.restoreAllMocks());

  it('says the connection is gone and what still works, and goes once it is back', async () => {
    fakeSession(approved);
    renderApp('/home');
    await screen.findByRole('heading', { name: 'remote home' });
    setOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent('Интернэт холболт алга. Өмнө нээсэн хуудсууд харагдана.');
    setOnline(true);
    expect(screen.queryByText('Интернэт холболт алга.')).not.toBeInTheDocument();
  });
});

it('/help says how to add the app on an iPhone and on Android', async () => {
  fakeSession(null, { 'GET /v1/centre': { body: { name: 'Төв', phone: null, email: null, address: null, facebookUrl: null, logoUrl: null } } });
  renderApp('/help');
  expect(await screen.findByRole('heading', { name: 'Утсандаа апп болгон суулгах' })).toBeInTheDocument();
  expect(screen.getByText(/iPhone \(Safari\).*"Нүүр дэлгэцэнд нэмэх"/)).toBeInTheDocument();
  expect(screen.getByText(/Android \(Chrome\)/)).toBeInTheDocument();
});
