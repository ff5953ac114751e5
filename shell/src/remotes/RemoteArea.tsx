// The area of a page that a remote fills. Its route tree is loaded lazily; when the load fails
// (after the runtime's retries) or the remote breaks while rendering, a friendly error with a
// Retry button shows inside the layout, and the rest of the site keeps working.
import { Alert, Button, Loader, useTranslation } from '@learning/platform';
import { Component, createContext, lazy, Suspense, useContext, useState, type ComponentType, type ErrorInfo, type LazyExoticComponent, type ReactNode } from 'react';

export interface RemoteRoutesModule {
  default: ComponentType;
}

export type RemoteLoader = (remote: string) => Promise<RemoteRoutesModule>;

/** How remotes are loaded: the federation runtime in the app, a stand-in in tests. */
export const RemoteLoaderContext = createContext<RemoteLoader>(() => Promise.reject(new Error('No remote loader')));

// One lazy component per remote and loader; a failed one is dropped so that Retry loads again.
const loaded = new WeakMap<RemoteLoader, Map<string, LazyExoticComponent<ComponentType>>>();

function lazyRoutes(load: RemoteLoader, remote: string): LazyExoticComponent<ComponentType> {
  const byRemote = loaded.get(load) ?? new Map<string, LazyExoticComponent<ComponentType>>();
  loaded.set(load, byRemote);
  let routes = byRemote.get(remote);
  if (!routes) {
    routes = lazy(() => load(remote));
    byRemote.set(remote, routes);
  }
  return routes;
}

/** Mounted once per remote (keyed by its name). */
export function RemoteArea({ remote }: { remote: string }) {
  const load = useContext(RemoteLoaderContext);
  const [{ attempt, Routes }, setArea] = useState(() => ({ attempt: 0, Routes: lazyRoutes(load, remote) }));
  const retry = () => {
    loaded.get(load)?.delete(remote);
    setArea((current) => ({ attempt: current.attempt + 1, Routes: lazyRoutes(load, remote) }));
  };
  return (
    <RemoteErrorBoundary key={attempt} remote={remote} onRetry={retry}>
      <Suspense fallback={<Loader />}>
        <Routes />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

interface BoundaryProps {
  remote: string;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`The remote '${this.props.remote}' failed`, error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RemoteError onRetry={this.props.onRetry} /> : this.props.children;
  }
}

function RemoteError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="remote-error">
      <Alert title={t('remoteError.title')}>
        <p>{t('remoteError.description')}</p>
        <Button onClick={onRetry}>{t('retry')}</Button>
      </Alert>
    </div>
  );
}
