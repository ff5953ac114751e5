// Bundle weight of a first visit to /home: loads the page in headless Chromium and adds up the
// gzipped size of every JavaScript and CSS file it downloads (the shell's entry and start chunks,
// /remotes.json's home remote entry and the chunks for /home). Goal: at most 170 KB of JS.
//
//   npm run build && npx tsx bench/bundle/run.ts                       # against the built dist folders
//   npx tsx bench/bundle/run.ts --url http://localhost:8080            # against a running gateway
//
// Without --url it serves the builds the way the gateway does (shell/dist at /, with history
// fallback; mfe-<name>/dist at /remotes/<name>/; /remotes.json; /config.json; /v1 answers 401).
// Sizes are the files' bytes gzipped here at level 6 (what a gateway's compression would send),
// whatever the server sent, so the figure does not depend on the server's compression.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const goalBytes = 170 * 1000;
const root = path.resolve(import.meta.dirname, '../..');
const remotes = ['home', 'monster', 'lessons', 'admin'];
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const args = process.argv.slice(2);
const urlFlag = args.indexOf('--url');
const externalUrl = urlFlag >= 0 ? args[urlFlag + 1] : undefined;

if (!existsSync(chromiumPath)) {
  console.error(`No Chromium at ${chromiumPath}: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH).`);
  process.exit(1);
}
if (!externalUrl && !existsSync(path.join(root, 'shell/dist/index.html'))) {
  console.error('No build in shell/dist: run `npm run build` first.');
  process.exit(1);
}

const server = externalUrl ? undefined : await serveBuilds();
const baseUrl = externalUrl ?? `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;

interface Download {
  url: string;
  kind: 'js' | 'css';
  raw: number;
  gzipped: number;
}

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  const pending: Promise<Download | undefined>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const kind = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : undefined;
    if (!kind || response.status() >= 400) return;
    pending.push(
      response.body().then(
        (body) => ({ url: url.pathname, kind, raw: body.length, gzipped: gzipSync(body, { level: 6 }).length }),
        () => undefined,
      ),
    );
  });
  await page.goto(`${baseUrl}/home`, { waitUntil: 'networkidle' });
  await page.locator('main h1').first().waitFor({ timeout: 15_000 });
  const heading = await page.locator('main h1').first().textContent();
  const downloads = (await Promise.all(pending)).filter((download): download is Download => !!download);

  console.log(`First visit to ${baseUrl}/home (page heading: ${JSON.stringify(heading)})\n`);
  console.log(`${'file'.padEnd(64)} ${'raw'.padStart(9)} ${'gzipped'.padStart(9)}`);
  for (const download of downloads.sort((a, b) => b.gzipped - a.gzipped)) {
    console.log(`${download.url.padEnd(64)} ${bytes(download.raw).padStart(9)} ${bytes(download.gzipped).padStart(9)}`);
  }
  const total = (kind: Download['kind']) => downloads.filter((download) => download.kind === kind).reduce((sum, download) => sum + download.gzipped, 0);
  const js = total('js');
  const css = total('css');
  console.log(`\nJS  gzipped: ${bytes(js)} (${js} bytes) in ${downloads.filter((d) => d.kind === 'js').length} files`);
  console.log(`CSS gzipped: ${bytes(css)} (${css} bytes) in ${downloads.filter((d) => d.kind === 'css').length} files`);
  console.log(`Goal: JS at most ${bytes(goalBytes)}: ${js <= goalBytes ? 'met' : `missed by ${bytes(js - goalBytes)}`}`);
} finally {
  await browser.close();
  server?.close();
}

function bytes(count: number): string {
  return `${(count / 1000).toFixed(1)} KB`;
}

/** The gateway's part for the front-ends, enough for a first visit. */
function serveBuilds(): Promise<Server> {
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.json': 'application/json',
    '.html': 'text/html; charset=utf-8',
  };
  const builtRemotes = remotes.filter((name) => existsSync(path.join(root, `mfe-${name}/dist/mf-manifest.json`)));
  const send = (res: import('node:http').ServerResponse, status: number, type: string, body: string | Buffer) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-cache' }).end(body);
  };
  const sendFile = (res: import('node:http').ServerResponse, dir: string, file: string) => {
    const full = path.join(dir, path.normalize(file));
    if (!full.startsWith(dir) || !existsSync(full) || !statSync(full).isFile()) return false;
    send(res, 200, types[path.extname(full)] ?? 'application/octet-stream', readFileSync(full));
    return true;
  };
  const app = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === '/remotes.json') {
      return send(res, 200, types['.json']!, JSON.stringify(Object.fromEntries(builtRemotes.map((name) => [name, `/remotes/${name}/mf-manifest.json`]))));
    }
    if (pathname === '/config.json') return send(res, 200, types['.json']!, JSON.stringify({ payloadSecret: null }));
    if (pathname.startsWith('/v1/')) return send(res, 401, types['.json']!, JSON.stringify({ message: 'Нэвтэрнэ үү.', code: 'unauthenticated' }));
    const remote = /^\/remotes\/([^/]+)\/(.+)$/.exec(pathname);
    if (remote) {
      if (sendFile(res, path.join(root, `mfe-${remote[1]}/dist`), remote[2]!)) return;
      return send(res, 404, 'text/plain', 'not found');
    }
    const shellDist = path.join(root, 'shell/dist');
    if (pathname !== '/' && sendFile(res, shellDist, pathname.slice(1))) return;
    if (path.extname(pathname)) return send(res, 404, 'text/plain', 'not found');
    sendFile(res, shellDist, 'index.html');
  });
  return new Promise((resolve) => app.listen(0, '127.0.0.1', () => resolve(app)));
}
