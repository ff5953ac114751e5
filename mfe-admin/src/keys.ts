// The admin screens' own keys in the shared query client. The bundle lists' keys are
// @learning/platform's (lessonsKey, monsterplansKey), shared with the learner pages, so a change
// made here shows there at once.
export const usersKey = ['admin', 'users'] as const;
export const requestsKey = (kind: 'lesson' | 'monsterplan') => ['admin', `${kind}-requests`] as const;
export const videosKey = (kind: 'lesson' | 'monsterplan') => ['admin', `${kind}-videos`] as const;
export const examResultsKey = ['admin', 'exam-results'] as const;
export const aloudsKey = ['admin', 'alouds'] as const;
export const refundsKey = ['admin', 'refunds'] as const;
export const aloudTimelinessKey = ['admin', 'aloud-timeliness'] as const;
export const learnerKey = (userId: string) => ['admin', 'learner', userId] as const;
export const paymentsKey = ['admin', 'payments'] as const;
