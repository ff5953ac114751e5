// The lesson bundles as the learner pages see them: the access rule of spec section 4 as a plain
// function of the current user (the calls themselves are @learning/platform's queries).
import type { catalog } from '@learning/contracts';
import type { AccessState, User } from '@learning/platform';

/** The notice a lesson detail leaves on the list when it could not be loaded (spec section 8: back to the list). */
export const lessonNotOpened = 'lessonNotOpened';

/**
 * Spec section 4: approved when every video of the bundle is among the user's lessons (approved video
 * ids); pending when the bundle is in the user's pending list; otherwise not requested.
 */
export function lessonAccess(lesson: Pick<catalog.Lesson, '_id' | 'videos'>, user: User | null | undefined): AccessState {
  if (user && lesson.videos.length > 0 && lesson.videos.every((videoId) => user.lessons.includes(videoId))) return 'approved';
  if (user?.pendingLessons.includes(lesson._id)) return 'pending';
  return 'not-requested';
}

/**
 * How the dialog was reached, in the address's state: from the list (Back returns there), and how many
 * lessons were chosen in it since, each an entry of the history, so closing steps back over them all.
 */
export interface DialogState {
  fromList?: boolean;
  chosenSince?: number;
}

export function dialogStateOf(state: unknown): DialogState {
  return typeof state === 'object' && state !== null ? (state as DialogState) : {};
}
