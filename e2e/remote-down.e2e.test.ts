// A remote whose server is down (DESIGN.md, Front-end): its area shows the friendly Mongolian error
// with a Retry button inside the layout, and the rest of the site keeps working. The home remote is
// served by its own server behind a small edge on the site's origin, so the test can stop it.
import { join } from 'node:path';
import { texts } from './texts.js';
import { expectVisible, repositoryRoot, signInThroughForm, useJourneys, waitForPath } from './fixture.js';
import { remoteServer, startEdge, type Edge } from './remote-edge.js';

const remotePath = '/remote-home';
const home = remoteServer(join(repositoryRoot, 'mfe-home/dist'));
let edge: Edge | undefined;

const journeys = useJourneys({
  platform: { env: { REMOTE_HOME_URL: `${remotePath}/mf-manifest.json` } },
  siteUrl: () => edge!.url,
});

beforeAll(async () => {
  edge = await startEdge({ gatewayUrl: journeys.platform.url, remotePath, remote: home });
});

afterAll(async () => {
  await edge?.close();
  await home.stop();
});

describe('a remote whose server is down', () => {
  it("the home area loads from the home remote's own server while it runs", async () => {
    await home.start();
    const page = await journeys.openPage();
    const manifest = page.waitForResponse((response) => new URL(response.url()).pathname === `${remotePath}/mf-manifest.json`);
    await page.goto('/home');

    expect((await manifest).status()).toBe(200);
    await expectVisible(page.getByRole('heading', { name: texts.home.title }));
  });

  it('with its server stopped, the home area shows the error with a Retry button, and /me/settings still works', async () => {
    await home.stop();
    const learner = await journeys.platform.learner('Нараа');
    const page = await journeys.openPage();

    // Signing in ends on the site origin, which is the home page.
    await signInThroughForm(page, learner);
    await waitForPath(page, '/home');
    const error = page.getByRole('main').getByRole('alert').filter({ hasText: texts.remoteError.title });
    await expectVisible(error);
    await expectVisible(error.getByRole('button', { name: texts.remoteError.retry }));
    expect(await page.getByRole('heading', { name: texts.home.title }).count()).toBe(0);

    // The layout around the area still works: the menu leads to the learner's settings.
    await page.getByRole('navigation').getByRole('link', { name: texts.nav.settings }).click();
    await waitForPath(page, '/me/settings');
    await expectVisible(page.getByRole('main').getByText(learner.email, { exact: true }));

    // And so does opening it afresh.
    await page.reload();
    await expectVisible(page.getByRole('main').getByText(learner.email, { exact: true }));
  });

  it('Retry loads the home area once its server is back', async () => {
    await home.stop();
    const page = await journeys.openPage();
    await page.goto('/home');
    const retry = page.getByRole('main').getByRole('button', { name: texts.remoteError.retry });
    await expectVisible(retry);

    await home.start();
    await retry.click();
    await expectVisible(page.getByRole('heading', { name: texts.home.title }));
  });
});
