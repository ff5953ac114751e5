// The Monster plans as the learner pages see them: the access rules of spec section 4 as plain
// functions of the current user (the calls themselves are @learning/platform's queries).
import { isExamOffered, type catalog, type exam, type PlanProgress } from '@learning/contracts';
import type { AccessState, User } from '@learning/platform';

/** The notice a plan detail leaves on the list when it could not be loaded (spec section 8: back to the list). */
export const planNotOpened = 'planNotOpened';


/** Spec section 4: not requested, then pending (in the user's pending list), then approved (in the user's plans). */
export function monsterplanAccess(monsterplanId: string, user: User | null | undefined): AccessState {
  if (user?.monsterplans.includes(monsterplanId)) return 'approved';
  if (user?.pendingMonsterplans.includes(monsterplanId)) return 'pending';
  return 'not-requested';
}

/** Spec section 2: an inactive plan shows no request button. */
export function canRequest(plan: Pick<catalog.Monsterplan, 'isActive'>, access: AccessState): boolean {
  return plan.isActive && access === 'not-requested';
}

/** The exam result the learner already has for this plan (the exam can be taken once). */
export function examResultOf(monsterplanId: string, user: User | null | undefined) {
  return user?.monsterplanExam.find((result) => result.id === monsterplanId);
}

/** The way to the exam a plan offers its learner: to take it, to go on with the attempt under way, or none. */
export type ExamEntry = 'take' | 'continue' | null;

/**
 * Spec section 4, the exam taken once by an approved learner of a plan with its exam switched on. An
 * attempt under way goes on even when the bank has shrunk since it began (its questions were drawn
 * then); a new one is offered only while the bank can fill an exam. `attempt` is where it stands as
 * far as the page knows (the server's word, or this browser's flag), undefined when nothing is known.
 */
export function examEntryOf(
  plan: Pick<catalog.Monsterplan, '_id' | 'exam' | 'examQuestions'>,
  user: User | null | undefined,
  attempt: exam.ExamAttempt['status'] | undefined,
): ExamEntry {
  if (!plan.exam || monsterplanAccess(plan._id, user) !== 'approved' || examResultOf(plan._id, user) || attempt === 'finished') return null;
  if (attempt === 'in-progress') return 'continue';
  return isExamOffered(plan) ? 'take' : null;
}

/** The share of the plan heard from which the exam is the page's first call to action. */
export const examReadyShare = 0.8;

/** Has the learner heard most of the plan (by its real length), so that the exam comes first? */
export function isReadyForExam(progress: Pick<PlanProgress, 'listenedSeconds' | 'totalSeconds'> | null | undefined): boolean {
  return !!progress && progress.totalSeconds > 0 && progress.listenedSeconds / progress.totalSeconds >= examReadyShare;
}
