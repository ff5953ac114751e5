// Test helpers for component tests of the shell and the remotes: a screen rendered with a fresh
// query client, i18n in Mongolian and a memory router at the given address, and a stand-in for
// the gateway's answers. Not part of the shared bundle (a separate entry of the package).
import type { auth } from '@learning/contracts';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { setRuntimeConfig } from './config';
import { i18n } from './i18n';
import { PlatformProvider } from './PlatformProvider';
import { createQueryClient } from './query';
import { tokenStore } from './token';

export function renderWithPlatform(ui: ReactElement, { route = '/' }: { route?: string } = {}): RenderResult & { queryClient: ReturnType<typeof createQueryClient> } {
  if (i18n.language !== 'mn') void i18n.changeLanguage('mn');
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } });
  const result = render(
    <PlatformProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <CurrentAddress />
      </MemoryRouter>
    </PlatformProvider>,
  );
  return { ...result, queryClient };
}

/** The router's address, for assertions: screen.getByTestId('address'). */
function CurrentAddress() {
  const location = useLocation();
  return (
    <output data-testid="address" hidden>
      {location.pathname + location.search}
    </output>
  );
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = FakeAnswer | ((call: FakeCall) => FakeAnswer);

/**
 * A fetch that answers like the gateway: keys are 'METHOD /path' (query ignored); anything else is
 * a 404 with the usual error body. `calls` records what the page sent.
 */
export function fakeGateway(answers: Record<string, Answer>, { payloadSecret = null }: { payloadSecret?: string | null } = {}) {
  setRuntimeConfig({ payloadSecret });
  const calls: FakeCall[] = [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const call: FakeCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      headers: { ...(init.headers as Record<string, string>) },
    };
    calls.push(call);
    const answer = answers[`${call.method} ${call.path}`];
    const { status = 200, body, headers = {} } = typeof answer === 'function' ? answer(call) : (answer ?? { status: 404, body: { message: 'Олдсонгүй.', code: 'not_found' } });
    return fakeResponse(status, body, headers);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

function fakeResponse(status: number, body: unknown, headers: Record<string, string>): Response {
  const lowerCased = Object.fromEntries(Object.entries({ 'content-type': 'application/json', ...headers }).map(([name, value]) => [name.toLowerCase(), value]));
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => lowerCased[name.toLowerCase()] ?? null },
    text: async () => text,
    json: async () => JSON.parse(text),
  } as unknown as Response;
}

/** A learner as GET /v1/auth/me answers it, with no grants unless given. */
export function aUser(overrides: Partial<auth.User> = {}): auth.User {
  return {
    _id: 'u1',
    name: 'Бат',
    email: 'bat@example.com',
    googleId: null,
    isAdmin: false,
    monsterplans: [],
    pendingMonsterplans: [],
    lessons: [],
    pendingLessons: [],
    monsterplanExam: [],
    ...overrides,
  };
}

/**
 * Installs a stand-in gateway as the page's fetch, with a session: for a user, a stored token that
 * GET /v1/auth/me accepts (answers may replace it, e.g. to change the user after a request); for
 * null, a guest.
 */
export function fakeSession(user: auth.User | null, answers: Record<string, Answer> = {}) {
  localStorage.clear();
  if (user) tokenStore.set(`token-of-${user._id}`);
  const gateway = fakeGateway({
    'GET /v1/auth/me': user ? { body: user } : { status: 401, body: { message: 'Нэвтэрнэ үү.', code: 'unauthenticated' } },
    ...answers,
  });
  globalThis.fetch = gateway.fetch;
  return gateway;
}
