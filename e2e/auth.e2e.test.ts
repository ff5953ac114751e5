// Journeys through the shell's auth screens (spec sections 2, 4 and 6): registration, the two-step
// sign-in with its greeting, sign-out, and a guest sent to sign in from a restricted page.
import { uniqueSuffix } from '@learning/testing';
import { completeSignIn, expectVisible, pathOf, useJourneys, waitForPath } from './fixture.js';
import { texts } from './texts.js';

const journeys = useJourneys();

describe('signing up, in and out', () => {
  it('a visitor registers through the form and sees the success view, signed in', async () => {
    const page = await journeys.openPage();
    const email = `new-${uniqueSuffix()}@test.mn`;
    await page.goto('/create-account');

    const main = page.getByRole('main');
    await main.getByLabel(texts.createAccount.email, { exact: true }).fill(email);
    await main.getByLabel(texts.createAccount.name, { exact: true }).fill('Болд');
    await main.getByLabel(texts.createAccount.password, { exact: true }).fill('bold-password-1');
    await main.getByLabel(texts.createAccount.repeatPassword, { exact: true }).fill('bold-password-1');
    await main.getByRole('button', { name: texts.createAccount.submit }).click();

    const success = main.getByRole('status').filter({ hasText: texts.createAccount.successTitle });
    await expectVisible(success);
    expect(await success.textContent()).toContain(texts.createAccount.signedIn(email));
    expect(await main.getByRole('button', { name: texts.createAccount.submit }).count()).toBe(0);
    // Registering signs the learner in: the menu offers to sign out.
    await expectVisible(page.getByRole('navigation').getByRole('link', { name: texts.nav.signOut }));
  });

  it("signing in asks for the email, then the password, greets 'Hi. {name}', then /me/settings shows the email", async () => {
    const learner = await journeys.platform.learner('Сараа');
    const page = await journeys.openPage();
    await page.goto('/signin');
    const main = page.getByRole('main');

    // Email step: no password field yet.
    await main.getByLabel(texts.signin.email, { exact: true }).fill(learner.email);
    expect(await main.getByLabel(texts.signin.password, { exact: true }).count()).toBe(0);
    await main.getByRole('button', { name: texts.signin.next }).click();

    // Password step: the account found by the email step, by name.
    await expectVisible(main.getByText(texts.signin.greeting('Сараа')));
    await main.getByLabel(texts.signin.password, { exact: true }).fill(learner.password);
    const login = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/auth/login');
    await main.getByRole('button', { name: texts.signin.submit, exact: true }).click();
    // The browser read an encrypted answer, as in production.
    expect((await login).headers()['x-payload-encryption']).toBe('aes-256-gcm');

    await expectVisible(page.getByText(texts.callback.hi('Сараа'), { exact: true }));
    expect(pathOf(page)).toBe('/login/callback');
    // No continue parameter: on to the site origin, which is the home page.
    await waitForPath(page, '/home');

    await page.getByRole('navigation').getByRole('link', { name: texts.nav.settings }).click();
    await waitForPath(page, '/me/settings');
    await expectVisible(main.getByRole('heading', { name: texts.me.title }));
    await expectVisible(main.getByText(learner.email, { exact: true }));
    await expectVisible(main.getByText(texts.me.greeting('Сараа'), { exact: true }));
  });

  it("signing out says 'Bye. {name}', then the visitor is a guest and the token no longer works", async () => {
    const learner = await journeys.platform.learner('Тэмүүлэн');
    const page = await journeys.openPage({ token: learner.token });
    await page.goto('/me/settings');
    await expectVisible(page.getByRole('main').getByText(learner.email, { exact: true }));

    await page.getByRole('navigation').getByRole('link', { name: texts.nav.signOut }).click();
    await expectVisible(page.getByText(texts.callback.bye('Тэмүүлэн'), { exact: true }));
    expect(pathOf(page)).toBe('/signout/callback');
    await waitForPath(page, '/home');

    await expectVisible(page.getByRole('navigation').getByRole('link', { name: texts.nav.signIn, exact: true }));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect((await journeys.platform.call('GET', '/v1/auth/me', { token: learner.token })).status).toBe(401);
  });

  it('a guest on /me is sent to /signin with continue set to the origin plus the path, and comes back after signing in', async () => {
    const learner = await journeys.platform.learner();
    const page = await journeys.openPage();
    await page.goto('/me');

    await waitForPath(page, '/signin');
    expect(new URL(page.url()).searchParams.get('continue')).toBe(`${journeys.siteUrl}/me`);

    await completeSignIn(page, learner);
    await waitForPath(page, '/login/callback');
    // /me is the learner's plans and lessons, with the settings a link away.
    await waitForPath(page, '/me');
    const main = page.getByRole('main');
    await expectVisible(main.getByRole('heading', { level: 1, name: texts.learning.title }));
    await main.getByRole('link', { name: texts.learning.settings }).click();
    await waitForPath(page, '/me/settings');
    await expectVisible(main.getByText(learner.email, { exact: true }));
  });
});
