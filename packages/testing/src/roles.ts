// What the services' tests share about roles and accounts: an administrator made through the users
// screen's call and the role taken away again, an account its owner deletes, and the wait until a
// service has heard of it.
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestPlatform } from './platform.js';

export type SignedInUser = Awaited<ReturnType<TestPlatform['learner']>>;

async function expectAnswer(answer: Promise<{ status: number; body: unknown }>, status: number, what: string): Promise<void> {
  const { status: actual, body } = await answer;
  if (actual !== status) throw new Error(`${what} answered ${actual}: ${JSON.stringify(body)}`);
}

/** A learner the configured administrator made an administrator, signed in again to hold the role. */
export async function promotedAdministrator(platform: TestPlatform, name = 'Туслах админ'): Promise<SignedInUser> {
  const learner = await platform.learner(name);
  await setAdministrator(platform, learner.id, true);
  return { ...learner, token: await platform.signIn(learner.email, learner.password) };
}

/** PUT /v1/users/{id}/admin as the configured administrator. */
export async function setAdministrator(platform: TestPlatform, userId: string, isAdmin: boolean): Promise<void> {
  const token = await platform.adminToken();
  await expectAnswer(platform.call('PUT', `/v1/users/${userId}/admin`, { token, body: { isAdmin } }), 200, `setting isAdmin ${isAdmin}`);
}

/**
 * A call's answer once the service has heard of a revocation (auth's events are asynchronous): the
 * first answer whose status is not `statusBefore`, asked every 25 ms, or the last one after 15 s.
 */
export async function answerOnceHeard<Answer extends { status: number }>(call: () => Promise<Answer>, statusBefore: number): Promise<Answer> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer = await call();
    if (answer.status !== statusBefore || Date.now() > deadline) return answer;
    await sleep(25);
  }
}

/** DELETE /v1/auth/me, with the password typed again. */
export async function deleteOwnAccount(platform: TestPlatform, user: SignedInUser): Promise<void> {
  await expectAnswer(platform.call('DELETE', '/v1/auth/me', { token: user.token, body: { password: user.password } }), 204, 'deleting the account');
}
