// The service worker: what makes the site open without a connection, built with Workbox (its
// libraries served from /workbox/, beside this file). The shell's files are precached, by the list
// the build puts in place of the manifest placeholder below. What says where the remotes are and which files they are
// made of (/remotes.json, each mf-manifest.json and remoteEntry.js, /config.json) is always asked of
// the network first, so a redeployed remote is picked up as without the worker; only a copy kept
// from the last visit answers offline. The remotes' content-hashed chunks never change and are
// kept once fetched. Pages are asked of the network first too, the shell's page answering offline.
// Calls (/v1) and media streams are left to the network. A day downloaded for offline listening is
// answered from its own cache under /offline/, and progress heard offline is sent on Background Sync.
/* global self, importScripts, workbox, offlineProgress, Response, URL */
importScripts('/workbox/workbox-sw.js', '/offline-progress.js');
workbox.setConfig({ modulePathPrefix: '/workbox/', debug: false });

const { precacheAndRoute, cleanupOutdatedCaches, matchPrecache } = workbox.precaching;
const { registerRoute, NavigationRoute, setCatchHandler } = workbox.routing;
const { NetworkFirst, CacheFirst, CacheOnly } = workbox.strategies;
const { RangeRequestsPlugin } = workbox.rangeRequests;
const { ExpirationPlugin } = workbox.expiration;
const { CacheableResponsePlugin } = workbox.cacheableResponse;

/** How long a page or an entry point may take before the copy kept answers (a slow rural link). */
const networkTimeoutSeconds = 6;
const contentHashed = /[.-][0-9a-f]{8,}[.-]/i;
const isEntryPoint = (url) =>
  url.pathname === '/remotes.json' || url.pathname === '/config.json' || /\/(mf-manifest\.json|remoteEntry\.js)$/.test(url.pathname);

self.addEventListener('install', () => self.skipWaiting());
workbox.core.clientsClaim();
cleanupOutdatedCaches();

// Pages first, before the precache's own route would answer `/` from its copy of index.html.
registerRoute(new NavigationRoute(new NetworkFirst({ cacheName: 'pages', networkTimeoutSeconds })));
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(({ url }) => isEntryPoint(url), new NetworkFirst({ cacheName: 'entry-points', networkTimeoutSeconds }));
// Wherever a remote is deployed (the gateway's /remotes/<name>/, or its team's own address): its
// scripts and styles named by their content. A remote on another origin without CORS answers opaquely,
// and is not kept: an opaque answer may be an error.
registerRoute(
  ({ request, url }) => ['script', 'style'].includes(request.destination) && contentHashed.test(url.pathname) && !url.pathname.startsWith('/v1/'),
  new CacheFirst({
    cacheName: 'remote-chunks',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 24 * 60 * 60 })],
  }),
);
// The files of the days downloaded (platform offline/day-downloads.ts): only ever from their cache.
// A range asked of one (the <video> may ask) is cut from the whole file kept.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/offline/'),
  new CacheOnly({ cacheName: 'offline-days', plugins: [new RangeRequestsPlugin()] }),
);
registerRoute(
  ({ request }) => request.destination === 'font',
  new CacheFirst({ cacheName: 'fonts', plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 30 })] }),
);

// A page never visited, asked for offline: the shell's page, which says what works offline.
setCatchHandler(async ({ request }) => (request.mode === 'navigate' ? ((await matchPrecache('/index.html')) ?? Response.error()) : Response.error()));

// A reminder pushed by the platform (auth's Web Push): shown as a notification; a tap opens its page,
// or brings forward a window already on it.
self.addEventListener('push', (event) => {
  const message = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(message.title ?? 'Сургалтын платформ', {
      body: message.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'mn',
      data: { url: message.url ?? '/me' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/me', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    })(),
  );
});

// Progress heard or scored offline, sent once the connection is back, with the token it was made
// with; what the server still refuses (an expired token) waits for the next page to send it.
self.addEventListener('sync', (event) => {
  if (event.tag !== offlineProgress.progressSyncTag) return;
  event.waitUntil(
    offlineProgress.flushReports((report) => report.authorization).then(({ waiting }) => {
      // The browser tries the sync again later while something could not be sent.
      if (waiting > 0) throw new Error(`${waiting} progress reports still wait`);
    }),
  );
});
