// A remote's team releases and rolls back while the platform runs, as docs/operating.md's "Releases"
// says: the home remote's image (deploy/remote-nginx.conf, its builds under
// /remotes/home/<version>/) serves two versions side by side behind the site's edge; the release
// points the gateways' REMOTE_HOME_URL at the new version's mf-manifest.json, one gateway at a time
// (rollOut), and a rollback points it back. Version 2 is version 1's build with its heading changed,
// standing for a new build. Pages visited after each step load the version the manifest entry names;
// the shell is the same build throughout.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { freePort } from '@learning/testing';
import { startNginx, type RunningNginx } from '../scripts/nginx.js';
import { texts } from './texts.js';
import { expectVisible, repositoryRoot, useJourneys } from './fixture.js';
import { startEdge, type Edge } from './remote-edge.js';

const manifestOf = (version: number) => `/remotes/home/${version}/mf-manifest.json`;
const secondHeading = `${texts.home.title} — 2`;

let htmlDir: string;
let image: RunningNginx | undefined;
let edge: Edge | undefined;

const journeys = useJourneys({
  platform: { env: { REMOTE_HOME_URL: manifestOf(1) } },
  siteUrl: () => edge!.url,
});

beforeAll(async () => {
  htmlDir = await mkdtemp(join(tmpdir(), 'remote-image-'));
  const built = join(repositoryRoot, 'mfe-home/dist');
  await cp(built, join(htmlDir, 'remotes/home/1'), { recursive: true });
  await cp(built, join(htmlDir, 'remotes/home/2'), { recursive: true });
  await changeHeading(join(htmlDir, 'remotes/home/2'), texts.home.title, secondHeading);
  const port = await freePort();
  image = await startNginx({ workDir: htmlDir, port, servesRemotes: { htmlDir } });
  edge = await startEdge({ gatewayUrl: journeys.platform.url, remotePath: '/remotes/home', remote: { port }, keepsPath: true });
});

afterAll(async () => {
  await edge?.close();
  await image?.stop();
  await rm(htmlDir, { recursive: true, force: true });
});

describe("the home remote's release and rollback through its manifest entry", () => {
  it('a visit after the release loads version 2, one after the rollback version 1 again, the shell unchanged', async () => {
    const page = await journeys.openFilePage();
    const first = await visitHome(page);
    expect(first.manifest).toBe(manifestOf(1));
    await expectVisible(page.getByRole('heading', { name: texts.home.title, exact: true }));

    await journeys.platform.rollOut('gateway', { REMOTE_HOME_URL: manifestOf(2) });
    const released = await visitHome(page);
    expect(released.manifest).toBe(manifestOf(2));
    await expectVisible(page.getByRole('heading', { name: secondHeading }));

    await journeys.platform.rollOut('gateway', { REMOTE_HOME_URL: manifestOf(1) });
    const rolledBack = await visitHome(page);
    expect(rolledBack.manifest).toBe(manifestOf(1));
    await expectVisible(page.getByRole('heading', { name: texts.home.title, exact: true }));

    expect(released.shellScripts).toEqual(first.shellScripts);
    expect(rolledBack.shellScripts).toEqual(first.shellScripts);
  });
});

/** Opens /home afresh: the remote manifest the page loaded and the shell's own scripts. */
async function visitHome(page: Page): Promise<{ manifest: string; shellScripts: string[] }> {
  const manifest = page.waitForResponse((response) => /\/remotes\/home\/\d+\/mf-manifest\.json$/.test(new URL(response.url()).pathname) && response.ok());
  await page.goto('/home');
  const shellScripts = await page.locator('script[src]').evaluateAll((scripts) =>
    scripts.map((script) => new URL((script as HTMLScriptElement).src).pathname).filter((path) => !path.startsWith('/remotes/')),
  );
  return { manifest: new URL((await manifest).url()).pathname, shellScripts };
}

/** Writes `to` for `from` in the build's scripts: the one change of version 2. */
async function changeHeading(dir: string, from: string, to: string): Promise<void> {
  let changed = 0;
  for (const name of (await readdir(dir)).filter((file) => file.endsWith('.js'))) {
    const script = await readFile(join(dir, name), 'utf8');
    if (!script.includes(from)) continue;
    await writeFile(join(dir, name), script.replaceAll(from, to));
    changed += 1;
  }
  if (changed === 0) throw new Error(`No script of ${dir} holds "${from}": the home remote's heading moved`);
}
