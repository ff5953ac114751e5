import { BrowserRouter, PlatformProvider } from '@learning/platform';
import { AppRoutes } from './routes';
import { RemoteLoaderContext, type RemoteLoader } from './remotes/RemoteArea';
import './i18n';

export function App({ loadRemote }: { loadRemote: RemoteLoader }) {
  return (
    <PlatformProvider>
      <RemoteLoaderContext.Provider value={loadRemote}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </RemoteLoaderContext.Provider>
    </PlatformProvider>
  );
}
