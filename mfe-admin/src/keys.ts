// The admin screens' keys in the shared query client. The bundle lists use the learner pages' keys
// (mfe-lessons, mfe-monster), so a change made here shows there at once.
export const lessonsKey = ['lessons'] as const;
export const monsterplansKey = ['monsterplans'] as const;
export const usersKey = ['admin', 'users'] as const;
export const requestsKey = (kind: 'lesson' | 'monsterplan') => ['admin', `${kind}-requests`] as const;
export const videosKey = (kind: 'lesson' | 'monsterplan') => ['admin', `${kind}-videos`] as const;
export const examResultsKey = ['admin', 'exam-results'] as const;
export const aloudsKey = ['admin', 'alouds'] as const;
