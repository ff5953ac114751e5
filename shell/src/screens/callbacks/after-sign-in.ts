// Where a learner goes once signed in: where they were going, unless their password no longer keeps
// the rule (`mustChangePassword`); then first to /me/password, which goes on there afterwards.
import type { User } from '@learning/platform';

/** `target` is a path on this site (continueTarget's answer). */
export function afterSignInPath(user: Pick<User, 'mustChangePassword'> | null | undefined, target: string): string {
  return user?.mustChangePassword ? `/me/password?continue=${encodeURIComponent(target)}` : target;
}
