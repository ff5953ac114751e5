// The browser side of the journeys, without jest: Debian's Chromium, pages at phone and desktop
// widths, and the steps several journeys share, done as a learner does them (e2e/screenshots.ts
// uses them too).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { frontEnds } from '../scripts/front-ends.js';
import { texts } from './texts.js';

export const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

/** Debian's chromium (STACK.md); CHROMIUM_PATH points elsewhere. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
} as const;
export type ViewportName = keyof typeof viewports;

/** The gateway serves what `npm run build` made; without it every journey would fail for an unclear reason. */
export function assertFrontEndsBuilt(): void {
  const missing = frontEnds.filter(({ entry }) => !existsSync(join(repositoryRoot, entry)));
  if (missing.length > 0) {
    throw new Error(
      `The browser journeys need the built front-ends, and these are missing: ${missing.map(({ entry }) => entry).join(', ')}. ` +
        'Run `npm run build` first (about 2.5 minutes).',
    );
  }
}

/** `extraArgs`: more Chromium switches, e.g. a fake microphone for recording journeys. */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`No Chromium at ${chromiumPath}: run \`apt-get install -y chromium\`, or set CHROMIUM_PATH to a Chromium or Chrome binary.`);
  }
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox', // as root in a container, Chromium's sandbox cannot start (STACK.md)
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export interface PageOptions {
  /** A bearer token from the API, stored where the sign-in screen stores it: the page opens signed in. */
  token?: string;
  viewport?: ViewportName;
  /**
   * Whether the site's service worker may install. Blocked unless a journey is about it: each
   * context would otherwise precache the shell's files, work no other journey looks at.
   */
  serviceWorkers?: 'allow' | 'block';
}

/** A new browser context (its own storage) and a page in it, opening `siteUrl`-relative paths. */
export async function openPageIn(
  browser: Browser,
  siteUrl: string,
  { token, viewport = 'desktop', serviceWorkers = 'block' }: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: siteUrl,
    serviceWorkers,
    viewport: viewports[viewport],
    ...(viewport === 'phone' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    ...(token ? { storageState: { cookies: [], origins: [{ origin: new URL(siteUrl).origin, localStorage: [{ name: 'token', value: token }] }] } } : {}),
  });
  return { context, page: await context.newPage() };
}

/** Waits until the element shows (condition-based: no fixed delays anywhere in the journeys). */
export async function expectVisible(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible' });
}

/** The current path, e.g. '/me/settings'. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
}

/** The two steps of /signin on the page that shows it: the email, then the password. */
export async function completeSignIn(page: Page, account: { email: string; password: string }): Promise<void> {
  const main = page.getByRole('main');
  await main.getByLabel(texts.signin.email, { exact: true }).fill(account.email);
  await main.getByRole('button', { name: texts.signin.next }).click();
  await main.getByLabel(texts.signin.password, { exact: true }).fill(account.password);
  await main.getByRole('button', { name: texts.signin.submit, exact: true }).click();
}

/** Signs in through /signin and waits for the greeting's redirect to the site. */
export async function signInThroughForm(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/signin');
  await completeSignIn(page, account);
  await waitForPath(page, '/login/callback');
  await page.waitForURL((url) => url.pathname !== '/login/callback');
}
