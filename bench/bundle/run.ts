// A first visit to /home, in two figures with their goals:
// - the gzipped JavaScript it downloads (the shell's entry and start chunks, /remotes.json's home
//   remote entry and the chunks for /home): at most 150 KB;
// - its Largest Contentful Paint on a throttled phone: at most 2.5 s, the median of several cold
//   loads in Chromium, throttled through the DevTools protocol as Lighthouse's mobile preset is:
//   Slow 4G (150 ms of latency added to every request, 1.6 Mbit/s down, 750 Kbit/s up) and the CPU
//   slowed 4×, on a 412×823 phone viewport. LCP is read from a buffered PerformanceObserver once
//   the page has settled.
//
//   npm run build && npx tsx bench/bundle/run.ts                       # against the built dist folders
//   npx tsx bench/bundle/run.ts --url http://localhost:8080            # against a running gateway (npm start)
//   npx tsx bench/bundle/run.ts --runs 9                               # more throttled loads (default 5)
//
// Without --url it serves the builds with the gateway's own code (gateway/src/front-ends.ts behind
// the same compression, so the same encodings and caching headers; /v1 answers 401). Sizes are the
// files' bytes gzipped here at level 6 (what the gateway's compression sends), so the figure does
// not depend on the server; the throttled loads travel as the server sends them.
import compression from 'compression';
import express from 'express';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { serveFrontEnds, type RemoteFrontEnd } from '../../gateway/src/front-ends.js';

const goals = { jsBytes: 150 * 1000, lcpMs: 2500 };
/** Lighthouse's mobile Slow 4G (rttMs 150, throughputKbps 1.6 × 1024, upload 750 Kbps), applied by Chromium to each request. */
const slow4g = { latencyMs: 150, downloadKbps: 1.6 * 1024, uploadKbps: 750 };
const cpuSlowdown = 4;
/** Lighthouse's mobile screen (a Moto G Power). */
const phone = { width: 412, height: 823, deviceScaleFactor: 1.75 };
/** How long the page must be quiet (no request) before LCP is read: the carousel turns at 4000 ms, so well before. */
const settledAfterMs = 1000;

const root = path.resolve(import.meta.dirname, '../..');
const remotes = ['home', 'monster', 'lessons', 'admin'];
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const args = process.argv.slice(2);
const flag = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const externalUrl = flag('--url');
const runs = Number(flag('--runs') ?? 5);

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

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
});
try {
  const js = await weighFirstVisit(browser);
  console.log(
    `\nThrottled: latency ${slow4g.latencyMs} ms per request, ${slow4g.downloadKbps} Kbit/s down, ` +
      `${slow4g.uploadKbps} Kbit/s up, CPU ${cpuSlowdown}× slower, ${phone.width}×${phone.height} viewport; ${runs} cold loads\n`,
  );
  const lcps: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const paint = await paintFirstVisit(browser);
    lcps.push(paint.lcp);
    console.log(`run ${run}: LCP ${seconds(paint.lcp)} (FCP ${seconds(paint.fcp)}) on ${paint.element}`);
  }
  const lcp = median(lcps);
  console.log(`\nJS gzipped: ${bytes(js)}, goal at most ${bytes(goals.jsBytes)}: ${js <= goals.jsBytes ? 'met' : `missed by ${bytes(js - goals.jsBytes)}`}`);
  console.log(
    `LCP median: ${seconds(lcp)} (runs ${lcps.map(seconds).join(', ')}), goal at most ${seconds(goals.lcpMs)}: ` +
      `${lcp <= goals.lcpMs ? 'met' : `missed by ${seconds(lcp - goals.lcpMs)}`}`,
  );
} finally {
  await browser.close();
  server?.close();
}

interface Download {
  url: string;
  kind: 'js' | 'css';
  raw: number;
  gzipped: number;
}

/** An unthrottled first visit: every script and style it downloads, gzipped here. Returns the JS total. */
async function weighFirstVisit(browser: Browser): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
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
    const heading = await homeHeading(page);
    const downloads = (await Promise.all(pending)).filter((download): download is Download => !!download);

    console.log(`First visit to ${baseUrl}/home (page heading: ${JSON.stringify(heading)})\n`);
    console.log(`${'file'.padEnd(64)} ${'raw'.padStart(9)} ${'gzipped'.padStart(9)}`);
    for (const download of downloads.sort((a, b) => b.gzipped - a.gzipped)) {
      console.log(`${download.url.padEnd(64)} ${bytes(download.raw).padStart(9)} ${bytes(download.gzipped).padStart(9)}`);
    }
    const total = (kind: Download['kind']) => downloads.filter((download) => download.kind === kind).reduce((sum, download) => sum + download.gzipped, 0);
    const count = (kind: Download['kind']) => downloads.filter((download) => download.kind === kind).length;
    console.log(`\nJS  gzipped: ${bytes(total('js'))} (${total('js')} bytes) in ${count('js')} files`);
    console.log(`CSS gzipped: ${bytes(total('css'))} (${total('css')} bytes) in ${count('css')} files`);
    return total('js');
  } finally {
    await context.close();
  }
}

/** One throttled visit with an empty cache (a new browser context): its LCP, FCP and what the LCP was. */
async function paintFirstVisit(browser: Browser): Promise<{ lcp: number; fcp: number; element: string }> {
  const context = await browser.newContext({ viewport: { width: phone.width, height: phone.height }, deviceScaleFactor: phone.deviceScaleFactor, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: slow4g.latencyMs,
      downloadThroughput: (slow4g.downloadKbps * 1000) / 8,
      uploadThroughput: (slow4g.uploadKbps * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(`${baseUrl}/home`, { waitUntil: 'load', timeout: 60_000 });
    await homeHeading(page);
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    await page.waitForTimeout(settledAfterMs);
    return await page.evaluate(
      () =>
        new Promise<{ lcp: number; fcp: number; element: string }>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
            const last = entries[entries.length - 1]!;
            const element = last.element;
            const name = element ? `<${element.tagName.toLowerCase()}${element.className ? ` class="${String(element.className)}"` : ''}>` : '(removed element)';
            const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
            resolve({ lcp: last.startTime, fcp, element: `${name} ${JSON.stringify(element?.textContent?.trim().slice(0, 40) ?? '')}` });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

async function homeHeading(page: Page): Promise<string | null> {
  const heading = page.locator('main h1').first();
  await heading.waitFor({ timeout: 60_000 });
  return heading.textContent();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function bytes(count: number): string {
  return `${(count / 1000).toFixed(1)} KB`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** The gateway's part for the front-ends, with its own code: the shell at /, each built remote at /remotes/<name>/. */
function serveBuilds(): Promise<Server> {
  const builtRemotes: Record<string, RemoteFrontEnd> = Object.fromEntries(
    remotes
      .filter((name) => existsSync(path.join(root, `mfe-${name}/dist/mf-manifest.json`)))
      .map((name) => [name, { dir: path.join(root, `mfe-${name}/dist`), manifestUrl: `/remotes/${name}/mf-manifest.json` }]),
  );
  const app = express();
  app.use('/v1', (_req, res) => {
    res.status(401).json({ message: 'Нэвтэрнэ үү.', code: 'unauthenticated' });
  });
  app.use(compression());
  app.use(serveFrontEnds(path.join(root, 'shell/dist'), builtRemotes, undefined));
  return new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
}
