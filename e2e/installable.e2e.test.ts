// The site as an installable app: Chromium finds it installable (manifest, icons, a service worker
// that answers offline), the worker takes the page over, the site opens offline and says what works
// then, and a remote redeployed while the worker is installed is picked up on the next load: its
// entry points are asked of the network first, never served stale from the worker's cache. The home
// remote is served by its own server behind a small edge on the site's origin, so the test can
// redeploy it.
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { texts } from './texts.js';
import { expectVisible, repositoryRoot, useJourneys } from './fixture.js';
import { remoteServer, startEdge, type Edge } from './remote-edge.js';
import { controlledByTheWorker } from './service-worker.js';

const remotePath = '/remote-home';
let deployed: string;
let edge: Edge | undefined;
const home = { server: undefined as ReturnType<typeof remoteServer> | undefined };

const journeys = useJourneys({
  platform: { env: { REMOTE_HOME_URL: `${remotePath}/mf-manifest.json` } },
  siteUrl: () => edge!.url,
});

beforeAll(async () => {
  // The remote's deployment: a folder of its own, which a redeploy replaces.
  deployed = await mkdtemp(join(tmpdir(), 'home-deployed-'));
  await cp(join(repositoryRoot, 'mfe-home/dist'), deployed, { recursive: true });
  home.server = remoteServer(deployed);
  await home.server.start();
  edge = await startEdge({ gatewayUrl: journeys.platform.url, remotePath, remote: home.server });
});

afterAll(async () => {
  await edge?.close();
  await home.server?.stop();
  await rm(deployed, { recursive: true, force: true });
});

/**
 * A new version of the home remote, as its team would deploy it: the chunk that holds the home
 * page's title says something else, under a new content-hashed name that its remoteEntry.js and
 * mf-manifest.json now name.
 */
async function redeployHomeSaying(title: string): Promise<void> {
  for (const file of await readdir(deployed)) {
    if (!file.endsWith('.js') || file === 'remoteEntry.js') continue;
    const source = await readFile(join(deployed, file), 'utf8');
    if (!source.includes(texts.home.title)) continue;
    // The entry names a chunk by its id and hash (webpack's chunk file map), the manifest by its file.
    const hash = /\.([0-9a-f]{8})\.js$/.exec(file)?.[1];
    expect(hash).toBeDefined();
    await writeFile(join(deployed, file), source.replaceAll(texts.home.title, title));
    await rename(join(deployed, file), join(deployed, file.replace(hash!, '0ddba11e')));
    for (const entry of ['remoteEntry.js', 'mf-manifest.json']) {
      const text = await readFile(join(deployed, entry), 'utf8');
      expect(text).toContain(hash);
      await writeFile(join(deployed, entry), text.replaceAll(hash!, '0ddba11e'));
    }
    return;
  }
  throw new Error(`no chunk of the home remote holds "${texts.home.title}"`);
}

it('is installable, and once the worker is in, the site opens offline and says what works', async () => {
  const page = await journeys.openPage({ viewport: 'phone', serviceWorkers: 'allow' });
  await page.goto('/home');
  await expectVisible(page.getByRole('heading', { name: texts.home.title }));
  await controlledByTheWorker(page);

  const devtools = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await devtools.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
  // The journeys' browser contexts are incognito, which Chrome never installs into; nothing else may be missing.
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Сургалтын платформ', lang: 'mn', display: 'standalone', theme_color: '#2f4ad0' });

  // A second visit, through the worker, which keeps what the page loads; then the connection goes.
  await page.reload();
  await expectVisible(page.getByRole('heading', { name: texts.home.title }));
  await page.context().setOffline(true);
  await page.reload();
  // The page and the home area come from what the worker kept.
  await expectVisible(page.getByRole('heading', { name: texts.home.title }));
  await expectVisible(page.getByRole('status').filter({ hasText: 'Интернэт холболт алга.' }));
  // A page never opened before still opens: the shell's, which routes it.
  await page.goto('/help');
  await expectVisible(page.getByRole('heading', { name: 'Утсандаа апп болгон суулгах' }));
  await expectVisible(page.getByRole('status').filter({ hasText: 'Өмнө нээсэн хуудсууд харагдана.' }));

  await page.context().setOffline(false);
  await page.reload();
  expect(await page.getByRole('status').filter({ hasText: 'Интернэт холболт алга.' }).count()).toBe(0);
});

it('picks up a redeployed remote on the next load, with the worker installed', async () => {
  const page = await journeys.openPage({ serviceWorkers: 'allow' });
  await page.goto('/home');
  await expectVisible(page.getByRole('heading', { name: texts.home.title }));
  await controlledByTheWorker(page);
  // A second load, through the worker, which now keeps the remote's files.
  await page.reload();
  await expectVisible(page.getByRole('heading', { name: texts.home.title }));

  await redeployHomeSaying('Шинэ хувилбарын нүүр');
  await page.reload();
  await expectVisible(page.getByRole('heading', { name: 'Шинэ хувилбарын нүүр' }));
});
