// Shared set-up of the shell's component tests: users, a signed-in or guest session against a
// stand-in gateway, and the whole route table with stand-in remotes.
import { tokenStore, type User } from '@learning/platform';
import { fakeGateway, renderWithPlatform, type FakeAnswer } from '@learning/platform/testing';
import { RemoteLoaderContext, type RemoteLoader } from '../src/remotes/RemoteArea';
import { AppRoutes } from '../src/routes';
import '../src/i18n';

export function aUser(overrides: Partial<User> = {}): User {
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

export const learner = aUser();
export const admin = aUser({ _id: 'a1', name: 'Админ', email: 'admin@example.com', isAdmin: true });

/** Installs a stand-in gateway; with a user, a stored token that /v1/auth/me accepts. */
export function session(user: User | null, answers: Record<string, FakeAnswer | ((call: never) => FakeAnswer)> = {}) {
  localStorage.clear();
  if (user) tokenStore.set('token-of-' + user._id);
  const gateway = fakeGateway({
    'GET /v1/auth/me': user ? { body: user } : { status: 401, body: { message: 'Нэвтэрнэ үү.', code: 'unauthenticated' } },
    ...answers,
  });
  globalThis.fetch = gateway.fetch;
  return gateway;
}

/** Remotes that render a heading naming themselves, at whatever path they own. */
export const remotesThatWork: RemoteLoader = async (remote) => ({
  default: () => <h1>remote {remote}</h1>,
});

export function renderApp(route: string, loadRemote: RemoteLoader = remotesThatWork) {
  return renderWithPlatform(
    <RemoteLoaderContext.Provider value={loadRemote}>
      <AppRoutes />
    </RemoteLoaderContext.Provider>,
    { route },
  );
}
