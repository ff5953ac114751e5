// Sign-in with Google, the whole redirect flow in the browser: the shell's button, the provider's
// pages (oidc-provider standing in for Google on loopback, signing in the user the test names),
// the way back to /callback/google with the code in the hash, and the account it signs in to.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { type GoogleStandIn, type GoogleUser, startGoogleStandIn } from '@learning/testing/google';
import { uniqueSuffix } from '@learning/testing';
import { expectVisible, useJourneys, waitForPath } from './fixture.js';
import { texts } from './texts.js';

let google: GoogleStandIn;
// Registered before the journeys' own hooks: the platform starts knowing the stand-in's address.
beforeAll(async () => {
  google = await startGoogleStandIn();
});
const journeys = useJourneys({
  platform: () => ({ env: { GOOGLE_ISSUER: google.issuer, GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CLIENT_SECRET: google.clientSecret } }),
});
beforeAll(() => google.allowRedirect(`${journeys.siteUrl}/callback/google`));
afterAll(() => google?.close());

/** Every address the page's main frame goes to from now on: redirects and in-page navigations included. */
function visitedAddresses(page: Page): URL[] {
  const visited: URL[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) visited.push(new URL(request.url()));
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()));
  });
  return visited;
}

function googleUser(overrides: Partial<GoogleUser> = {}): GoogleUser {
  return { sub: randomUUID(), email: `g-${uniqueSuffix()}@gmail.test`, email_verified: true, name: 'Гэрэл Google', ...overrides };
}

describe('sign-in with Google', () => {
  it('a new learner signs in with Google from a restricted page: an account is made, and they come back to that page, connected', async () => {
    const user = googleUser();
    google.signInAs(user);
    const page = await journeys.openPage();
    await page.goto('/me/settings');
    await waitForPath(page, '/signin');

    const visited = visitedAddresses(page);
    await page.getByRole('main').getByRole('button', { name: texts.google.signIn }).click();
    await waitForPath(page, '/me/settings');
    // Through the provider's own page, then back with the code in the fragment (response_mode=fragment).
    expect(visited.some((url) => url.origin === google.issuer)).toBe(true);
    expect(visited.some((url) => url.pathname === '/callback/google' && /^#(.*&)?code=/.test(url.hash))).toBe(true);

    const main = page.getByRole('main');
    await expectVisible(main.getByText(texts.me.greeting('Гэрэл Google'), { exact: true }));
    await expectVisible(main.getByText(user.email, { exact: true }));
    await expectVisible(main.getByText(texts.me.googleConnected, { exact: true }));
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const me = await journeys.platform.call('GET', '/v1/auth/me', { token: token ?? undefined });
    expect(me.body).toMatchObject({ email: user.email, googleId: user.sub });
  });

  it('a learner with a password account signs in with Google from /create-account: the same account is linked and they go home', async () => {
    const learner = await journeys.platform.learner('Сараа');
    const user = googleUser({ email: learner.email });
    google.signInAs(user);
    const page = await journeys.openPage();
    await page.goto('/create-account');

    const visited = visitedAddresses(page);
    await page.getByRole('main').getByRole('button', { name: texts.google.signIn }).click();
    await waitForPath(page, '/home');
    expect(visited.some((url) => url.pathname === '/callback/google')).toBe(true);

    await page.getByRole('navigation').getByRole('link', { name: texts.nav.settings }).click();
    await waitForPath(page, '/me/settings');
    const main = page.getByRole('main');
    await expectVisible(main.getByText(texts.me.greeting('Сараа'), { exact: true }));
    await expectVisible(main.getByText(texts.me.googleConnected, { exact: true }));
    expect((await journeys.platform.call('GET', '/v1/auth/me', { token: learner.token })).body.googleId).toBe(user.sub);
  });

  it('a Google account whose email is not verified is refused with the Mongolian message, and stays a guest', async () => {
    const learner = await journeys.platform.learner();
    google.signInAs(googleUser({ email: learner.email, email_verified: false }));
    const page = await journeys.openPage();
    await page.goto('/signin');
    await page.getByRole('main').getByRole('button', { name: texts.google.signIn }).click();
    await expectVisible(page.getByRole('main').getByRole('alert').filter({ hasText: texts.google.emailUnverified }));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect((await journeys.platform.call('GET', '/v1/auth/me', { token: learner.token })).body.googleId).toBeNull();
  });
});
