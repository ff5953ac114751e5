// @ts-check
// After webpack: what makes the shell installable and its site open offline, written into dist/:
// the web app manifest and its icons (shell/static), Workbox's libraries (dist/workbox), the offline
// progress queue the worker shares with the pages (dist/offline-progress.js, bundled by esbuild from
// @learning/platform), and the service worker (dist/sw.js) with the list of the shell's files it precaches.
import { cp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { copyWorkboxLibraries, injectManifest } from 'workbox-build';

const shell = path.join(import.meta.dirname, '..');
const dist = path.join(shell, 'dist');

await cp(path.join(shell, 'static'), dist, { recursive: true });
await rm(path.join(dist, 'workbox'), { recursive: true, force: true });
const copied = await copyWorkboxLibraries(dist);
await rename(path.join(dist, copied), path.join(dist, 'workbox'));
// The worker loads the production builds only.
for (const file of await readdir(path.join(dist, 'workbox'))) {
  if (file.endsWith('.map') || file.includes('.dev.')) await rm(path.join(dist, 'workbox', file));
}

await build({
  entryPoints: [path.join(shell, '../packages/platform/src/offline/progress-queue.ts')],
  outfile: path.join(dist, 'offline-progress.js'),
  bundle: true,
  format: 'iife',
  globalName: 'offlineProgress',
  target: 'es2020',
  minify: true,
  logLevel: 'warning',
});

const { count, size, warnings } = await injectManifest({
  swSrc: path.join(import.meta.dirname, 'sw.js'),
  swDest: path.join(dist, 'sw.js'),
  globDirectory: dist,
  globPatterns: ['**/*.{html,js,css,png,webmanifest}'],
  globIgnores: ['sw.js', 'offline-progress.js', 'workbox/**'],
  // webpack's content hash is in these names already: no revision needed to tell versions apart.
  dontCacheBustURLsMatching: /[.-][0-9a-f]{8,}[.-]/,
});
for (const warning of warnings) console.warn(`service worker: ${warning}`);
console.log(`service worker: ${count} files precached (${Math.round(size / 1024)} KB)`);
