// Registers the service worker (shell/service-worker/sw.js) in the built site, once the page has
// loaded so that it does not compete with the page's own files. A development server has none.

/** Replaced by webpack with the build's mode. */
declare const process: { env: { NODE_ENV?: string } };

export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('The service worker could not be registered', error));
  });
}
