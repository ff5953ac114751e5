// Who may call what, as a table: each route called by a guest, the learner it concerns, another learner
// and the administrator, every status as expected and every refusal's message in Mongolian.
import type { Answer } from './platform.js';

export type Caller = 'guest' | 'learner' | 'otherLearner' | 'admin';
export const callers: Caller[] = ['guest', 'learner', 'otherLearner', 'admin'];

export const anyone = { guest: 200, learner: 200, otherLearner: 200, admin: 200 };
export const adminOnly = (status: number) => ({ guest: 401, learner: 403, otherLearner: 403, admin: status });
export const signedIn = (status: number) => ({ guest: 401, learner: status, otherLearner: status, admin: status });

export interface Route {
  method: string;
  path: string;
  /** Makes what the call needs, fresh for each caller (some calls delete what they act on). */
  prepare: () => Promise<{ path: string; body?: unknown }>;
  expected: Record<Caller, number>;
}

type Call = (method: string, path: string, options: { token?: string | undefined; body?: unknown }) => Promise<Answer>;

/** Calls the route as each caller in turn and expects the table's statuses. */
export async function expectWhoMayCall({ method, prepare, expected }: Route, call: Call, tokenOf: (caller: Caller) => string | undefined): Promise<void> {
  const seen: Record<string, number> = {};
  for (const caller of callers) {
    const { path, body } = await prepare();
    const answer = await call(method, path, { token: tokenOf(caller), body });
    seen[caller] = answer.status;
    if (answer.status >= 400) expect(answer.body.message).toMatch(/[\u0400-\u04FF]/);
  }
  expect(seen).toEqual(expected);
}
