// Test helpers for component tests of the shell and the remotes: a screen rendered with a fresh
// query client, i18n in Mongolian and a memory router (or jsdom's own history) at the given address,
// and a stand-in for the gateway's answers. Not part of the shared bundle (a separate entry of the package).
import { auth, type MyLesson, type MyMonsterplan } from '@learning/contracts';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { BrowserRouter, MemoryRouter, useLocation } from 'react-router-dom';
import { setRuntimeConfig } from './config';
import { i18n } from './i18n';
import { PlatformProvider } from './PlatformProvider';
import { createQueryClient } from './query';
import { tokenStore } from './token';

/**
 * `inBrowser` puts the screen in jsdom's own history, as the shell's BrowserRouter does: there a
 * navigation the browser refuses (an address on another origin) throws, where a memory router would
 * quietly follow it.
 */
export function renderWithPlatform(
  ui: ReactElement,
  { route = '/', inBrowser = false }: { route?: string; inBrowser?: boolean } = {},
): RenderResult & { queryClient: ReturnType<typeof createQueryClient> } {
  if (i18n.language !== 'mn') void i18n.changeLanguage('mn');
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } });
  const screen = (
    <>
      {ui}
      <CurrentAddress />
    </>
  );
  if (inBrowser) window.history.replaceState(null, '', route);
  const result = render(
    <PlatformProvider queryClient={queryClient}>
      {inBrowser ? <BrowserRouter>{screen}</BrowserRouter> : <MemoryRouter initialEntries={[route]}>{screen}</MemoryRouter>}
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

/** An upload sent through the fake gateway's XMLHttpRequest, which the test moves on by hand when uploads are held. */
export interface FakeUpload {
  call: FakeCall;
  /** Reports this much of the body as sent (0–100). */
  progress(percent: number): void;
  /** Answers it as the gateway's answers say. */
  finish(): void;
  /** The connection breaks: no answer at all. */
  fail(): void;
}

/**
 * A fetch (and an XMLHttpRequest, for uploads with progress) that answers like the gateway: keys are
 * 'METHOD /path' (query ignored); anything else is a 404 with the usual error body. `calls` records
 * what the page sent. Uploads report 50 % and 100 % and are answered on their own, unless
 * `holdUploads` is set: then each waits in `uploads` for the test to move it.
 */
export function fakeGateway(answers: Record<string, Answer>, { payloadSecret = null, holdUploads = false }: { payloadSecret?: string | null; holdUploads?: boolean } = {}) {
  setRuntimeConfig({ payloadSecret });
  const calls: FakeCall[] = [];
  const uploads: FakeUpload[] = [];
  const answerTo = (call: FakeCall): Required<Pick<FakeAnswer, 'status' | 'headers'>> & FakeAnswer => {
    calls.push(call);
    const answer = answers[`${call.method} ${call.path}`];
    const { status = 200, body, headers = {} } = typeof answer === 'function' ? answer(call) : (answer ?? { status: 404, body: { message: 'Олдсонгүй.', code: 'not_found' } });
    return { status, body, headers };
  };
  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const { status, body, headers } = answerTo({
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      headers: { ...(init.headers as Record<string, string>) },
    });
    return fakeResponse(status, body, headers);
  };
  const XMLHttpRequest = fakeXMLHttpRequest((call) => answerTo(call), (upload) => {
    uploads.push(upload);
    if (holdUploads) return;
    setTimeout(() => upload.progress(50));
    setTimeout(() => upload.progress(100));
    setTimeout(() => upload.finish());
  });
  return { fetch: fetch as typeof globalThis.fetch, XMLHttpRequest, calls, uploads };
}

