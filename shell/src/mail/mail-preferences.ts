// Which mails a learner gets (the topics of auth.mailTopics), in the shared query client: read and
// switched one topic at a time on /me/settings, or one switched off by a mail's unsubscribe link.
import type { auth } from '@learning/contracts';
import { api, useMutation, useQuery, useQueryClient } from '@learning/platform';

/** Not under 'auth': sign-out keeps only those queries, and these are the signed-in learner's own. */
export const mailPreferencesKey = ['mail-preferences'] as const;

/** GET /v1/auth/mail-preferences: true while a topic's mails are sent. */
export function useMailPreferences() {
  return useQuery({
    queryKey: mailPreferencesKey,
    queryFn: ({ signal }) => api.get<auth.MailPreferences>('/v1/auth/mail-preferences', undefined, signal),
    staleTime: 0,
  });
}

/**
 * PUT /v1/auth/mail-preferences for one topic. The switch moves at once; a refusal puts that topic
 * back as it was, and the other topics are left to their own calls.
 */
export function useSwitchMailTopic() {
  const queryClient = useQueryClient();
  const setTopic = (topic: auth.MailTopic, isOn: boolean) =>
    queryClient.setQueryData<auth.MailPreferences>(mailPreferencesKey, (preferences) => preferences && { ...preferences, [topic]: isOn });
  return useMutation({
    mutationFn: ({ topic, isOn }: { topic: auth.MailTopic; isOn: boolean }) =>
      api.put<auth.MailPreferences>('/v1/auth/mail-preferences', { [topic]: isOn }),
    onMutate: async ({ topic, isOn }) => {
      await queryClient.cancelQueries({ queryKey: mailPreferencesKey });
      setTopic(topic, isOn);
    },
    onSuccess: (answer, { topic }) => setTopic(topic, answer[topic]),
    onError: (_error, { topic, isOn }) => setTopic(topic, !isOn),
  });
}

/** POST /v1/auth/unsubscribe: no sign-in needed; answers the topic switched off and the address. */
export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<auth.Unsubscribed>('/v1/auth/unsubscribe', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailPreferencesKey }),
  });
}
