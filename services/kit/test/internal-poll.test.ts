// The poll that keeps what events carry while the broker is away (auth's revocations here; the
// catalog's accesses alike): it asks at once and then every interval, passes the cursor of the last
// answer on, keeps asking after a failure or an answer it cannot read, and stops.
import { jest } from '@jest/globals';
import { startInternalPoll, type InternalPollOptions } from '../src/http/internal-poll.js';
import { revocationsAnswer, type RevocationsAnswer } from '../src/auth/revocations.js';
import { createLogger } from '../src/observability/index.js';

const url = 'http://auth.test/internal/revocations';
const logger = createLogger('poll-test', 'silent');
const expiresAt = '2030-01-01T00:00:00.000Z';

function answerOf(cursor: string | null, tokenIds: string[] = []): RevocationsAnswer {
  return { tokens: tokenIds.map((tokenId) => ({ tokenId, expiresAt })), users: [], cursor };
}

/** A stand-in for auth: answers each call with the next of `answers` (a number is a status), and keeps what it was asked. */
function fakeAuth(answers: Array<RevocationsAnswer | number | Error | object>) {
  const asked: Array<{ url: string; authorization: string | undefined }> = [];
  const fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    asked.push({ url: String(input), authorization: (init?.headers as Record<string, string> | undefined)?.authorization });
    const next = answers.shift() ?? answerOf(null);
    if (next instanceof Error) throw next;
    if (typeof next === 'number') return new Response('{}', { status: next });
    return Response.json(next);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, asked };
}

/** The poll of revocations as the kit starts it, with what a test sets. */
function startRevocationPoll(options: Omit<InternalPollOptions<RevocationsAnswer>, 'answer' | 'what'>) {
  return startInternalPoll({ ...options, answer: revocationsAnswer, what: 'revocations from auth' });
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('asks auth at once, then every interval, passing on the cursor of the last answer', async () => {
  const auth = fakeAuth([answerOf('2026-01-01T00:00:01.000Z', ['a']), answerOf('2026-01-01T00:00:02.000Z', ['b']), answerOf('2026-01-01T00:00:02.000Z')]);
  const applied: string[][] = [];
  const poll = startRevocationPoll({ url, intervalMs: 5000, logger, fetch: auth.fetch, apply: async (answer) => void applied.push(answer.tokens.map((t) => t.tokenId)) });

  await jest.advanceTimersByTimeAsync(0);
  expect(auth.asked.map((call) => call.url)).toEqual([url]);
  expect(applied).toEqual([['a']]);

  await jest.advanceTimersByTimeAsync(4999);
  expect(auth.asked).toHaveLength(1);
  await jest.advanceTimersByTimeAsync(1);
  expect(auth.asked[1]!.url).toBe(`${url}?after=${encodeURIComponent('2026-01-01T00:00:01.000Z')}`);
  expect(applied).toEqual([['a'], ['b']]);

  await jest.advanceTimersByTimeAsync(5000);
  expect(auth.asked[2]!.url).toBe(`${url}?after=${encodeURIComponent('2026-01-01T00:00:02.000Z')}`);
  await poll.stop();
});

it('keeps asking, from the same cursor, after auth failed to answer or refused', async () => {
  const auth = fakeAuth([answerOf('2026-01-01T00:00:01.000Z'), new Error('connection refused'), 503, answerOf('2026-01-01T00:00:03.000Z', ['c'])]);
  const applied: string[][] = [];
  const poll = startRevocationPoll({ url, intervalMs: 5000, logger, fetch: auth.fetch, apply: async (answer) => void applied.push(answer.tokens.map((t) => t.tokenId)) });

  await jest.advanceTimersByTimeAsync(15_000);
  expect(auth.asked).toHaveLength(4);
  expect(auth.asked.slice(1).map((call) => new URL(call.url).searchParams.get('after'))).toEqual(Array(3).fill('2026-01-01T00:00:01.000Z'));
  expect(applied).toEqual([[], ['c']]);
  await poll.stop();
});

it('keeps the cursor when the answer could not be applied, so the same revocations are asked for again', async () => {
  const auth = fakeAuth([answerOf('2026-01-01T00:00:01.000Z', ['a']), answerOf('2026-01-01T00:00:01.000Z', ['a'])]);
  let isDatabaseAway = true;
  const applied: string[][] = [];
  const poll = startRevocationPoll({
    url,
    intervalMs: 5000,
    logger,
    fetch: auth.fetch,
    apply: async (answer) => {
      if (isDatabaseAway) throw new Error('database away');
      applied.push(answer.tokens.map((t) => t.tokenId));
    },
  });
  await jest.advanceTimersByTimeAsync(0);
  isDatabaseAway = false;
  await jest.advanceTimersByTimeAsync(5000);
  expect(auth.asked[1]!.url).toBe(url);
  expect(applied).toEqual([['a']]);
  await poll.stop();
});

it('keeps asking, from the same cursor, after an answer that is not of the call', async () => {
  const auth = fakeAuth([answerOf('2026-01-01T00:00:01.000Z'), { accesses: [], cursor: '2026-01-01T00:00:09.000Z' }, answerOf('2026-01-01T00:00:02.000Z', ['b'])]);
  const applied: string[][] = [];
  const poll = startRevocationPoll({ url, intervalMs: 5000, logger, fetch: auth.fetch, apply: async (answer) => void applied.push(answer.tokens.map((t) => t.tokenId)) });
  await jest.advanceTimersByTimeAsync(10_000);
  expect(auth.asked.map((call) => new URL(call.url).searchParams.get('after'))).toEqual([null, '2026-01-01T00:00:01.000Z', '2026-01-01T00:00:01.000Z']);
  expect(applied).toEqual([[], ['b']]);
  await poll.stop();
});

it('presents the internal token as a bearer token when one is set', async () => {
  const auth = fakeAuth([answerOf(null)]);
  const poll = startRevocationPoll({ url, token: 'a-shared-internal-token', intervalMs: 5000, logger, fetch: auth.fetch, apply: async () => undefined });
  await jest.advanceTimersByTimeAsync(0);
  expect(auth.asked[0]!.authorization).toBe('Bearer a-shared-internal-token');
  await poll.stop();
});

it('asks no more once stopped', async () => {
  const auth = fakeAuth([]);
  const poll = startRevocationPoll({ url, intervalMs: 5000, logger, fetch: auth.fetch, apply: async () => undefined });
  await jest.advanceTimersByTimeAsync(0);
  await poll.stop();
  await jest.advanceTimersByTimeAsync(60_000);
  expect(auth.asked).toHaveLength(1);
});
