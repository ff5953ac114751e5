// A learner's request to join (spec sections 4 and 8): the bundle reads pending as soon as the request
// is answered, even while /v1/auth/me (which learns of it through an event) still shows the older
// state, and the user is reloaded until the server shows it too. A visitor who is not signed in goes
// to sign in with the request in `continue`, and the bundle's page sends it once on their return.
import { hasRequestIntent, Route, Routes, useAccessRequest, useCurrentUser, useRequestOnReturn } from '@learning/platform';
import { aUser, fakeSession, renderWithPlatform } from '@learning/platform/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';

afterEach(() => jest.useRealTimers());

const planFamily = {
  path: '/v1/monsterplan-requests',
  pendingIn: 'pendingMonsterplans' as const,
  idOf: (body: { monsterplan: string }) => body.monsterplan,
  pageOf: (id: string) => `/product-monster-plan/${id}`,
};
const address = () => screen.getByTestId('address');
const signInFor = (continueUrl: string) => `/signin?continue=${encodeURIComponent(continueUrl)}`;
const requestsIn = (calls: Array<{ method: string; path: string }>) => calls.filter((call) => call.method === 'POST' && call.path === '/v1/monsterplan-requests');

function PlanRequest() {
  const { user } = useCurrentUser();
  const request = useAccessRequest<{ monsterplan: string }>(planFamily);
  if (!user) return null;
  return (
    <>
      <p>pending: {user.pendingMonsterplans.join(', ') || 'none'}</p>
      <button type="button" onClick={() => request.mutate({ monsterplan: 'p1' })}>
        request
      </button>
    </>
  );
}

it('shows the bundle pending at once, keeps it while /v1/auth/me lags behind, and reloads until the server shows it', async () => {
  let meAnswers = 0;
  let isKnownToAuth = false;
  fakeSession(aUser(), {
    'GET /v1/auth/me': () => {
      meAnswers++;
      return { body: aUser({ pendingMonsterplans: isKnownToAuth ? ['p1'] : [] }) };
    },
    'POST /v1/monsterplan-requests': { status: 201, body: { _id: 'r1' } },
  });
  // The rechecks are the hook's timer: fake timers move it on (waitFor advances them too).
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderWithPlatform(<PlanRequest />);
  await user.click(await screen.findByRole('button', { name: 'request' }));

  expect(await screen.findByText('pending: p1')).toBeInTheDocument();
  // auth has not heard of it yet: the answers so far do not take the pending state away.
  await waitFor(() => expect(meAnswers).toBeGreaterThanOrEqual(2), { timeout: 3000 });
  expect(screen.getByText('pending: p1')).toBeInTheDocument();

  isKnownToAuth = true;
  const answersBefore = meAnswers;
  await waitFor(() => expect(meAnswers).toBeGreaterThan(answersBefore), { timeout: 3000 });
  // Once the server agrees, the reloading stops: a few of its intervals later, no answer more.
  const settled = meAnswers;
  await act(() => jest.advanceTimersByTimeAsync(3000));
  expect(meAnswers).toBe(settled);
  expect(screen.getByText('pending: p1')).toBeInTheDocument();
});

/** A request button as a page has it, for a guest as well. */
function GuestRequest({ id = 'p1' }: { id?: string }) {
  const request = useAccessRequest<{ monsterplan: string }>(planFamily);
  return (
    <button type="button" onClick={() => request.mutate({ monsterplan: id })}>
      request
    </button>
  );
}

it("sends a guest to sign in without a call, with continue = the plan's page and the request to send (?request=<id>)", async () => {
  const gateway = fakeSession(null);
  renderWithPlatform(<GuestRequest />, { route: '/product-monster-plan?from=home' });
  await userEvent.click(screen.getByRole('button', { name: 'request' }));
  await waitFor(() => expect(address().textContent).toBe(signInFor('http://localhost/product-monster-plan/p1?request=p1')));
  expect(requestsIn(gateway.calls)).toHaveLength(0);
});

it("keeps the plan page's own query in continue when the request was begun there", async () => {
  fakeSession(null);
  renderWithPlatform(<GuestRequest />, { route: '/product-monster-plan/p1?video=v2' });
  await userEvent.click(screen.getByRole('button', { name: 'request' }));
  await waitFor(() => expect(address().textContent).toBe(signInFor('http://localhost/product-monster-plan/p1?video=v2&request=p1')));
});

