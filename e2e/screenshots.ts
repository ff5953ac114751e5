// Screenshots of the main screens at phone and desktop widths, for a person to look at before
// calling a screen done. Not a test, and never committed: they go to /tmp/e2e-shots/
// or the folder given. Run: npx tsx e2e/screenshots.ts [folder]
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startTestPlatform, testAdmin } from '@learning/testing';
import { assertFrontEndsBuilt, completeSignIn, expectVisible, launchChromium, openPageIn, repositoryRoot, viewports, type ViewportName } from './browser.js';
import { remoteServer, startEdge } from './remote-edge.js';
import { texts } from './texts.js';

const folder = process.argv[2] ?? '/tmp/e2e-shots';
const remotePath = '/remote-home';

assertFrontEndsBuilt();
await mkdir(folder, { recursive: true });
const home = remoteServer(join(repositoryRoot, 'mfe-home/dist'));
await home.start();
const platform = await startTestPlatform({ env: { REMOTE_HOME_URL: `${remotePath}/mf-manifest.json` } });
const edge = await startEdge({ gatewayUrl: platform.url, remotePath, remote: home });
const browser = await launchChromium();

try {
  const learner = await platform.learner('Сараа Батболд');
  const adminToken = await platform.signIn(testAdmin.email, testAdmin.password);
  for (const viewport of Object.keys(viewports) as ViewportName[]) {
    const shoot = (page: Page, name: string) => page.screenshot({ path: join(folder, `${viewport}-${name}.png`), fullPage: true, animations: 'disabled' });
    const open = async (token?: string) => (await openPageIn(browser, edge.url, { viewport, ...(token ? { token } : {}) })).page;
    const settle = (page: Page) => page.getByRole('status').filter({ hasText: 'Ачаалж байна' }).waitFor({ state: 'detached' });

    // A guest.
    const guest = await open();
    for (const [name, path] of [
      ['home', '/home'],
      ['help', '/help'],
      ['404', '/no-such-page'],
      ['workshop', '/boosterz'],
      ['monsterplans', '/product-monster-plan'],
      ['lessons', '/product-remote-lesson'],
    ] as const) {
      await guest.goto(path);
      await guest.getByRole('heading', { level: 1 }).first().waitFor();
      await settle(guest);
      await shoot(guest, name);
    }
    await guest.goto('/signin');
    await guest.getByRole('main').getByRole('button', { name: texts.signin.next }).click();
    await shoot(guest, 'signin-email-invalid');
    await guest.getByRole('main').getByLabel(texts.signin.email, { exact: true }).fill(learner.email);
    await guest.getByRole('main').getByRole('button', { name: texts.signin.next }).click();
    await expectVisible(guest.getByRole('main').getByLabel(texts.signin.password, { exact: true }));
    await shoot(guest, 'signin-password');
    await guest.goto('/create-account');
    await guest.getByRole('main').getByRole('button', { name: texts.createAccount.submit }).click();
    await shoot(guest, 'create-account-invalid');
    await fillRegistration(guest, `shot-${viewport}-${Date.now()}@test.mn`);
    await expectVisible(guest.getByRole('main').getByRole('status'));
    await shoot(guest, 'create-account-success');
    if (viewport === 'phone') await shootMenu(guest, () => shoot(guest, 'menu-guest'));
    await guest.context().close();

    // A learner: the greeting, settings, the guards, sign-out.
    const signingIn = await open();
    await signingIn.goto('/signin');
    await completeSignIn(signingIn, learner);
    await expectVisible(signingIn.getByText(texts.callback.hi('Сараа Батболд'), { exact: true }));
    await shoot(signingIn, 'login-callback');
    await signingIn.context().close();
    const page = await open(learner.token);
    for (const [name, path] of [
      ['me-settings', '/me/settings'],
      ['notifications', '/notifications'],
      ['unauthorized', '/administrator'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await shoot(page, name);
    }
    if (viewport === 'phone') await shootMenu(page, () => shoot(page, 'menu-learner'));
    await page.goto('/me/settings');
    if (viewport === 'phone') await page.getByRole('button', { name: texts.nav.open }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'My account' }).waitFor();
    await shoot(page, 'me-settings-en');
    await page.getByRole('button', { name: 'Монгол' }).click();
    await page.goto(`/signout/callback?signout=true&continue=${encodeURIComponent(edge.url)}`);
    await expectVisible(page.getByText(texts.callback.bye('Сараа Батболд'), { exact: true }));
    await shoot(page, 'signout-callback');
    await page.context().close();

    // The administrator.
    const admin = await open(adminToken);
    await admin.goto('/administrator/lessons');
    await expectVisible(admin.getByRole('navigation', { name: texts.admin.sections }));
    await shoot(admin, 'admin-lessons');
    if (viewport === 'phone') await shootMenu(admin, () => shoot(admin, 'menu-admin'));
    await admin.context().close();

    // The home remote's server down.
    await home.stop();
    const down = await open();
    await down.goto('/home');
    await expectVisible(down.getByRole('button', { name: texts.remoteError.retry }));
    await shoot(down, 'home-remote-down');
    await down.context().close();
    await home.start();
  }
  console.log(`Screenshots in ${folder}`);
} finally {
  await browser.close();
  await edge.close();
  await home.stop();
  await platform.close();
}

async function fillRegistration(page: Page, email: string): Promise<void> {
  const main = page.getByRole('main');
  await main.getByLabel(texts.createAccount.email, { exact: true }).fill(email);
  await main.getByLabel(texts.createAccount.name, { exact: true }).fill('Болд');
  await main.getByLabel(texts.createAccount.password, { exact: true }).fill('bold-password-1');
  await main.getByLabel(texts.createAccount.repeatPassword, { exact: true }).fill('bold-password-1');
  await main.getByRole('button', { name: texts.createAccount.submit }).click();
}

/** On a phone the menu is a drawer behind the top bar's button. */
async function shootMenu(page: Page, shoot: () => Promise<unknown>): Promise<void> {
  await page.getByRole('button', { name: texts.nav.open }).click();
  await page.getByRole('navigation').getByRole('link').first().waitFor();
  await shoot();
}

