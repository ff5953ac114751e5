// A learner's request to join (spec sections 4 and 8): the bundle reads pending as soon as the request
// is answered, even while /v1/auth/me (which learns of it through an event) still shows the older
// state, and the user is reloaded until the server shows it too.
import { useAccessRequest, useCurrentUser } from '@learning/platform';
import { aUser, fakeSession, renderWithPlatform } from '@learning/platform/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

function PlanRequest() {
  const { user } = useCurrentUser();
  const request = useAccessRequest<{ monsterplan: string }>({ path: '/v1/monsterplan-requests', pendingIn: 'pendingMonsterplans', idOf: (body) => body.monsterplan });
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
  renderWithPlatform(<PlanRequest />);
  await userEvent.click(await screen.findByRole('button', { name: 'request' }));

  expect(await screen.findByText('pending: p1')).toBeInTheDocument();
  // auth has not heard of it yet: the answers so far do not take the pending state away.
  await waitFor(() => expect(meAnswers).toBeGreaterThanOrEqual(2), { timeout: 3000 });
  expect(screen.getByText('pending: p1')).toBeInTheDocument();

  isKnownToAuth = true;
  const answersBefore = meAnswers;
  await waitFor(() => expect(meAnswers).toBeGreaterThan(answersBefore), { timeout: 3000 });
  // Once the server agrees, the reloading stops.
  const settled = meAnswers;
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect(meAnswers).toBe(settled);
  expect(screen.getByText('pending: p1')).toBeInTheDocument();
});

it('sends a visitor whose request fails to sign in, with continue set to the current address', async () => {
  fakeSession(aUser(), { 'POST /v1/monsterplan-requests': { status: 401, body: { message: 'Нэвтэрнэ үү.', code: 'unauthenticated' } } });
  renderWithPlatform(<PlanRequest />, { route: '/product-monster-plan?from=home' });
  await userEvent.click(await screen.findByRole('button', { name: 'request' }));
  await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(`/signin?continue=${encodeURIComponent('http://localhost/product-monster-plan?from=home')}`));
});
