// Whether the site can reach the platform now. The browser's `navigator.onLine` says only whether the
// device has a network, not whether anything answers (a phone on a dead mobile link says it is online),
// so where the service worker answers the page (it keeps a copy of what was loaded), the shell asks
// the gateway's /healthz, which the worker never answers from its copy: at start, when the browser says
// the network changed, when the tab comes back, and every 15 s while nothing answers.
import { useSyncExternalStore } from 'react';

const recheckMs = 15_000;
const answerWithinMs = 5_000;

let isOnline = typeof navigator === 'undefined' ? true : navigator.onLine;
let recheck: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function settle(online: boolean): void {
  clearTimeout(recheck);
  if (!online) recheck = setTimeout(() => void check(), recheckMs);
  if (online === isOnline) return;
  isOnline = online;
  listeners.forEach((listener) => listener());
}

async function check(): Promise<void> {
  if (!navigator.onLine) return settle(false);
  // Without the worker, every page and file came from the network: nothing to ask.
  if (!navigator.serviceWorker?.controller) return settle(true);
  try {
    await fetch('/healthz', { method: 'HEAD', cache: 'no-store', signal: AbortSignal.timeout(answerWithinMs) });
    settle(true);
  } catch {
    settle(false);
  }
}

const checkNow = () => void check();
const checkWhenShown = () => {
  if (document.visibilityState === 'visible') void check();
};

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('online', checkNow);
    window.addEventListener('offline', checkNow);
    document.addEventListener('visibilitychange', checkWhenShown);
    void check();
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('online', checkNow);
    window.removeEventListener('offline', checkNow);
    document.removeEventListener('visibilitychange', checkWhenShown);
    clearTimeout(recheck);
  };
}

export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, () => isOnline);
}
