// Shared set-up of the shell's component tests: a learner and an administrator, a signed-in or guest
// session against a stand-in gateway (both from the platform's testing kit), and the whole route
// table with stand-in remotes.
import { aUser, renderWithPlatform } from '@learning/platform/testing';
import { RemoteLoaderContext, type RemoteLoader } from '../src/remotes/RemoteArea';
import { AppRoutes } from '../src/routes';
import '../src/i18n';

export { aUser, fakeSession } from '@learning/platform/testing';

export const learner = aUser();
export const admin = aUser({ _id: 'a1', name: 'Админ', email: 'admin@example.com', isAdmin: true });

/** Remotes that render a heading naming themselves, at whatever path they own. */
export const remotesThatWork: RemoteLoader = async (remote) => ({
  default: () => <h1>remote {remote}</h1>,
});

export function renderApp(route: string, loadRemote: RemoteLoader = remotesThatWork, { inBrowser = false }: { inBrowser?: boolean } = {}) {
  return renderWithPlatform(
    <RemoteLoaderContext.Provider value={loadRemote}>
      <AppRoutes />
    </RemoteLoaderContext.Provider>,
    { route, inBrowser },
  );
}
