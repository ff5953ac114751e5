// Shared set-up of the admin screens' tests: an administrator's session, bundles, plans, requests
// and videos as the services answer them, and the remote rendered at an address.
import { catalog } from '@learning/contracts';
import { aUser, fakeSession, renderWithPlatform, type FakeCall } from '@learning/platform/testing';
import { useCurrentUser } from '@learning/platform';
import { screen } from '@testing-library/react';
import AdminRoutes from '../src/routes';

export const admin = aUser({ _id: 'admin', name: 'Админ', email: 'admin@example.com', isAdmin: true });

type Answers = Parameters<typeof fakeSession>[1];

/** The administrator signed in, with the answers given (empty lists for anything a screen loads besides). */
export function adminSession(answers: Answers = {}, options: { holdUploads?: boolean } = {}) {
  return fakeSession(
    admin,
    {
      'GET /v1/lessons': { body: [] },
      'GET /v1/monsterplans': { body: [] },
      'GET /v1/lesson-requests': { body: { result: [], total: 0 } },
      'GET /v1/monsterplan-requests': { body: { result: [], total: 0 } },
      'GET /v1/lesson-requests/total-new-requests': { body: { count: 0 } },
      'GET /v1/monsterplan-requests/total-new-requests': { body: { count: 0 } },
      'GET /v1/files/lesson-videos': { body: { result: [], total: 0 } },
      'GET /v1/files/monsterplan-videos': { body: { result: [], total: 0 } },
      'GET /v1/monsterplans/exam-results': { body: { result: [], total: 0 } },
      'GET /v1/monsterplans/aloud': { body: { result: [], total: 0 } },
      'GET /v1/payments': { body: { result: [], total: 0 } },
      ...answers,
    },
    options,
  );
}

/** `inBrowser`: in jsdom's own history, for the browser's Back (window.history.back()). */
export function renderAdmin(route: string, { inBrowser = false }: { inBrowser?: boolean } = {}) {
  return renderWithPlatform(
    <>
      <SessionProbe />
      <AdminRoutes />
    </>,
    { route, inBrowser },
  );
}

/** What the shell's side menu does on every page: it watches the current user. */
function SessionProbe() {
  useCurrentUser();
  return null;
}

export const address = () => screen.getByTestId('address');

/** A server-paged answer: the page the call asked for, out of `items`. */
export function pagedFrom<Item>(items: Item[]) {
  return (call: FakeCall) => {
    const perPage = Number(call.query.perPage ?? 10);
    const currentPage = Number(call.query.currentPage ?? 1);
    return { body: { result: items.slice((currentPage - 1) * perPage, currentPage * perPage), total: items.length } };
  };
}

export function aVideo(id: string, name = `Видео ${id}`, overrides: Record<string, unknown> = {}) {
  return { _id: id, name, translateUrl: '', isPublished: true, hasSubtitle: false, ...overrides };
}

export function aLesson(overrides: Partial<catalog.Lesson> = {}): catalog.Lesson {
  const _id = overrides._id ?? 'l1';
  return catalog.lesson.parse({
    _id,
    name: 'Англи хэл 1',
    price: '49000',
    earlyPrice: null,
    earlyPriceUntil: null,
    videos: [`${_id}-v1`],
    populatedVideos: [{ _id: `${_id}-v1`, name: 'Танилцуулга', url: null }],
    paymentInstructions: '',
    ...overrides,
  });
}

export function aPlan(overrides: Partial<catalog.Monsterplan> = {}): catalog.Monsterplan {
  const _id = overrides._id ?? 'p1';
  return catalog.monsterplan.parse({
    _id,
    name: 'Monster plan 1',
    price: '49000',
    earlyPrice: null,
    earlyPriceUntil: null,
    videos: ['mv1', 'mv2'],
    isActive: true,
    exam: false,
    examQuestions: { count: 0, needed: 40 },
    paymentInstructions: '',
    releaseDaily: false,
    populatedVideos: [
      {
        week: 1,
        videos: [
          { _id: 'mv1', name: 'Өглөө', dayOfWeek: 1, translateUrl: '', monsterWords: 'morning' },
          { _id: 'mv2', name: 'Дэлгүүрт', dayOfWeek: 2, translateUrl: '', monsterWords: '' },
        ],
      },
    ],
    ...overrides,
  });
}

/** A request nobody has paid for: no payment, no open QPay invoice, nothing flagged. */
const notPaidYet = { payment: null, openInvoice: null, flaggedPayments: [] } as const;

export function aLessonRequest(id: string, overrides: Partial<catalog.LessonRequest> = {}): catalog.LessonRequest {
  return catalog.lessonRequest.parse({
    _id: id,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    user: { _id: `user-of-${id}`, email: `${id}@example.com` },
    lesson: { _id: 'l1', name: 'Англи хэл 1', videos: ['l1-v1', 'l1-v2'] },
    isApproved: false,
    price: '49000',
    ...notPaidYet,
    ...overrides,
  });
}

export function aMonsterplanRequest(id: string, overrides: Partial<catalog.MonsterplanRequest> = {}): catalog.MonsterplanRequest {
  return catalog.monsterplanRequest.parse({
    _id: id,
    createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    user: { _id: `user-of-${id}`, email: `${id}@example.com` },
    monsterplan: { _id: 'p1', name: 'Monster plan 1', videos: ['mv1'] },
    isApproved: false,
    price: '49000',
    ...notPaidYet,
    ...overrides,
  });
}

export const callsTo = (calls: FakeCall[], method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);

/**
 * What a screen's 'CSV татах' does in the browser, caught: each fetch of a `.csv` (its address and
 * headers) is answered with `file` under `fileName`, and each file the page saves is the object URL
 * and the name its link was clicked with. `restore` puts the link's click back.
 */
export function catchCsvDownloads(file: Blob, fileName: string) {
  const asked: Array<{ url: string; headers: Record<string, string> }> = [];
  const saved: Array<{ href: string; download: string }> = [];
  const objectUrls: Blob[] = [];
  const fakeFetch = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    if (!url.split('?')[0]!.endsWith('.csv')) return fakeFetch(input, init);
    asked.push({ url, headers: init.headers as Record<string, string> });
    return { ok: true, status: 200, headers: new Headers({ 'content-disposition': `attachment; filename="${fileName}"` }), blob: async () => file } as unknown as Response;
  }) as typeof fetch;
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
  Object.assign(URL, { createObjectURL: (blob: Blob) => (objectUrls.push(blob), `blob:http://localhost/csv-${objectUrls.length}`), revokeObjectURL: jest.fn() });
  return { asked, saved, objectUrls, restore: () => click.mockRestore() };
}