it('sends a learner whose token is refused (401) to sign in the same way', async () => {
  fakeSession(aUser(), { 'POST /v1/monsterplan-requests': { status: 401, body: { message: 'Нэвтэрнэ үү.', code: 'unauthenticated' } } });
  renderWithPlatform(<PlanRequest />, { route: '/product-monster-plan?from=home' });
  await userEvent.click(await screen.findByRole('button', { name: 'request' }));
  await waitFor(() => expect(address().textContent).toBe(signInFor('http://localhost/product-monster-plan/p1?request=p1')));
});

it('takes "asked already" (409 request_pending) as the request sent: the plan reads pending', async () => {
  fakeSession(aUser(), {
    'POST /v1/monsterplan-requests': { status: 409, body: { message: 'Таны хүсэлт илгээгдсэн байна.', code: 'request_pending' } },
  });
  renderWithPlatform(<PlanRequest />, { route: '/product-monster-plan' });
  await userEvent.click(await screen.findByRole('button', { name: 'request' }));
  expect(await screen.findByText('pending: p1')).toBeInTheDocument();
  expect(address()).toHaveTextContent(/^\/product-monster-plan$/);
});

it('tells whether a continue address carries a request begun before signing in', () => {
  expect(hasRequestIntent('http://localhost/product-monster-plan/p1?request=p1')).toBe(true);
  expect(hasRequestIntent('/product-remote-lesson/l1?request=l1')).toBe(true);
  expect(hasRequestIntent('http://localhost/me')).toBe(false);
  expect(hasRequestIntent(null)).toBe(false);
});

/** A plan's page as it uses the hook: its access, and the request sent on return. */
function PlanPage({ id }: { id: string }) {
  const { user, status } = useCurrentUser();
  const request = useAccessRequest<{ monsterplan: string }>(planFamily);
  const [sent, setSent] = useState(false);
  const access = user?.pendingMonsterplans.includes(id) ? 'pending' : 'not-requested';
  useRequestOnReturn({
    bundleId: id,
    isReady: status !== 'pending',
    canRequest: !!user && access === 'not-requested',
    request: () => request.mutate({ monsterplan: id }, { onSuccess: () => setSent(true) }),
  });
  return (
    <p>
      {access}
      {sent && ', sent'}
    </p>
  );
}

function renderPlanPage(route: string) {
  return renderWithPlatform(
    <StrictMode>
      <Routes>
        <Route path="/product-monster-plan/:id" element={<PlanPage id="p1" />} />
      </Routes>
    </StrictMode>,
    { route },
  );
}

it('sends the request begun before signing in once on return (a strict double effect included), and takes the flag out of the address so a reload does not', async () => {
  let user = aUser();
  const gateway = fakeSession(user, {
    'GET /v1/auth/me': () => ({ body: user }),
    'POST /v1/monsterplan-requests': () => {
      user = aUser({ pendingMonsterplans: ['p1'] });
      return { status: 201, body: { _id: 'r1' } };
    },
  });
  renderPlanPage('/product-monster-plan/p1?video=v2&request=p1');
  expect(await screen.findByText('pending, sent')).toBeInTheDocument();
  // The flag goes by a navigation of its own, which may render after the request's answer.
  await waitFor(() => expect(address().textContent).toBe('/product-monster-plan/p1?video=v2'));
  expect(requestsIn(gateway.calls)).toEqual([expect.objectContaining({ body: { monsterplan: 'p1' } })]);
});

it('sends nothing when the learner has asked already, or for a guest, or for another plan; the flag goes all the same', async () => {
  const asked = fakeSession(aUser({ pendingMonsterplans: ['p1'] }));
  const { unmount } = renderPlanPage('/product-monster-plan/p1?request=p1');
  await waitFor(() => expect(address().textContent).toBe('/product-monster-plan/p1'));
  expect(screen.getByText('pending')).toBeInTheDocument();
  expect(requestsIn(asked.calls)).toHaveLength(0);
  unmount();

  const guest = fakeSession(null);
  const second = renderPlanPage('/product-monster-plan/p1?request=p1');
  await waitFor(() => expect(address().textContent).toBe('/product-monster-plan/p1'));
  expect(requestsIn(guest.calls)).toHaveLength(0);
  second.unmount();

  const other = fakeSession(aUser());
  renderPlanPage('/product-monster-plan/p1?request=p2');
  await screen.findByText('not-requested');
  expect(address().textContent).toBe('/product-monster-plan/p1?request=p2');
  expect(requestsIn(other.calls)).toHaveLength(0);
});
