// The browser journeys' fixture: per test file, the whole platform (started through startPlatform,
// as `npm start` starts it, with payload encryption on) and one headless Chromium; per test, fresh
// browser contexts, closed after it, or pages that several tests of the file share.
import { jest } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestPlatform, type TestPlatform, type TestPlatformOptions } from '@learning/testing';
import { assertFrontEndsBuilt, launchChromium, openPageIn, type PageOptions } from './browser.js';

export * from './browser.js';

export interface JourneyOptions {
  /** Options of the platform this file starts, on top of startTestPlatform's (a function is read when it starts). */
  platform?: TestPlatformOptions | (() => TestPlatformOptions);
  /** Where the browser opens the site, when not at the gateway itself (read before each test). */
  siteUrl?: () => string;
  /** More Chromium switches for this file's browser. */
  browserArgs?: readonly string[];
}

export interface Journeys {
  readonly platform: TestPlatform;
  /** The address the browser opens the site at. */
  readonly siteUrl: string;
  /** A fresh context and page for the running test; closed after it. */
  openPage(options?: PageOptions): Promise<Page>;
  /**
   * A fresh context and page that outlives the running test, closed with the browser after the
   * file's tests: for tests that share one page, each going on from where the one before left it.
   */
  openFilePage(options?: PageOptions): Promise<Page>;
}

/**
 * A journey waits on conditions, never on a clock; this bound covers a remote's load retries and
 * the greeting's delays on a slow machine. Jest reads testTimeout from its global config only, not
 * per project, so the journeys set theirs here.
 */
export const journeyTimeoutMs = 60_000;

/**
 * How many instances of each service and of the gateway the journeys run against (JOURNEY_INSTANCES,
 * 1 unless set): CI runs them on two of each behind nginx, as production runs.
 */
export const journeyInstances = Number(process.env.JOURNEY_INSTANCES ?? 1);

/** Call once at the top of a test file: registers the hooks that start and stop the platform and the browser. */
export function useJourneys(options: JourneyOptions = {}): Journeys {
  jest.setTimeout(journeyTimeoutMs);
  let platform: TestPlatform | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];

  beforeAll(async () => {
    assertFrontEndsBuilt();
    // Both are kept as soon as they exist, so afterAll closes whichever started if the other failed.
    const started = await Promise.allSettled([
      startTestPlatform({ instances: journeyInstances, ...(typeof options.platform === 'function' ? options.platform() : options.platform) }).then(
        (started) => (platform = started),
      ),
      launchChromium(options.browserArgs).then((launched) => (browser = launched)),
    ]);
    const failure = started.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  }, 120_000);

  afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  }, 60_000);

  const journeys: Journeys = {
    get platform() {
      if (!platform) throw new Error('The platform is not started: use the journeys inside a test.');
      return platform;
    },
    get siteUrl() {
      return options.siteUrl?.() ?? journeys.platform.url;
    },
    async openPage(pageOptions = {}) {
      if (!browser) throw new Error('The browser is not launched: use the journeys inside a test.');
      const { context, page } = await openPageIn(browser, journeys.siteUrl, pageOptions);
      contexts.push(context);
      return page;
    },
    async openFilePage(pageOptions = {}) {
      if (!browser) throw new Error('The browser is not launched: use the journeys inside a test.');
      return (await openPageIn(browser, journeys.siteUrl, pageOptions)).page;
    },
  };
  return journeys;
}
