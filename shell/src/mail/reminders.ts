// The learner's reminders (daily, read-aloud) and this device's Web Push subscription, in the shared query client.
import type { auth } from '@learning/contracts';
import { api, useMutation, useQuery, useQueryClient } from '@learning/platform';

export const remindersKey = ['reminders'] as const;
const pushDeviceKey = ['reminders', 'this-device'] as const;

/** GET /v1/auth/reminders. */
export function useReminderSettings() {
  return useQuery({
    queryKey: remindersKey,
    queryFn: ({ signal }) => api.get<auth.ReminderSettings>('/v1/auth/reminders', undefined, signal),
    staleTime: 0,
  });
}

/** PUT /v1/auth/reminders. */
export function useChangeReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: auth.ReminderSettingsBody) => api.put<auth.ReminderSettings>('/v1/auth/reminders', settings),
    onSuccess: (answer) => queryClient.setQueryData(remindersKey, answer),
  });
}

/** Whether this browser can take Web Push at all: a service worker and the Push API (an iPhone only once added to the home screen). */
export const canPush = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** This device's subscription, if it has one; undefined while it is asked. */
export function useThisDevice() {
  return useQuery({
    queryKey: pushDeviceKey,
    queryFn: async () => {
      if (!canPush()) return null;
      const registration = await navigator.serviceWorker.getRegistration();
      return (await registration?.pushManager.getSubscription()) ?? null;
    },
    staleTime: Infinity,
  });
}

/** A refusal the learner can act on, in their words. */
export class PushRefused extends Error {
  constructor(readonly reason: 'denied' | 'off') {
    super(reason);
  }
}

/** Asks the learner's permission, subscribes this device with the platform's key, and tells auth. */
export function useSubscribeThisDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { publicKey } = await api.get<auth.PushKey>('/v1/auth/push-key');
      if (!publicKey) throw new PushRefused('off');
      if ((await Notification.requestPermission()) !== 'granted') throw new PushRefused('denied');
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      await api.put('/v1/auth/push-subscriptions', subscription.toJSON());
      return subscription;
    },
    onSuccess: (subscription) => queryClient.setQueryData(pushDeviceKey, subscription),
  });
}

/** Ends this device's subscription, at the browser and at auth. */
export function useUnsubscribeThisDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subscription: PushSubscription) => {
      await api.delete('/v1/auth/push-subscriptions', { endpoint: subscription.endpoint }).catch(() => undefined);
      await subscription.unsubscribe();
    },
    onSuccess: () => queryClient.setQueryData(pushDeviceKey, null),
  });
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
