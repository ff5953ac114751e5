// Screenshots of the Google sign-in button on /signin and /create-account, and of the callback's
// refusal, at phone and desktop widths, for a person to look at. Not a test, never committed.
// Run: npx tsx e2e/google-screenshots.ts [folder]   (default /tmp/google-shots)
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { startGoogleStandIn } from '@learning/testing/google';
import { startTestPlatform } from '@learning/testing';
import { assertFrontEndsBuilt, expectVisible, launchChromium, openPageIn, viewports, type ViewportName } from './browser.js';
import { texts } from './texts.js';

const folder = process.argv[2] ?? '/tmp/google-shots';
assertFrontEndsBuilt();
await mkdir(folder, { recursive: true });
const google = await startGoogleStandIn();
const platform = await startTestPlatform({ env: { GOOGLE_ISSUER: google.issuer, GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CLIENT_SECRET: google.clientSecret } });
google.allowRedirect(`${platform.url}/callback/google`);
const browser = await launchChromium();

try {
  for (const viewport of Object.keys(viewports) as ViewportName[]) {
    const { page, context } = await openPageIn(browser, platform.url, { viewport });
    const shoot = (name: string) => page.screenshot({ path: join(folder, `${viewport}-${name}.png`), fullPage: true, animations: 'disabled' });
    for (const path of ['/signin', '/create-account']) {
      await page.goto(path);
      await expectVisible(page.getByRole('main').getByRole('button', { name: texts.google.signIn }));
      await shoot(path.slice(1));
    }
    google.signInAs({ sub: `shot-${viewport}`, email: `shot-${viewport}@gmail.test`, email_verified: false, name: 'Shot' });
    await page.goto('/signin');
    await page.getByRole('main').getByRole('button', { name: texts.google.signIn }).click();
    await expectVisible(page.getByRole('main').getByRole('alert'));
    await shoot('google-callback-refused');
    await context.close();
  }
  console.log(`Screenshots in ${folder}`);
} finally {
  await browser.close();
  await platform.close();
  await google.close();
}
