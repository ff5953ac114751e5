// When `npm start` builds a front-end: when its build is missing, or older than its own sources or
// those of a workspace package it is built from (packages/platform, and what that uses in turn).
import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildReason, frontEndsToBuild, type FrontEnd } from '../front-ends.js';

describe('the staleness decision', () => {
  it('builds a missing build, rebuilds one older than its sources, and leaves a newer one', () => {
    expect(buildReason(undefined, 0)).toBe('missing');
    expect(buildReason(1_000, 2_000)).toBe('stale');
    expect(buildReason(2_000, 1_000)).toBeUndefined();
    expect(buildReason(2_000, 2_000)).toBeUndefined();
  });
});

describe('the front-ends to build, on a repository in a temporary folder', () => {
  let root: string;
  const shell: FrontEnd = { workspace: '@learning/shell', folder: 'shell', entry: 'shell/dist/index.html' };
  const home: FrontEnd = { workspace: '@learning/mfe-home', folder: 'mfe-home', entry: 'mfe-home/dist/mf-manifest.json' };
  const at = (seconds: number) => new Date(1_700_000_000_000 + seconds * 1000);

  /** Writes a file with the given modification time (seconds after a fixed moment). */
  const file = async (relative: string, seconds: number, text = '') => {
    const full = path.join(root, relative);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, text);
    await utimes(full, at(seconds), at(seconds));
  };
  const manifest = (name: string, uses: string[]) =>
    JSON.stringify({ name, dependencies: Object.fromEntries(uses.map((dependency) => [dependency, '*'])) });
  const toBuild = () => frontEndsToBuild(root, [shell, home]).map(({ workspace, reason }) => ({ workspace, reason }));

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'front-ends-'));
    await file('packages/contracts/package.json', 0, manifest('@learning/contracts', []));
    await file('packages/contracts/src/index.ts', 0);
    await file('packages/platform/package.json', 0, manifest('@learning/platform', ['@learning/contracts', 'react']));
    await file('packages/platform/src/api.ts', 0);
    await file('packages/platform/build/federated-app.js', 0);
    for (const folder of ['shell', 'mfe-home']) {
      await file(`${folder}/package.json`, 0, manifest(`@learning/${folder}`, ['@learning/platform']));
      await file(`${folder}/src/routes.tsx`, 10);
      await file(`${folder}/webpack.config.js`, 10);
    }
    await mkdir(path.join(root, 'node_modules/@learning'), { recursive: true });
    for (const name of ['contracts', 'platform']) await symlink(`../../packages/${name}`, path.join(root, 'node_modules/@learning', name));
  });

  afterEach(() => rm(root, { recursive: true, force: true }));

  it('builds the front-ends that were never built', async () => {
    await file('shell/dist/index.html', 20);
    expect(toBuild()).toEqual([{ workspace: '@learning/mfe-home', reason: 'missing' }]);
  });

  it('builds nothing when every build is newer than its sources', async () => {
    await file('shell/dist/index.html', 20);
    await file('mfe-home/dist/mf-manifest.json', 20);
    expect(toBuild()).toEqual([]);
  });

  it('rebuilds a front-end whose source changed after its build, and only that one', async () => {
    await file('shell/dist/index.html', 20);
    await file('mfe-home/dist/mf-manifest.json', 20);
    await file('mfe-home/src/screens/home/Carousel.tsx', 30);
    expect(toBuild()).toEqual([{ workspace: '@learning/mfe-home', reason: 'stale' }]);
  });

  it('rebuilds every front-end when packages/platform, or a package it uses, changed after their builds', async () => {
    await file('shell/dist/index.html', 20);
    await file('mfe-home/dist/mf-manifest.json', 20);
    await file('packages/platform/src/session.ts', 30);
    expect(toBuild()).toEqual([
      { workspace: '@learning/shell', reason: 'stale' },
      { workspace: '@learning/mfe-home', reason: 'stale' },
    ]);
    await file('shell/dist/index.html', 40);
    await file('mfe-home/dist/mf-manifest.json', 40);
    await file('packages/contracts/src/catalog.ts', 50);
    expect(toBuild().map(({ reason }) => reason)).toEqual(['stale', 'stale']);
  });

  it('ignores what a build does not read: tests, installed packages and its own output', async () => {
    await file('shell/dist/index.html', 20);
    await file('mfe-home/dist/mf-manifest.json', 20);
    await file('shell/test/guards.test.tsx', 30);
    await file('shell/node_modules/some-package/index.js', 30);
    await file('shell/dist/main.3f2a9c1b.js', 30);
    await file('packages/platform/test/api.test.tsx', 30);
    expect(toBuild()).toEqual([]);
  });
});
