// Who may call what, as a table: each route called by a guest, the learner it concerns, another learner
// and the administrator, every status as expected and every refusal's message in Mongolian; and who
// may reach the services' /internal calls, which only the platform's own services make.
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

/** A service's /internal call without INTERNAL_TOKEN: a caller that a proxy relays is refused, whatever its address. */
export async function expectRelayedCallerRefused(url: string): Promise<void> {
  const relayed = await fetch(url, { headers: { 'x-forwarded-for': '203.0.113.9' } });
  expect(relayed.status).toBe(403);
  expect(await relayed.json()).toMatchObject({ code: 'internal_local_only', message: expect.stringMatching(/[\u0400-\u04FF]/) });
}

/** The gateway routes only /v1: an /internal path, even one climbing out of /v1, never gets the service's answer (`answerKey`). */
export async function expectNotRoutedByGateway(gatewayUrl: string, path: string, answerKey: string): Promise<void> {
  for (const climbing of [path, `/v1/..${path}`, `/v1/monsterplans/../..${path}`]) {
    const answer = await fetch(gatewayUrl + climbing);
    expect(await answer.text()).not.toContain(`"${answerKey}"`);
  }
}
