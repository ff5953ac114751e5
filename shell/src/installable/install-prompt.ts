// Android's install prompt (Chrome's `beforeinstallprompt`), kept from the moment the browser
// offers it until the shell chooses to show it: the browser offers it once per page, early.
import { useSyncExternalStore } from 'react';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offered: InstallPromptEvent | undefined;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Listens for the browser's offer; called once at start, before the offer can come. */
export function keepInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Not shown by the browser itself: the shell offers it to a learner with an approved plan.
    event.preventDefault();
    offered = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offered = undefined;
    changed();
  });
}

/** Whether the browser offers to install the app, and the call that asks the learner. */
export function useInstallPrompt(): { canInstall: boolean; install: () => Promise<void> } {
  const event = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offered,
  );
  return {
    canInstall: event !== undefined,
    async install() {
      if (!event) return;
      await event.prompt();
      await event.userChoice;
      // The browser offers an event once: a dismissed one comes back as a new offer later, if ever.
      offered = undefined;
      changed();
    },
  };
}
