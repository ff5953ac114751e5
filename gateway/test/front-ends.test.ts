import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningGateway } from '../src/server.js';
import { serviceUrls, startStandIns, startTestGateway, testSecret } from './fixture.js';

const indexHtml = '<!doctype html><html><body><div id="root"></div><script src="/main.3f2a9c1b.js"></script></body></html>';

let staticDir: string;
let standIns: Awaited<ReturnType<typeof startStandIns>>;
let gateway: RunningGateway;
let unbuilt: RunningGateway;

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'gateway-static-'));
  await mkdir(join(staticDir, 'builds', 'home'), { recursive: true });
  await Promise.all([
    writeFile(join(staticDir, 'index.html'), indexHtml),
    writeFile(join(staticDir, 'main.3f2a9c1b.js'), 'console.log("shell");'),
    writeFile(join(staticDir, 'vendor.0a1b2c3d.js'), largeScript),
    writeFile(join(staticDir, 'mf-manifest.json'), '{}'),
    writeFile(join(staticDir, 'builds', 'home', 'remoteEntry.js'), 'var home;'),
    writeFile(join(staticDir, 'favicon.ico'), 'icon'),
    writeFile(join(staticDir, 'sw.js'), 'importScripts("/workbox/workbox-sw.js");'),
    writeFile(join(staticDir, 'offline-progress.js'), 'var offlineProgress;'),
    writeFile(join(staticDir, 'manifest.webmanifest'), '{"name":"Сургалтын платформ"}'),
    writeFile(join(staticDir, 'builds', 'home', 'mf-manifest.json'), '{"name":"home"}'),
    writeFile(join(staticDir, 'builds', 'home', '__federation_expose_routes.eeff1483.js'), 'var routes;'),
  ]);
  standIns = await startStandIns();
  [gateway, unbuilt] = await Promise.all([
    startTestGateway({
      ...serviceUrls(standIns),
      PAYLOAD_SECRET: testSecret,
      STATIC_DIR: staticDir,
      REMOTES_DIR: join(staticDir, 'builds'),
      REMOTE_ADMIN_URL: 'https://admin.example.mn/mf-manifest.json',
    }),
    startTestGateway({ ...serviceUrls(standIns), STATIC_DIR: join(staticDir, 'not-built') }),
  ]);
});

afterAll(async () => {
  await Promise.all([gateway?.close(), unbuilt?.close()]);
  await standIns?.close();
  await rm(staticDir, { recursive: true, force: true });
});

/** Large enough to be worth compressing (compression leaves answers under 1 KB alone). */
const largeScript = `var lessons = [${Array.from({ length: 400 }, (_, day) => `"Өдөр ${day + 1}"`).join(',')}];`;

const page = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('the built front-ends', () => {
  it('are sent gzipped to a browser that accepts it, byte for byte the file', async () => {
    // fetch asks for gzip and opens it; the header tells what travelled.
    const response = await fetch(`${gateway.url}/vendor.0a1b2c3d.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await response.text()).toBe(largeScript);
    const plain = await fetch(`${gateway.url}/vendor.0a1b2c3d.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(largeScript);
  });

  it('serve content-hashed files as immutable for a year', async () => {
    const response = await fetch(`${gateway.url}/main.3f2a9c1b.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('console.log("shell");');
  });

  it.each(['/', '/index.html', '/mf-manifest.json', '/remotes/home/remoteEntry.js', '/sw.js', '/offline-progress.js', '/manifest.webmanifest'])(
    'serve the entry point %s for revalidation on every load',
    async (path) => {
      const response = await fetch(`${gateway.url}${path}`, { headers: page });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      await response.body?.cancel();
    },
  );

  it('serve the web app manifest as one', async () => {
    const response = await fetch(`${gateway.url}/manifest.webmanifest`);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(await response.json()).toEqual({ name: 'Сургалтын платформ' });
  });

  it('serve other files with the default short cache', async () => {
    const response = await fetch(`${gateway.url}/favicon.ico`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0');
    await response.body?.cancel();
  });

  it('answer a reload on a deep route with index.html (history mode)', async () => {
    const response = await fetch(`${gateway.url}/product-monster-plan/p1/exam`, { headers: page });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(indexHtml);
  });

  it('answer a missing file with 404, not index.html', async () => {
    const response = await fetch(`${gateway.url}/main.0000000000.js`, { headers: page });
    expect(response.status).toBe(404);
    await response.body?.cancel();
  });

  it('answer an unknown /v1 path with a JSON 404, not index.html', async () => {
    const response = await fetch(`${gateway.url}/v1/some/deep/route`, { headers: page });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-payload-encryption')).toBe('aes-256-gcm');
  });

  it('say in Mongolian and English that the front-end is not built yet when there is no build', async () => {
    for (const path of ['/', '/product-monster-plan']) {
      const response = await fetch(`${unbuilt.url}${path}`, { headers: page });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html).toContain('хараахан бэлтгэгдээгүй');
      expect(html).toContain('The front-end is not built yet');
    }
  });
});

describe('the run-time documents of the shell', () => {
  it('/remotes.json names each remote’s manifest, from configuration', async () => {
    const response = await fetch(`${gateway.url}/remotes.json`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({
      home: '/remotes/home/mf-manifest.json',
      monster: '/remotes/monster/mf-manifest.json',
      lessons: '/remotes/lessons/mf-manifest.json',
      admin: 'https://admin.example.mn/mf-manifest.json',
    });
  });

  it('/config.json gives the payload secret, or null when the gateway does not encrypt', async () => {
    expect(await fetch(`${gateway.url}/config.json`).then((r) => r.json())).toEqual({ payloadSecret: testSecret, offline: { days: 14, budgetMb: 500 } });
    expect(await fetch(`${unbuilt.url}/config.json`).then((r) => r.json())).toEqual({ payloadSecret: null, offline: { days: 14, budgetMb: 500 } });
  });

  it('each remote’s build is served under /remotes/<name>/ with the same cache rules', async () => {
    const manifest = await fetch(`${gateway.url}/remotes/home/mf-manifest.json`);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(await manifest.json()).toEqual({ name: 'home' });
    const chunk = await fetch(`${gateway.url}/remotes/home/__federation_expose_routes.eeff1483.js`);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await chunk.body?.cancel();
  });

  it('a missing file of a remote is a 404, never the shell’s index.html', async () => {
    const response = await fetch(`${gateway.url}/remotes/home/missing.js`, { headers: page });
    expect(response.status).toBe(404);
    await response.body?.cancel();
  });
});
