import { act, screen, waitFor } from '@testing-library/react';
import { signoutDelayMs } from '../src/screens/callbacks/SignoutCallbackScreen';
import { fakeSession, learner, remotesThatWork, renderApp } from './fixtures';

describe('sign-in and sign-out callbacks', () => {
  // The greetings' delays are the pages' timers: fake timers move them on (waitFor advances them).
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("/login/callback greets 'Hi. {name}' and after 1.5 s goes to continue", async () => {
    fakeSession(learner);
    renderApp(`/login/callback?continue=${encodeURIComponent('http://localhost/help')}`);
    expect(await screen.findByText(`Hi. ${learner.name}`)).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/login/callback');
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/help'), { timeout: 3000 });
  });

  it('/login/callback never leaves the site, whatever continue says', async () => {
    fakeSession(learner);
    renderApp(`/login/callback?continue=${encodeURIComponent('https://evil.example/phish')}`);
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/home'), { timeout: 3000 });
  });

  // These continues parse as this site's address, but their path starts with '//': the browser reads
  // that as another host and refuses to go there, which used to leave the greeting on screen.
  it('/login/callback goes home for a continue that normalises to another origin, instead of keeping the greeting', async () => {
    fakeSession(learner);
    renderApp(`/login/callback?continue=${encodeURIComponent('http://localhost/.//evil.example/phish')}`, remotesThatWork, { inBrowser: true });
    expect(await screen.findByText(`Hi. ${learner.name}`)).toBeInTheDocument();
    await waitFor(() => expect(window.location.href).toBe('http://localhost/home'), { timeout: 3000 });
  });

  it('/signout/callback goes home for a continue that normalises to another origin', async () => {
    fakeSession(learner, { 'POST /v1/auth/logout': { status: 204 } });
    renderApp(`/signout/callback?signout=true&continue=${encodeURIComponent('http://localhost/\\evil.example')}`, remotesThatWork, { inBrowser: true });
    expect(await screen.findByText(`Bye. ${learner.name}`)).toBeInTheDocument();
    await waitFor(() => expect(window.location.href).toBe('http://localhost/home'), { timeout: 3000 });
  });

  it("/signout/callback says 'Bye. {name}', then signs out and goes to continue", async () => {
    const gateway = fakeSession(learner, { 'POST /v1/auth/logout': { status: 204 } });
    renderApp(`/signout/callback?signout=true&continue=${encodeURIComponent('http://localhost/help')}`);
    expect(await screen.findByText(`Bye. ${learner.name}`)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/help'), { timeout: 3000 });
    expect(gateway.calls.find((call) => call.path === '/v1/auth/logout')?.headers.authorization).toBe(`Bearer token-of-${learner._id}`);
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Нэвтрэх' })).toBeInTheDocument();
  });

  it('/signout/callback without the signout parameter keeps the session', async () => {
    const gateway = fakeSession(learner);
    renderApp('/signout/callback?continue=%2Fhelp');
    expect(await screen.findByText(`Bye. ${learner.name}`)).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(signoutDelayMs * 2));
    expect(gateway.calls.some((call) => call.path === '/v1/auth/logout')).toBe(false);
    expect(localStorage.getItem('token')).not.toBeNull();
  });
});
