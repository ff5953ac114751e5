// The downloaded days as the pages see them, in the shared query client: the "Татаж авсан" list, the
// plan page's download button and its offline player read the same answer, refreshed after a change.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { loadRuntimeConfig } from '../config';
import type { auth } from '@learning/contracts';
import { downloadedDays, keptBytes, removeDownload, removeExpiredDownloads } from './day-downloads';
import { canKeepOffline } from './offline-store';

export const downloadsKey = ['offline', 'downloads'] as const;

/** What the pages keep offline (/config.json): how many days a download stays, and the budget in bytes. */
export function useOfflineKeeping() {
  return useQuery({
    queryKey: ['offline', 'keeping'],
    queryFn: async () => {
      const { offline } = await loadRuntimeConfig();
      return { days: offline.days, budgetBytes: offline.budgetMb * 1_000_000 };
    },
    // /config.json answers offline from the service worker's copy.
    networkMode: 'offlineFirst',
    staleTime: Infinity,
  });
}

/** One learner's downloaded days (none while `userId` is null), and what this browser keeps in all. */
export function useDownloadedDays(userId: string | null) {
  return useQuery({
    queryKey: [...downloadsKey, userId],
    queryFn: async () => ({ days: userId ? await downloadedDays(userId) : [], keptBytes: await keptBytes() }),
    // Read from this browser, never from the network: offline too.
    networkMode: 'always',
    staleTime: Infinity,
  });
}

export function useRemoveDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDownload,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: downloadsKey }),
  });
}

/**
 * Removes what may no longer be kept once the page has the learner from the server: downloads older
 * than OFFLINE_DAYS, and those of a plan whose access was revoked. Runs once per user the page shows.
 */
export function useKeepOnlyValidDownloads(user: auth.User | null | undefined): void {
  const queryClient = useQueryClient();
  const userId = user?._id ?? null;
  const plans = user?.monsterplans.join(' ') ?? '';
  const days = useOfflineKeeping().data?.days;
  useEffect(() => {
    if (user === undefined || days === undefined) return;
    let isCurrent = true;
    void removeExpiredDownloads(user, days)
      .then((removed) => {
        if (isCurrent && removed > 0) void queryClient.invalidateQueries({ queryKey: downloadsKey });
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
    // The user is followed by who they are and which plans they hold.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, plans, days, queryClient]);
}

/**
 * Whether a day can be downloaded here: the browser keeps files and a service worker controls the
 * page to answer them offline (from the second visit of an installed site, or once it has claimed it).
 */
export function useCanDownload(): boolean {
  const [isControlled, setControlled] = useState(() => canKeepOffline() && navigator.serviceWorker.controller !== null);
  useEffect(() => {
    if (!canKeepOffline()) return;
    const follow = () => setControlled(navigator.serviceWorker.controller !== null);
    navigator.serviceWorker.addEventListener('controllerchange', follow);
    follow();
    return () => navigator.serviceWorker.removeEventListener('controllerchange', follow);
  }, []);
  return isControlled;
}
