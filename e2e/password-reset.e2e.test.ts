// A learner who forgot their password, as they would recover it: from the sign-in's password step to
// "Нууц үгээ мартсан уу?", the mail a real SMTP server on loopback receives, its link followed in the
// browser, a new password, and the learner signed in; the link then no longer works.
import { closedPortUrl } from '@learning/testing';
import { startSmtpServer, type TestSmtpServer } from '@learning/testing/smtp';
import { expectVisible, pathOf, useJourneys, viewports, waitForPath } from './fixture.js';
import { texts } from './texts.js';

let smtp: TestSmtpServer;
let siteUrl: string;
beforeAll(async () => {
  smtp = await startSmtpServer();
  // The gateway on a port chosen first, so PUBLIC_URL (what the mail's links are built from) is the site the browser opens.
  siteUrl = await closedPortUrl();
});
afterAll(() => smtp?.stop());

const journeys = useJourneys({
  platform: () => ({ env: { PORT: new URL(siteUrl).port, PUBLIC_URL: siteUrl, SMTP_URL: smtp.url, MAIL_FROM: 'Төв <no-reply@test.mn>', SEED_DEMO: '0' } }),
});

describe.each(Object.keys(viewports) as Array<keyof typeof viewports>)('on a %s', (viewport) => {
  it('forgot password → the mail → its link → a new password → signed in; the old password and the used link are refused', async () => {
    const learner = await journeys.platform.learner('Ану');
    const page = await journeys.openPage({ viewport });
    const main = page.getByRole('main');
    await page.goto('/signin');
    await main.getByLabel(texts.signin.email, { exact: true }).fill(learner.email);
    await main.getByRole('button', { name: texts.signin.next }).click();
    await main.getByRole('link', { name: texts.signin.forgotPassword }).click();

    await waitForPath(page, '/forgot-password');
    const email = main.getByLabel(texts.forgotPassword.email, { exact: true });
    expect(await email.inputValue()).toBe(learner.email);
    await main.getByRole('button', { name: texts.forgotPassword.submit }).click();
    await expectVisible(main.getByText(/нууц үг сэргээх холбоосыг имэйлээр илгээлээ/));

    const [mail] = await smtp.waitForMails(learner.email);
    const link = mail!.links.find((candidate) => candidate.startsWith(`${siteUrl}/reset-password#token=`))!;
    expect(link).toBeDefined();
    await page.goto(link);
    await expectVisible(main.getByText(learner.email));
    // The token leaves the address bar once read.
    await page.waitForURL((url) => url.hash === '');

    const newPassword = 'quiet-lake-morning';
    await main.getByLabel(texts.resetPassword.password, { exact: true }).fill(newPassword);
    await main.getByLabel(texts.resetPassword.repeatPassword, { exact: true }).fill(newPassword);
    await main.getByRole('button', { name: texts.resetPassword.submit }).click();
    await page.waitForURL((url) => url.pathname !== '/reset-password');
    // Signed in: the menu offers the learner's own pages and sign-out.
    if (viewport === 'phone') await page.getByRole('button', { name: texts.nav.open }).click();
    await expectVisible(page.getByRole('navigation').getByRole('button', { name: texts.nav.signOut }).or(page.getByRole('navigation').getByRole('link', { name: texts.nav.signOut })));
    expect(pathOf(page)).not.toBe('/signin');

    expect((await journeys.platform.call('POST', '/v1/auth/login', { body: { email: learner.email, password: learner.password } })).status).toBe(401);
    expect((await journeys.platform.call('POST', '/v1/auth/login', { body: { email: learner.email, password: newPassword } })).status).toBe(200);
    expect((await journeys.platform.call('GET', '/v1/auth/me', { token: learner.token })).status).toBe(401);

    // The same link again: explained, with a way to ask for a new one.
    const again = await journeys.openPage({ viewport });
    await again.goto(link);
    await expectVisible(again.getByRole('main').getByText(/аль хэдийн ашигласан/));
    await again.getByRole('main').getByRole('link', { name: texts.resetPassword.newLink }).click();
    await waitForPath(again, '/forgot-password');
  });
});
