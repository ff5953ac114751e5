// A first visit on a phone (390 × 844), on the demo catalog `npm start` seeds: the shell's page asks
// for every file its start needs beside its entry (each preload used, none found late), the plan and
// bundle lists and a plan's days show their poster frames, and nothing on those pages moves while
// they load (the layout shifts Chromium reports add up to at most 0.05, Lighthouse's CLS goal).
// Load times are bench/bundle's to measure, not a test's.
import type { Page } from 'playwright-core';
import { demoMonsterplanIds } from '@learning/contracts/demo';
import { expectVisible, useJourneys } from './fixture.js';

const journeys = useJourneys({ platform: { env: { SEED_DEMO: '1' } } });

/** Sums the page's layout shifts not caused by input, from its first paint on, as CLS counts them. */
async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0));
}

/** Waits until every poster on the page has its frame, and answers their alt texts and natural widths. */
async function postersShown(page: Page): Promise<{ alt: string; width: number }[]> {
  await page.waitForFunction(() => {
    const pictures = Array.from(document.querySelectorAll<HTMLImageElement>('.lp-poster img'));
    return pictures.length > 0 && pictures.every((picture) => picture.complete && picture.naturalWidth > 0);
  });
  return page.locator('.lp-poster img').evaluateAll((pictures: HTMLImageElement[]) => pictures.map((picture) => ({ alt: picture.alt, width: picture.naturalWidth })));
}

it("asks for the shell's start files beside its entry: each preload is used, and none of the shell's files is found late", async () => {
  const page = await journeys.openPage({ viewport: 'phone' });
  await page.goto('/home');
  await expectVisible(page.getByRole('heading', { level: 1 }));
  await page.waitForLoadState('networkidle');

  const { preloaded, fetched, ran, stylesheets } = await page.evaluate(async () => {
    const links = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')).map((link) => ({ href: link.href, as: link.as }));
    // The chunks that ran: each pushes its ids onto webpack's list as it runs.
    const pushed = (window as unknown as { webpackChunk_learning_shell?: [number[]][] }).webpackChunk_learning_shell ?? [];
    const ranIds = new Set(pushed.flatMap(([ids]) => ids));
    const chunkRan = async (href: string) => {
      const ids = /\.push\(\[\[([\d,]+)\]/.exec(await (await fetch(href)).text())?.[1]?.split(',').map(Number) ?? [];
      return ids.length > 0 && ids.every((id) => ranIds.has(id));
    };
    return {
      preloaded: links,
      fetched: performance.getEntriesByType('resource').map((entry) => entry.name),
      ran: Object.fromEntries(await Promise.all(links.filter((link) => link.as === 'script').map(async (link) => [link.href, await chunkRan(link.href)] as const))),
      stylesheets: Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).map((link) => link.href),
    };
  });
  const preloadedOf = (kind: string) => preloaded.filter((link) => link.as === kind).map((link) => link.href);
  const isShellScript = (url: string) => new URL(url).origin === new URL(page.url()).origin && /^\/[^/]+\.js$/.test(new URL(url).pathname);

  expect(preloadedOf('script').length).toBeGreaterThanOrEqual(3);
  // Used: each preloaded chunk ran, each preloaded style became a stylesheet.
  expect(preloadedOf('script').filter((url) => !ran[url])).toEqual([]);
  expect(preloadedOf('style').filter((url) => !stylesheets.includes(url))).toEqual([]);
  // None found late: every script of the shell's own that the start fetched, but the entry, was preloaded.
  const entry = new URL((await page.locator('head script[src]').getAttribute('src'))!, page.url()).href;
  expect(fetched.filter(isShellScript).filter((url) => url !== entry && !preloadedOf('script').includes(url))).toEqual([]);
  // Each was fetched once: a preload its use did not match would be fetched twice.
  for (const url of [...preloadedOf('script'), ...preloadedOf('fetch')]) expect([url, fetched.filter((name) => name === url).length]).toEqual([url, 1]);
});

it.each([
  { path: '/product-monster-plan', alt: /^«.+» хөтөлбөрийн эхний хичээлийн зураг$/ },
  { path: '/product-remote-lesson', alt: /^«.+» багцын эхний хичээлийн зураг$/ },
  { path: `/product-monster-plan/${demoMonsterplanIds[0]}`, alt: /^\d+-р өдрийн хичээлийн зураг$/ },
])('$path shows its poster frames, and nothing on it moves while it loads', async ({ path, alt }) => {
  const page = await journeys.openPage({ viewport: 'phone' });
  const layoutShift = await watchLayoutShifts(page);
  await page.goto(path);
  const posters = await postersShown(page);
  await page.waitForLoadState('networkidle');
  expect(posters.length).toBeGreaterThanOrEqual(3);
  for (const poster of posters) {
    expect(poster.alt).toMatch(alt);
    expect(poster.width).toBe(640);
  }
  expect(await layoutShift()).toBeLessThanOrEqual(0.05);
});
