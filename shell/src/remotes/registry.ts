// Finds the remotes at run time: the gateway's /remotes.json names each remote's mf-manifest.json
// (set by the gateway's configuration), so a remote is redeployed without rebuilding the shell.
// Loads go through the bundler's own federation runtime, so React and the platform stay singletons.
// No shared module is imported here: the entry (index.ts) uses it before the async boundary.
import { loadRemote, preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import { ownerOf } from './ownership';
import type { RemoteRoutesModule } from './RemoteArea';

export const remoteManifestUrl = '/remotes.json';

// First layer of the remote failure handling (DESIGN.md): a manifest or entry that fails is tried
// twice more, a second apart, before loadRemote rejects and the area's error boundary shows.
registerPlugins([RetryPlugin({ fetch: { retryTimes: 2 }, script: { retryTimes: 2, retryDelay: 1000 } })]);

let registration: Promise<void> | null = null;

/** Fetches /remotes.json and registers its remotes, once; a failure is not remembered, so Retry fetches again. */
export function registerRemotesFromGateway(): Promise<void> {
  registration ??= fetchRemoteEntries()
    .then((entries) => registerRemotes(entries))
    .catch((error: unknown) => {
      registration = null;
      throw error;
    });
  return registration;
}

async function fetchRemoteEntries(): Promise<{ name: string; entry: string }[]> {
  // The gateway answers it with Cache-Control: no-cache, so the browser revalidates it; a fetch with
  // its own cache mode would not take the copy index.html preloads.
  const response = await fetch(remoteManifestUrl, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${remoteManifestUrl} answered ${response.status}`);
  const listed = (await response.json()) as Record<string, unknown>;
  return Object.entries(listed)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([name, entry]) => ({ name, entry: new URL(entry, window.location.origin).href }));
}

/**
 * Starts a first visit's remote while the shell's own chunks still download, instead of after
 * them: /remotes.json, then the remote's mf-manifest.json, then its remoteEntry.js and the first
 * chunks of its routes as <link rel="preload"> (fetched, not run: the remote runs when its area
 * renders, once the shell's shared modules are loaded). A failure is left to the area, which loads
 * again and shows the friendly error. The admin remote waits for the admin check.
 */
export function preloadRemoteOf(pathname: string): void {
  const owner = ownerOf(pathname);
  registerRemotesFromGateway()
    .then(async () => {
      if (owner && !owner.isAdminOnly) {
        await preloadRemote([{ nameOrAlias: owner.remote, exposes: ['./routes'], resourceCategory: 'sync', share: false, depsRemote: false }]);
      }
    })
    .catch(() => undefined);
}

/** The route tree a remote exposes as '<name>/routes'. */
export async function loadRemoteRoutes(remote: string): Promise<RemoteRoutesModule> {
  await registerRemotesFromGateway();
  const module = await loadRemote<RemoteRoutesModule>(`${remote}/routes`);
  if (!module?.default) throw new Error(`The remote '${remote}' exposes no routes`);
  return module;
}