function fakeXMLHttpRequest(answerTo: (call: FakeCall) => FakeAnswer, onSend: (upload: FakeUpload) => void): typeof XMLHttpRequest {
  class FakeXMLHttpRequest extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    private method = 'GET';
    private url = '';
    private readonly requestHeaders: Record<string, string> = {};
    private answerHeaders: Record<string, string> = {};
    private isDone = false;

    open(method: string, url: string) {
      this.method = method.toUpperCase();
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.requestHeaders[name.toLowerCase()] = value;
    }
    getResponseHeader(name: string): string | null {
      return this.answerHeaders[name.toLowerCase()] ?? null;
    }
    send(body: unknown) {
      const url = new URL(this.url, 'http://localhost');
      const call: FakeCall = { method: this.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body, headers: { ...this.requestHeaders } };
      const progress = (loaded: number) => this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total: 100 }));
      onSend({
        call,
        progress: (percent) => !this.isDone && progress(percent),
        finish: () => {
          if (this.isDone) return;
          this.isDone = true;
          const { status = 200, body: answer, headers = {} } = answerTo(call);
          this.status = status;
          this.responseText = answer === undefined ? '' : typeof answer === 'string' ? answer : JSON.stringify(answer);
          this.answerHeaders = Object.fromEntries(Object.entries({ 'content-type': 'application/json', ...headers }).map(([name, value]) => [name.toLowerCase(), value]));
          this.upload.dispatchEvent(new Event('load'));
          this.dispatchEvent(new Event('load'));
        },
        fail: () => {
          if (this.isDone) return;
          this.isDone = true;
          this.dispatchEvent(new Event('error'));
        },
      });
    }
    abort() {
      if (this.isDone) return;
      this.isDone = true;
      this.dispatchEvent(new Event('abort'));
    }
  }
  return FakeXMLHttpRequest as unknown as typeof XMLHttpRequest;
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

/** A learner as GET /v1/auth/me answers it, with no grants unless given; parsed by the wire's schema. */
export function aUser(overrides: Partial<auth.User> = {}): auth.User {
  return auth.user.parse({
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
    mustChangePassword: false,
    ...overrides,
  });
}

/**
 * Installs a stand-in gateway as the page's fetch, with a session: for a user, a stored token that
 * GET /v1/auth/me accepts (answers may replace it, e.g. to change the user after a request); for
 * null, a guest. The learner has paid nothing through QPay unless answers say so.
 */
export function fakeSession(user: auth.User | null, answers: Record<string, Answer> = {}, options: { holdUploads?: boolean } = {}) {
  localStorage.clear();
  if (user) tokenStore.set(`token-of-${user._id}`);
  const gateway = fakeGateway(
    {
      'GET /v1/auth/me': user ? { body: user } : { status: 401, body: { message: 'Нэвтэрнэ үү.', code: 'unauthenticated' } },
      // Nothing paid through QPay yet (the receipts /me lists).
      'GET /v1/payments/qpay/receipts': { body: { result: [] } },
      ...answers,
    },
    options,
  );
  globalThis.fetch = gateway.fetch;
  globalThis.XMLHttpRequest = gateway.XMLHttpRequest;
  return gateway;
}

/** What a plan and a bundle of GET /v1/progress/mine share: asked for (pending), nothing heard, the request recording the price. */
function anEnrolment(price: string) {
  return { access: 'pending', totalSeconds: 0, listenedSeconds: 0, status: 'not-started', price, requestPrice: price, paymentInstructions: '', continue: null } as const;
}

/** A plan of GET /v1/progress/mine: asked for (pending unless said), its request recording the plan's price unless said. */
export function aMyMonsterplan(overrides: Partial<MyMonsterplan> = {}): MyMonsterplan {
  return { _id: 'p1', name: 'Monster plan 1', ...anEnrolment(overrides.price ?? '49000'), earlyPrice: null, earlyPriceUntil: null, ...overrides };
}

/** A bundle of GET /v1/progress/mine: asked for (pending unless said), its request recording the bundle's price unless said. */
export function aMyLesson(overrides: Partial<MyLesson> = {}): MyLesson {
  return { _id: 'l1', name: 'IELTS сонсгол', ...anEnrolment(overrides.price ?? '49000'), ...overrides };
}

export interface FakePlayback {
  /** The seconds played so far, as the element's `played` TimeRanges. */
  played?: Array<[number, number]>;
  currentTime?: number;
  duration?: number;
  paused?: boolean;
}

/**
 * What jsdom's <video> cannot do by itself: a duration, a playhead, the ranges played, playing or
 * paused. Set on the element; fire its events (fireEvent.loadedMetadata, .playing, .pause) as a browser would.
 */
export function setPlayback(video: HTMLMediaElement, { played, currentTime, duration, paused }: FakePlayback): void {
  if (played) {
    const ranges = played.map(([start, end]) => [start, end] as const);
    const timeRanges = { length: ranges.length, start: (index: number) => ranges[index]![0], end: (index: number) => ranges[index]![1] };
    Object.defineProperty(video, 'played', { configurable: true, get: () => timeRanges });
  }
  if (currentTime !== undefined) Object.defineProperty(video, 'currentTime', { configurable: true, writable: true, value: currentTime });
  if (duration !== undefined) Object.defineProperty(video, 'duration', { configurable: true, value: duration });
  if (paused !== undefined) Object.defineProperty(video, 'paused', { configurable: true, value: paused });
}
