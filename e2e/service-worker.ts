// What the journeys with the service worker installed wait for.
import type { Page } from 'playwright-core';

/** Waits until the service worker controls the page (it claims the pages open when it activates). */
export async function controlledByTheWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}
