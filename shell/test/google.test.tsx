import { jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { providerPage } from '../src/google/google-sign-in';
import { fakeSession, learner, renderApp } from './fixtures';

const configured = { 'GET /v1/auth/google': { body: { isConfigured: true } } };
const googleButton = () => screen.findByRole('button', { name: 'Google-ээр нэвтрэх' });

afterEach(() => {
  sessionStorage.clear();
  jest.restoreAllMocks();
});

describe('the Google button', () => {
  it.each(['/signin', '/create-account'])('shows on %s when Google is configured', async (path) => {
    fakeSession(null, configured);
    renderApp(path);
    expect(await googleButton()).toBeEnabled();
  });

  it.each([
    ['says it is not', { body: { isConfigured: false } }],
    ['does not answer', { status: 502, body: undefined }],
  ])('does not show when the server %s configured', async (_case, answer) => {
    const gateway = fakeSession(null, { 'GET /v1/auth/google': answer });
    renderApp('/signin');
    expect(await screen.findByRole('button', { name: 'Үргэлжлүүлэх' })).toBeInTheDocument();
    await waitFor(() => expect(gateway.calls.some((call) => call.path === '/v1/auth/google')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Google-ээр нэвтрэх' })).not.toBeInTheDocument();
  });

  it('starts the flow with /callback/google as the redirect URI, keeps the state and continue, and leaves for the provider', async () => {
    const open = jest.spyOn(providerPage, 'open').mockImplementation(() => undefined);
    const gateway = fakeSession(null, {
      ...configured,
      'POST /v1/auth/google/start': { body: { authorizationUrl: 'https://accounts.google.test/auth?x=1', state: 'state-1' } },
    });
    renderApp(`/signin?continue=${encodeURIComponent('http://localhost/me/settings')}`);
    await userEvent.click(await googleButton());
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://accounts.google.test/auth?x=1'));
    expect(gateway.calls.find((call) => call.path === '/v1/auth/google/start')?.body).toEqual({ redirectUri: 'http://localhost/callback/google' });
    expect(JSON.parse(sessionStorage.getItem('google-sign-in')!)).toEqual({ state: 'state-1', continueUrl: 'http://localhost/me/settings' });
  });

  it("shows the server's message when the start fails", async () => {
    fakeSession(null, { ...configured, 'POST /v1/auth/google/start': { status: 502, body: { message: 'Google-тэй холбогдож чадсангүй.', code: 'google_unreachable' } } });
    renderApp('/signin');
    await userEvent.click(await googleButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Google-тэй холбогдож чадсангүй.');
  });
});

describe('/callback/google', () => {
  const startedHere = (continueUrl: string | null) => sessionStorage.setItem('google-sign-in', JSON.stringify({ state: 'state-1', continueUrl }));

  it('with no code goes home', async () => {
    const gateway = fakeSession(null);
    renderApp('/callback/google');
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/home'));
    expect(gateway.calls.some((call) => call.path === '/v1/auth/login-google')).toBe(false);
  });

  it('shows LOADING, exchanges the code from the hash, logs in with the answer and goes to continue', async () => {
    startedHere('http://localhost/me/settings');
    const linked = { ...learner, googleId: 'google-sub-1' };
    const gateway = fakeSession(null, { 'POST /v1/auth/login-google': { body: { user: linked, token: 'google-token' } } });
    renderApp('/callback/google#code=the-code&state=state-1&iss=https%3A%2F%2Faccounts.google.test');
    expect(await screen.findByText('LOADING')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/me/settings'));
    expect(gateway.calls.filter((call) => call.path === '/v1/auth/login-google').map((call) => call.body)).toEqual([
      { code: 'the-code', state: 'state-1', iss: 'https://accounts.google.test' },
    ]);
    expect(localStorage.getItem('token')).toBe('google-token');
    expect(await screen.findByText('Холбогдсон')).toBeInTheDocument();
    expect(sessionStorage.getItem('google-sign-in')).toBeNull();
  });

  it('goes home when the sign-in started without continue', async () => {
    startedHere(null);
    fakeSession(null, { 'POST /v1/auth/login-google': { body: { user: learner, token: 'google-token' } } });
    renderApp('/callback/google#code=the-code&state=state-1');
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/home'));
    expect(localStorage.getItem('token')).toBe('google-token');
  });

  it('refuses a callback this tab did not start, without calling the server', async () => {
    startedHere(null);
    const gateway = fakeSession(null);
    renderApp('/callback/google#code=the-code&state=someone-elses-state');
    expect(await screen.findByRole('alert')).toHaveTextContent('Google-ээр нэвтрэх оролдлого хүчингүй эсвэл хугацаа нь дууссан байна. Дахин оролдоно уу.');
    expect(gateway.calls.some((call) => call.path === '/v1/auth/login-google')).toBe(false);
    expect(screen.getByRole('link', { name: 'Дахин нэвтрэх' })).toHaveAttribute('href', '/signin');
  });

  it("shows the server's refusal (an unverified email) and stays signed out", async () => {
    startedHere(null);
    const message = 'Таны Google бүртгэлийн имэйл хаяг баталгаажаагүй байна. Google дээр имэйлээ баталгаажуулаад дахин оролдоно уу.';
    fakeSession(null, { 'POST /v1/auth/login-google': { status: 403, body: { message, code: 'google_email_unverified' } } });
    renderApp('/callback/google#code=the-code&state=state-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(localStorage.getItem('token')).toBeNull();
  });
});
